// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchCorpus
@testable import DiffBenchFileFormats

@Suite struct ContentHashTests {
    /// The published FNV-1a 64 test vectors, whichever way the bytes arrive.
    @Test func matchesFNV1aWhateverTheSequence() {
        let vectors: [(String, UInt64)] = [
            ("", 0xCBF2_9CE4_8422_2325), ("a", 0xAF63_DC4C_8601_EC8C),
            ("foobar", 0x8594_4171_F739_67E8)
        ]
        for (text, expected) in vectors {
            #expect(ContentHash(Array(text.utf8)).value == expected, "\(text)")
            #expect(ContentHash(text.utf8.lazy.map { $0 }).value == expected, "\(text), not contiguous")
            #expect(text.hashValueStable == expected)
        }
        var split = ContentHash()
        split.add(Array("foo".utf8))
        split.add("bar".utf8.lazy.map { $0 })
        #expect(split.value == 0x8594_4171_F739_67E8 && split.hex == "85944171f73967e8")
    }
}
