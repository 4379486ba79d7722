import struct Foundation.UUID

/// Fixed hashes of identities read as bytes, for the identity table: much cheaper than the
/// standard library's seeded SipHash, and inlined into the table's loops.
///
/// A `String` is hashed by its UTF-8 bytes only when they are all ASCII: two ASCII strings are
/// equal exactly when their bytes are, while a non-ASCII string can equal an ASCII one (U+212A
/// KELVIN SIGN equals "K"), so those get no byte hash and the caller falls back to `hashValue`
/// for the whole join. Like the `Int` mixer, the hash is unseeded, so probe sequences and
/// instruction counts repeat from run to run.
///
/// - Complexity: O(*k*) for *k* bytes.
@usableFromInline
enum ByteHash {
    /// The hash of an ASCII string's bytes, or nil when it has a non-ASCII byte or no
    /// contiguous UTF-8 storage (a bridged string).
    @inlinable
    static func ascii(_ text: String) -> UInt64? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            let raw = UnsafeRawBufferPointer(bytes)
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: raw.count)
            var high: UInt64 = 0
            var i = 0
            // Eight bytes at a time; a tail of a longer string as the last eight bytes (some read
            // twice), of a shorter one byte by byte. `high` collects the top bit of every byte.
            while i &+ 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                high |= word
                h = mix(h ^ word)
                i &+= 8
            }
            if i < raw.count && raw.count >= 8 {
                let word = raw.loadUnaligned(fromByteOffset: raw.count &- 8, as: UInt64.self)
                high |= word
                h = mix(h ^ word)
                i = raw.count
            }
            while i < raw.count {
                let byte = UInt64(raw[i])
                high |= byte
                h = (h ^ byte) &* 0x0000_0100_0000_01B3
                i &+= 1
            }
            return high & 0x8080_8080_8080_8080 == 0 ? finish(h) : nil
        } ?? nil
    }

    /// Whether two strings have the same bytes; for an ASCII `b`, whether they are equal. Eight
    /// bytes at a time in line, where `==` goes through the standard library's normalizing
    /// comparison (two calls and `memcmp` per pair).
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let same = a.utf8.withContiguousStorageIfAvailable { x -> Bool? in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let x = UnsafeRawBufferPointer(x), y = UnsafeRawBufferPointer(y)
                let count = x.count
                guard count == y.count else { return false }
                guard count >= 8 else {
                    var i = 0
                    while i < count { if x[i] != y[i] { return false }; i &+= 1 }
                    return true
                }
                // The last word overlaps the ones before when the count is not a multiple of 8.
                var i = 0
                while i &+ 8 < count {
                    if x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                    i &+= 8
                }
                return x.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    == y.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            }
        }
        return (same ?? nil) ?? (a == b)
    }

    /// The hash of a UUID's 16 bytes (UUIDs are equal exactly when their bytes are).
    @inlinable
    static func uuid(_ id: UUID) -> UInt64 {
        withUnsafeBytes(of: id.uuid) { raw in
            let first = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            return finish(mix(first) ^ second)
        }
    }

    @inlinable @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        let y = x &* 0xFF51_AFD7_ED55_8CCD
        return y ^ (y >> 29)
    }

    @inlinable @inline(__always)
    static func finish(_ x: UInt64) -> UInt64 {
        let y = (x ^ (x >> 31)) &* 0x7FB5_D329_728E_A185
        return y ^ (y >> 33)
    }
}
