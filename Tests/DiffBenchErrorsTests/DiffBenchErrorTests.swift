// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchErrors

/// An error is its kind and one line; no exit code (the command line gives it one).
@Suite struct DiffBenchErrorTests {
    @Test func anErrorIsItsKindAndItsLine() {
        let bad = DiffBenchError.badInput("x.csv: line 3: not a number")
        #expect(bad.kind == .badInput && bad.description == "x.csv: line 3: not a number")
        #expect(DiffBenchError(.notComparable, "other corpora").kind == .notComparable)
    }
}
