import Testing
import Foundation
@testable import Algorithms

/// The byte hashes the identity table uses for ASCII strings and UUIDs.
@Suite struct ByteHashTests {
    @Test func asciiStringsHashByTheirBytes() {
        let words = (0..<40).map { String(repeating: "ab", count: $0 / 2) + ($0 % 2 == 0 ? "" : "c") }
        let hashes = words.map { ByteHash.ascii($0) }
        #expect(hashes.allSatisfy { $0 != nil })
        #expect(Set(hashes.compactMap { $0 }).count == words.count, "lengths 0-39 collide")
        // Equal strings from different storage hash alike.
        #expect(ByteHash.ascii(words[25]) == ByteHash.ascii(String(words[25].reversed().reversed())))
    }

    /// A tail shorter than eight bytes is read as the string's last eight bytes: every tail byte
    /// counts, and a non-ASCII one there is found.
    @Test func everyTailByteCounts() {
        for length in 8...24 {
            let base = String(repeating: "x", count: length - 1)
            #expect(ByteHash.ascii(base + "a") != ByteHash.ascii(base + "b"), "length \(length)")
            #expect(ByteHash.ascii(base + "\u{7F}") != nil && ByteHash.ascii(base + "\u{E9}") == nil)
        }
    }

    /// A non-ASCII string can equal an ASCII one, so it gets no byte hash at all.
    @Test(arguments: ["\u{212A}", "caf\u{E9}", "abcdefgh\u{E9}", "\u{1F600}abcdefghij"])
    func nonASCIIStringsAreDeclined(text: String) {
        #expect(ByteHash.ascii(text) == nil)
    }

    @Test func uuidsHashByTheirBytes() {
        let a = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let b = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5E")!
        #expect(ByteHash.uuid(a) == ByteHash.uuid(UUID(uuid: a.uuid)))
        #expect(ByteHash.uuid(a) != ByteHash.uuid(b))
    }
}
