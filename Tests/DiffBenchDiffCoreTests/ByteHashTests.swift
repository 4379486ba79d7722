// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchDiffCore

/// The byte hashes the identity table uses for ASCII strings and UUIDs.
@Suite struct ByteHashTests {
    @Test func asciiStringsHashByTheirBytes() {
        let words = (0..<72).map { String(repeating: "ab", count: $0 / 2) + ($0 % 2 == 0 ? "" : "c") }
        let hashes = words.map { ByteHash.ascii($0, seed: 0) }
        #expect(hashes.allSatisfy { $0 != nil })
        #expect(Set(hashes.compactMap { $0 }).count == words.count, "lengths 0-71 collide")
        // Equal strings from different storage hash alike.
        #expect(ByteHash.ascii(words[25], seed: 0) == ByteHash.ascii(String(words[25].reversed().reversed()), seed: 0))
    }

    /// A tail shorter than a word (or a block of 16) is read as the string's last eight (16)
    /// bytes: every tail byte counts, and a non-ASCII one there is found.
    @Test func everyTailByteCounts() {
        for length in 8...56 {
            let base = String(repeating: "x", count: length - 1)
            #expect(ByteHash.ascii(base + "a", seed: 0) != ByteHash.ascii(base + "b", seed: 0), "length \(length)")
            #expect(ByteHash.ascii(base + "\u{7F}", seed: 0) != nil && ByteHash.ascii(base + "\u{E9}", seed: 0) == nil)
        }
    }

    /// From 16 bytes on the hash reads blocks of four 32-bit lanes (the last block overlapping
    /// the one before): a change to any one byte, to any other ASCII byte, changes the hash.
    @Test func everyByteOfABlockCounts() {
        for length in 16...64 {
            let base = Array(String(repeating: "0123456789abcdef-", count: 4).utf8.prefix(length))
            let plain = ByteHash.ascii(String(decoding: base, as: UTF8.self), seed: 0)
            for k in 0..<length {
                for byte: UInt8 in [0, 0x20, 0x7F, base[k] ^ 1] where byte != base[k] {
                    var other = base
                    other[k] = byte
                    let hash = ByteHash.ascii(String(decoding: other, as: UTF8.self), seed: 0)
                    #expect(hash != nil && hash != plain, "length \(length) byte \(k) to \(byte)")
                }
            }
        }
    }

    /// A non-ASCII string can equal an ASCII one, so it gets no byte hash at all.
    @Test(arguments: ["\u{212A}", "caf\u{E9}", "abcdefgh\u{E9}", "\u{1F600}abcdefghij"])
    func nonASCIIStringsAreDeclined(text: String) {
        #expect(ByteHash.ascii(text, seed: 0) == nil)
    }

    @Test func uuidsHashByTheirBytes() {
        let a = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let b = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5E")!
        #expect(ByteHash.uuid(a, seed: 0) == ByteHash.uuid(UUID(uuid: a.uuid), seed: 0))
        #expect(ByteHash.uuid(a, seed: 0) != ByteHash.uuid(b, seed: 0))
    }

    /// Buffers compare equal exactly when every byte is, for every count (below eight byte by
    /// byte, from eight on in words whose last one overlaps the others).
    @Test func buffersCompareByEveryByte() {
        for count in 0...56 {
            let base = (0..<count).map { UInt8(97 + $0 % 26) }
            base.withUnsafeBytes { a in
                #expect(ByteHash.sameBytes(a, a), "count \(count)")
                for k in 0..<count {
                    var other = base
                    other[k] ^= 1
                    other.withUnsafeBytes { b in #expect(!ByteHash.sameBytes(a, b), "count \(count) byte \(k)") }
                }
            }
        }
    }

    /// The hash of raw bytes is the string's, a change in any one byte changes it, and bytes
    /// that are not all ASCII have none.
    @Test func theHashOfBytesIsTheStringsAndSeesEveryByte() {
        for count in 0...56 {
            let text = String(decoding: (0..<count).map { UInt8(97 + $0 % 26) }, as: UTF8.self)
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { a in
                let plain = ByteHash.ascii(text, seed: 0)
                #expect(plain != nil && ByteHash.ascii(a, seed: 0) == plain, "count \(count)")
                for k in 0..<count {
                    var other = bytes
                    other[k] ^= 1
                    other.withUnsafeBytes { b in
                        #expect(ByteHash.ascii(b, seed: 0) != plain, "count \(count) byte \(k)")
                    }
                }
            }
        }
        let kelvin = Array("\u{212A}elvin-0123456789".utf8)
        kelvin.withUnsafeBytes { k in #expect(ByteHash.ascii(k, seed: 0) == nil) }
    }

    /// Equal strings from different storage are equal; different lengths or bytes are not; two
    /// canonically equivalent strings with different bytes are, through `==`.
    @Test func stringsAreEqualByBytesOrByUnicode() {
        let id = "0123456789abcdef-0123456789abcdef-0123"
        #expect(ByteHash.equal(id, String(id.reversed().reversed())))
        #expect(!ByteHash.equal(id, id + "4") && !ByteHash.equal(id, String(id.dropLast()) + "4"))
        #expect(ByteHash.equal("caf\u{E9}", "cafe\u{301}") && !ByteHash.equal("caf\u{E9}", "cafe"))
    }
}
