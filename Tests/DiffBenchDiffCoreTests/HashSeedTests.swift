// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchDiffCore

/// Identities crafted against a known hash: under that seed they share one slot of the
/// identity table (the flood), under any other they spread like random ones.
@Suite struct HashSeedTests {
    /// The inverse of `x ^ (x >> shift)` on 64 bits.
    static func unshift(_ y: UInt64, _ shift: UInt64) -> UInt64 {
        var x = y
        for _ in 0...(64 / shift) { x = y ^ (x >> shift) }
        return x
    }

    /// The inverse of an odd multiplier modulo 2^64 (Newton's iteration doubles the bits each step).
    static func inverse(_ odd: UInt64) -> UInt64 {
        var x = odd
        for _ in 0..<6 { x = x &* (2 &- odd &* x) }
        return x
    }

    /// The identity whose hash under seed 0 is `h` (the `Int` mixer run backwards).
    static func preimage(_ h: UInt64) -> UInt64 {
        var x = unshift(h, 33)
        x = unshift(x &* inverse(0x81DA_DEF4_BC2D_D44D), 27)
        return unshift(x &* inverse(0x7FB5_D329_728E_A185), 31)
    }

    /// `count` non-negative `Int` identities whose seed-0 hashes all end in the same 32 bits.
    static func crafted(_ count: Int) -> [Int] {
        var ids: [Int] = [], k: UInt64 = 1
        while ids.count < count {
            let x = preimage(k << 32 | 0x00AB_CDEF)
            if x < 1 << 63 { ids.append(Int(x)) }
            k += 1
        }
        return ids
    }

    /// The number of distinct slots `ids` land in, in a table of `slots` (a power of two).
    static func slotsUsed(_ ids: [Int], seed: UInt64, slots: Int) -> Int {
        Set(ids.map { Int(truncatingIfNeeded: IdentityTable<Int>.hash($0, seed: seed)) & (slots - 1) }).count
    }

    @Test func craftedIntIdentitiesFloodOnlyTheSeedTheyWereMadeFor() {
        let ids = Self.crafted(4096)
        #expect(Set(ids).count == ids.count)
        let slots = IdentityTable<Int>.slotCount(for: ids.count)
        #expect(slots == 8_192)
        // The attack is real: under seed 0 every identity starts in the same slot.
        #expect(Self.slotsUsed(ids, seed: 0, slots: slots) == 1)
        // Under other seeds they spread as random keys do: 4,096 keys in 8,192 slots fill about
        // 3,220 of them (a share of 1 - e^-1/2); a flood fills a handful.
        for seed: UInt64 in [1, 0x9E37_79B9_7F4A_7C15, 12_345_678_901, .max] {
            #expect(Self.slotsUsed(ids, seed: seed, slots: slots) > 3_000, "seed \(seed)")
        }
    }

    /// A table built under a secret seed still finds every identity, and only those.
    @Test func aSeededTableFindsEveryIdentity() {
        let ids = Self.crafted(2_000)
        var table = IdentityTable<Int>(capacity: ids.count, seed: 0xDEAD_BEEF)
        for (index, id) in ids.enumerated() { #expect(table.insert(id) == index) }
        for (index, id) in ids.enumerated() { #expect(table.firstIndex(of: id) == index) }
        #expect(table.firstIndex(of: -1) == -1)
    }

    /// String and UUID identities hash under the seed too: equal identities alike, and a change
    /// of seed changes every hash.
    @Test func byteHashesTakeTheSeed() {
        let words = ["a", "abcdefgh", "abcdefghijklmnopq", String(repeating: "k", count: 40)]
        for word in words {
            let plain = ByteHash.ascii(word, seed: 0), seeded = ByteHash.ascii(word, seed: 77)
            #expect(plain != nil && seeded != nil && plain != seeded, "\(word)")
            #expect(ByteHash.ascii(String(word.reversed().reversed()), seed: 77) == seeded)
        }
        let id = UUID()
        #expect(ByteHash.uuid(id, seed: 0) != ByteHash.uuid(id, seed: 77))
        #expect(ByteHash.uuid(id, seed: 77) == ByteHash.uuid(UUID(uuid: id.uuid), seed: 77))
    }
}
