// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchFormat

/// Numbers as tables and messages write them, and sizes as people write them.
@Suite struct FormatTests {
    @Test func sizesTakeKAndM() {
        #expect(Format.size("10k") == 10_000 && Format.size("1M") == 1_000_000 && Format.size("1.5k") == 1_500)
        #expect(Format.size("1_000") == 1_000 && Format.size("250") == 250)
        #expect(Format.size("1.5") == nil && Format.size("0.0001k") == nil && Format.size("k") == nil)
    }

    @Test func countsTakeTheirNoun() {
        #expect(Format.count(1, "case") == "1 case" && Format.count(2, "case") == "2 cases")
        #expect(Format.count(2, "process", plural: "processes") == "2 processes")
    }
}
