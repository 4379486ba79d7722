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
    ///
    /// Eight bytes at a time, each word spread (its high half folded onto its low half, so that
    /// every byte reaches the low bits of the product) and multiplied by its own odd constant;
    /// the products are summed, so they do not wait on each other, and the sum is finished once.
    /// Measured (timing program, heckel on 100,000 UUID strings, variants alternated in one
    /// process): 6-9% faster than one multiply-xorshift chained through the words.
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    static func ascii(_ text: String) -> UInt64? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return read(raw, twin: raw, compare: false).hash
        } ?? nil
    }

    /// ``ascii(_:)`` of the bytes of `raw`, and whether `other` holds the same bytes (false with
    /// no `other`), from one read of each: the words loaded for the hash are compared as loaded.
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    static func ascii(_ raw: UnsafeRawBufferPointer,
                      comparedWith other: UnsafeRawBufferPointer?) -> (hash: UInt64?, same: Bool) {
        // Two loops, each with no branch on `other` per word; nothing to compare when the counts
        // differ, and `same` is false.
        if let other, other.count == raw.count { return read(raw, twin: other, compare: true) }
        return read(raw, twin: raw, compare: false)
    }

    /// The hash of `raw` and, when `compare` (a constant where this is inlined), whether `twin`,
    /// of the same count, holds the same bytes.
    @inlinable @inline(__always)
    static func read(_ raw: UnsafeRawBufferPointer, twin: UnsafeRawBufferPointer,
                     compare: Bool) -> (hash: UInt64?, same: Bool) {
        let count = raw.count
        var high: UInt64 = 0  // the top bit of every byte, collected
        var differ: UInt64 = 0  // the bits in which `raw` and `twin` differ, collected
        guard count >= 8 else {
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
            for i in 0..<count {
                let byte = UInt64(raw[i])
                high |= byte
                if compare { differ |= byte ^ UInt64(twin[i]) }
                h = (h ^ byte) &* 0x0000_0100_0000_01B3
            }
            return (high & 0x80 == 0 ? finish(h) : nil, compare && differ == 0)
        }
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var k: UInt64 = 0xFF51_AFD7_ED55_8CCD
        // Invariant: k is odd. The last word is the string's last eight bytes (a tail shorter
        // than eight is read with some bytes before it again).
        var i = 0
        while i &+ 8 < count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= word
            if compare { differ |= word ^ twin.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
            h = h &+ (word ^ (word >> 32)) &* k
            k = k &+ 0x8EBC_6AF0_9C88_C6E2
            i &+= 8
        }
        let word = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        high |= word
        if compare { differ |= word ^ twin.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) }
        h = h &+ (word ^ (word >> 32)) &* k
        return (high & 0x8080_8080_8080_8080 == 0 ? finish(h) : nil, compare && differ == 0)
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
    static func equal(_ a: String, _ b: String) -> Bool {
        let same = a.utf8.withContiguousStorageIfAvailable { x -> Bool? in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                x.count == y.count && sameBytes(UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
            }
        }
        return (same ?? nil) == true || a == b
    }

    /// Whether two buffers of the same count hold the same bytes: eight at a time with no branch
    /// per word.
    ///
    /// - Complexity: O(*k*) for *k* bytes.
    @inlinable @inline(__always)
    static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        let count = x.count
        guard count >= 8 else {
            var i = 0
            while i < count { if x[i] != y[i] { return false }; i &+= 1 }
            return true
        }
        // The last word overlaps the ones before when the count is not a multiple of 8.
        var differ: UInt64 = 0
        var i = 0
        while i &+ 8 < count {
            differ |= x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                ^ y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        differ |= x.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            ^ y.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        return differ == 0
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
