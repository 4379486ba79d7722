// SPDX-License-Identifier: Apache-2.0
import struct Foundation.UUID

/// Fixed hashes of identities read as bytes, for the identity table: much cheaper than the
/// standard library's seeded SipHash, and inlined into the table's loops.
///
/// A `String` is hashed by its UTF-8 bytes only when they are all ASCII: two ASCII strings are
/// equal exactly when their bytes are, while a non-ASCII string can equal an ASCII one (U+212A
/// KELVIN SIGN equals "K"), so those get no byte hash and the caller falls back to `hashValue`
/// for the whole join. Like the `Int` mixer, the hash mixes in ``HashSeed`` (its starting state,
/// its multipliers and its block keys): with a fixed seed probe sequences and instruction counts
/// repeat from run to run, with a secret one crafted identities cannot make them collide.
///
/// - Complexity: O(*k*) for *k* bytes.
@usableFromInline
package enum ByteHash {
    /// The hash of an ASCII string's bytes, or nil when it has a non-ASCII byte or no
    /// contiguous UTF-8 storage (a bridged string).
    ///
    /// From 16 bytes on, 16 at a time (``blocks(_:)``); below, eight at a time, each
    /// word spread (its high half folded onto its low half, so that every byte reaches the low
    /// bits of the product) and multiplied by its own odd constant; the products are summed, so
    /// they do not wait on each other, and the sum is finished once.
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    package static func ascii(_ text: String, seed: UInt64) -> UInt64? {
        text.utf8.withContiguousStorageIfAvailable { bytes in ascii(UnsafeRawBufferPointer(bytes), seed: seed) } ?? nil
    }

    /// ``ascii(_:)`` of the bytes of `raw`.
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    package static func ascii(_ raw: UnsafeRawBufferPointer, seed: UInt64) -> UInt64? {
        let count = raw.count
        if count >= 16 { return blocks(raw, seed: seed) }
        var high: UInt64 = 0  // the top bit of every byte, collected
        guard count >= 8 else {
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count) ^ seed
            for i in 0..<count {
                let byte = UInt64(raw[i])
                high |= byte
                h = (h ^ byte) &* 0x0000_0100_0000_01B3
            }
            return high & 0x80 == 0 ? finish(h) : nil
        }
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15 ^ seed
        var k: UInt64 = 0xFF51_AFD7_ED55_8CCD ^ (seed << 1)
        // Invariant: k is odd. The last word is the string's last eight bytes (a tail shorter
        // than eight is read with some bytes before it again).
        var i = 0
        while i &+ 8 < count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= word
            h = h &+ (word ^ (word >> 32)) &* k
            k = k &+ 0x8EBC_6AF0_9C88_C6E2
            i &+= 8
        }
        let word = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        high |= word
        h = h &+ (word ^ (word >> 32)) &* k
        return high & 0x8080_8080_8080_8080 == 0 ? finish(h) : nil
    }

    /// ``ascii(_:)-(UnsafeRawBufferPointer)`` of 16 bytes or more: 16 at a time, as four 32-bit lanes, each
    /// lane plus its key; the low lane of each pair times the high one (a 64-bit product of
    /// 32-bit halves, one instruction for both pairs) is summed per pair, as in NH (Black et
    /// al., UMAC, 1999), and the two sums are finished once. The last block is the last 16 bytes
    /// (a tail shorter than 16 is read with some bytes before it again).
    ///
    /// Keys stay in `1..<2^31`, so a lane of ASCII bytes (at most `0x7F7F7F7F`) plus its key
    /// neither wraps nor is 0: a change in any one lane changes its product. Measured in a timing
    /// program (the 200,000 UUID strings of `differencekit` 100,000, hashed in a loop): 0.65 ms
    /// against 0.91 ms eight bytes at a time.
    ///
    /// - Precondition: `raw.count >= 16`.
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    package static func blocks(_ raw: UnsafeRawBufferPointer, seed: UInt64) -> UInt64? {
        let count = raw.count
        let step = SIMD4<UInt32>(0x9E37_79B9, 0x7F4A_7C15, 0xF39C_C060, 0x5CED_C834)
        let keyBits = SIMD4<UInt32>(repeating: 0x7FFF_FFFF), one = SIMD4<UInt32>(repeating: 1)
        let low = SIMD2<UInt64>(repeating: 0xFFFF_FFFF)
        let seedLanes = unsafeBitCast(SIMD2<UInt64>(seed, seed &* 0x5851_F42D_4C95_7F2D), to: SIMD4<UInt32>.self)
        var key = (SIMD4<UInt32>(0x243F_6A89, 0x05A3_08D3, 0x1319_8A2F, 0x0370_7345) ^ seedLanes) & keyBits | one
        var sum = SIMD2<UInt64>(repeating: 0)
        var seen = sum  // every byte, collected (for their top bits)
        /// Adds the block at byte `i` to the sums.
        @inline(__always) func add(_ i: Int) {
            let block = raw.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
            seen |= block
            let lanes = unsafeBitCast(unsafeBitCast(block, to: SIMD4<UInt32>.self) &+ key, to: SIMD2<UInt64>.self)
            sum &+= (lanes & low) &* (lanes &>> 32)
            key = (key &+ step) & keyBits | one
        }
        // Invariant: every key is in 1..<2^31.
        var i = 0
        while i &+ 16 < count {
            add(i)
            i &+= 16
        }
        add(count &- 16)
        let ascii = (seen[0] | seen[1]) & 0x8080_8080_8080_8080 == 0
        let h = (sum[0] ^ UInt64(truncatingIfNeeded: count) ^ seed) &* 0x9E37_79B9_7F4A_7C15 &+ sum[1]
        return ascii ? finish(h) : nil
    }

    /// Whether two strings are equal: compared by their bytes in line (the counts first, held in
    /// the strings themselves, then ``sameBytes(_:_:)``), and by `==` only when the bytes differ
    /// or are not contiguous, since two strings that are not ASCII can be equal with different
    /// bytes. `==` alone goes through the standard library's normalizing comparison (two calls
    /// and `memcmp` per pair).
    ///
    /// ``RunJoin``'s loop opens its two strings itself: through a function called from three
    /// places the optimizer left a call per pair despite `@inline(__always)` (18% of heckel's
    /// profile on 100,000 UUID strings).
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable
    package static func equal(_ a: String, _ b: String) -> Bool {
        let same = a.utf8.withContiguousStorageIfAvailable { x -> Bool? in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                x.count == y.count && sameBytes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
            }
        }
        return (same ?? nil) == true || a == b
    }

    /// Whether two buffers of the same count hold the same bytes: 16 (or below 16, eight) at a
    /// time with no branch per block.
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    package static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        let count = x.count
        guard count >= 8 else {
            var i = 0
            while i < count { if x[i] != y[i] { return false }; i &+= 1 }
            return true
        }
        if count >= 16 {
            // 16 bytes at a time; the last block overlaps the ones before when the count is not a
            // multiple of 16.
            var differ = SIMD2<UInt64>(repeating: 0)
            var i = 0
            while i &+ 16 < count {
                differ |=
                    x.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
                    ^ y.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
                i &+= 16
            }
            differ |=
                x.loadUnaligned(fromByteOffset: count &- 16, as: SIMD2<UInt64>.self)
                ^ y.loadUnaligned(fromByteOffset: count &- 16, as: SIMD2<UInt64>.self)
            return differ[0] | differ[1] == 0
        }
        // The last word overlaps the one before when the count is not 8.
        var differ: UInt64 = 0
        var i = 0
        while i &+ 8 < count {
            differ |=
                x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                ^ y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        differ |=
            x.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            ^ y.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        return differ == 0
    }

    /// The hash of a UUID's 16 bytes (UUIDs are equal exactly when their bytes are).
    @inlinable
    package static func uuid(_ id: UUID, seed: UInt64) -> UInt64 {
        // The value's own 16 bytes (a UUID stores its `uuid_t` and nothing else), not the `uuid`
        // property: reading that is a call into Foundation per identity.
        withUnsafeBytes(of: id) { raw in
            let first = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            return finish(mix(first ^ seed) ^ second)
        }
    }

    @inlinable @inline(__always)
    package static func mix(_ x: UInt64) -> UInt64 {
        let y = x &* 0xFF51_AFD7_ED55_8CCD
        return y ^ (y >> 29)
    }

    @inlinable @inline(__always)
    package static func finish(_ x: UInt64) -> UInt64 {
        let y = (x ^ (x >> 31)) &* 0x7FB5_D329_728E_A185
        return y ^ (y >> 33)
    }
}
