// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchFileFormats

/// Names as file names: charts of names that slug alike stay apart; no name is too long.
@Suite struct FileNameTests {
    @Test func chartFilesOfNamesThatSlugAlikeDiffer() {
        #expect(FileName.stem("mixed") == "mixed")
        #expect(FileName.stem("Mixed!") != FileName.stem("mixed"))
        #expect(FileName.stem("My list") != FileName.stem("my-list"))
        #expect(FileName.stem(String(repeating: "long name ", count: 30)).utf8.count <= 64)
        // A long name of safe characters only is capped too (300 bytes: "File name too long").
        let safe = String(repeating: "a", count: 300)
        #expect(FileName.stem(safe).utf8.count <= 64 && FileName.stem(safe) != FileName.stem(safe + "b"))
        #expect(FileName.stem("Mixed!") == FileName.stem("Mixed!"))
    }

    @Test func aSlugKeepsLettersAndDigits() {
        #expect(FileName.slug("heckel breaks R2 (shrunk)") == "heckel-breaks-r2-shrunk")
        #expect(FileName.slug("!!!") == "scenario")
    }
}
