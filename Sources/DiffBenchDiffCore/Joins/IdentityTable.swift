// SPDX-License-Identifier: Apache-2.0
import struct Foundation.UUID

/// An open-addressing hash table from identities to the flat index of their first old
/// occurrence: the one place an algorithm hashes, each identity exactly once.
///
/// A slot is one `UInt64`: the high 32 bits are a tag from the hash, the low 32 bits the old
/// index plus one (0 marks an empty slot). Linear probing over a power-of-two table at most half
/// full, sparser when large (``slotCount(for:)``); a tag match is confirmed by comparing the
/// identities themselves. `Int` identities are mixed with a multiply-xorshift instead of SipHash,
/// after ``HashSeed`` is mixed in (a fixed seed keeps probe sequences, and with them instruction
/// counts, the same from run to run; a secret one keeps crafted identities from colliding).
///
/// - Complexity: O(1) expected per insert and lookup.
@usableFromInline
package struct IdentityTable<ID: Hashable> {
    @usableFromInline package var slots: [UInt64]
    @usableFromInline package var mask: Int
    /// The identities inserted so far, by old index.
    @usableFromInline package var ids: [ID]
    /// The seed every hash of this table mixes in (``HashSeed/value`` when it was made).
    @usableFromInline package let seed: UInt64

    /// A table for up to `capacity` identities.
    @inlinable
    package init(capacity: Int, seed: UInt64 = HashSeed.value) {
        let size = Self.slotCount(for: capacity)
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        ids = []
        ids.reserveCapacity(capacity)
        self.seed = seed
    }

    /// The slot count of a table for `count` identities: a power of two, at least twice `count`,
    /// and once that is over 65,536 slots (512 KB), at least four times `count` up to 1,048,576
    /// slots (8 MB). Shared with ``RunJoin``'s table of hashes and the
    /// partitions of ``PartitionedJoin``.
    ///
    /// A probe that passes an occupied slot costs a mispredicted branch, and once the table is out
    /// of the L1 and L2 caches' easy reach that branch waits on a slow load, with the next items'
    /// probes held back behind it; a sparser table makes such probes rare. Measured in a timing
    /// program on the join of 64-bit string hashes alone (old and new, this machine's 2 MB L2):
    /// 100k items 0.81 ms at 262,144 slots, 0.47 at 524,288; 40k 0.20 ms at 131,072, 0.12 at
    /// 262,144; 20k 0.042 ms at 65,536, 0.050 at 131,072. Past 8 MB the table itself misses the
    /// 32 MB L3 (heckel on Foundation UUID ids: 300k 1.25x longer at 2,097,152 slots than at
    /// 1,048,576, 1M 1.5x at 4,194,304 than at 2,097,152).
    ///
    /// - Complexity: O(1).
    @inlinable
    package static func slotCount(for count: Int) -> Int {
        var size = 16
        while size < 2 * count { size <<= 1 }
        if size > 1 << 16 {
            while size < 4 * count && size < 1 << 20 { size <<= 1 }
        }
        return size
    }

    /// The hash of `id` under `seed`: a cheap mixer for `Int` (a bijection of the identity and
    /// the seed together, so equal hashes are equal identities), the bytes of a `UUID`, the
    /// standard library's hash, mixed with the seed, otherwise (``ByteHash/ascii(_:seed:)`` for
    /// ASCII strings is the caller's choice: it needs every identity of the join to be ASCII).
    @inlinable
    package static func hash(_ id: ID, seed: UInt64) -> UInt64 {
        if ID.self == Int.self {
            var x = UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) ^ seed
            x = (x ^ (x >> 31)) &* 0x7FB5_D329_728E_A185
            x = (x ^ (x >> 27)) &* 0x81DA_DEF4_BC2D_D44D
            return x ^ (x >> 33)
        }
        if ID.self == UUID.self { return ByteHash.uuid(unsafeBitCast(id, to: UUID.self), seed: seed) }
        return ByteHash.finish(UInt64(bitPattern: Int64(id.hashValue)) ^ seed)
    }

    /// Whether two identities are equal: a `UUID`'s two words compared, else `==`.
    ///
    /// - Complexity: O(1) for `Int` and `UUID`; `==`'s otherwise.
    @inlinable @inline(__always)
    package static func same(_ a: ID, _ b: ID) -> Bool {
        if ID.self == UUID.self {
            return withUnsafeBytes(of: a) { a in
                withUnsafeBytes(of: b) { b in
                    a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                        && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                            == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                }
            }
        }
        return a == b
    }

    /// Adds every identity of `all`, in order, to an empty table; returns each one's first
    /// occurrence (its own index when new) and whether any repeats. The table's slots and
    /// identities are opened once for the pass, not once per identity.
    ///
    /// - Precondition: the table is empty and was made for at least `all.count` identities.
    /// - Complexity: O(*n*) expected for *n* identities.
    @inlinable
    package mutating func insertAll(_ all: [ID]) -> (symbols: [Int], duplicates: Bool) {
        precondition(ids.isEmpty, "insertAll(_:) fills an empty table")
        ids = all
        let mask = self.mask, seed = self.seed
        var duplicates = false
        let symbols = [Int](unsafeUninitializedCapacity: all.count) { symbols, count in
            slots.withUnsafeMutableBufferPointer { slots in
                all.withUnsafeBufferPointer { ids in
                    for index in ids.indices {
                        let h = Self.hash(ids[index], seed: seed)
                        let tag = h & 0xFFFF_FFFF_0000_0000
                        var p = Int(truncatingIfNeeded: h) & mask
                        var first = index
                        // Invariant: the slots probed so far hold no identity equal to this one.
                        while true {
                            let slot = slots[p]
                            if slot == 0 {
                                slots[p] = tag | UInt64(index + 1)
                                break
                            }
                            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                                let other = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                                if Self.same(ids[other], ids[index]) {
                                    first = other
                                    duplicates = true
                                    break
                                }
                            }
                            p = (p + 1) & mask
                        }
                        symbols[index] = first
                    }
                }
            }
            count = all.count
        }
        return (symbols, duplicates)
    }

    /// Runs `body` with the table opened for a pass of look-ups (``Lookup``).
    ///
    /// - Complexity: O(1), plus what `body` costs.
    @inlinable
    package func withLookup<R>(_ body: (Lookup) throws -> R) rethrows -> R {
        try slots.withUnsafeBufferPointer { slots in
            try ids.withUnsafeBufferPointer { ids in
                try body(Lookup(slots: slots, ids: ids, mask: mask, seed: seed))
            }
        }
    }

    /// The table opened for look-ups: its slots and identities as buffers, valid inside
    /// ``withLookup(_:)``.
    @usableFromInline
    package struct Lookup {
        @usableFromInline let slots: UnsafeBufferPointer<UInt64>
        @usableFromInline let ids: UnsafeBufferPointer<ID>
        @usableFromInline let mask: Int
        @usableFromInline let seed: UInt64

        @inlinable
        init(slots: UnsafeBufferPointer<UInt64>, ids: UnsafeBufferPointer<ID>, mask: Int, seed: UInt64) {
            self.slots = slots
            self.ids = ids
            self.mask = mask
            self.seed = seed
        }

        /// The first old index of `id`, or -1.
        ///
        /// - Complexity: O(1) expected.
        @inlinable @inline(__always)
        package func firstIndex(of id: ID) -> Int {
            let h = IdentityTable.hash(id, seed: seed)
            let tag = h & 0xFFFF_FFFF_0000_0000
            var p = Int(truncatingIfNeeded: h) & mask
            // Invariant: the slots probed so far hold no identity equal to `id`.
            while true {
                let slot = slots[p]
                if slot == 0 { return -1 }
                if slot & 0xFFFF_FFFF_0000_0000 == tag {
                    let other = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                    if IdentityTable.same(ids[other], id) { return other }
                }
                p = (p + 1) & mask
            }
        }
    }

    /// Adds the next old identity; returns the index of its first occurrence (itself when new).
    @inlinable
    package mutating func insert(_ id: ID) -> Int { insert(id, hash: Self.hash(id, seed: seed)) }

    /// Adds the next old identity with the hash `h` (the same function for every identity of
    /// the table); returns the index of its first occurrence (itself when new).
    @inlinable
    package mutating func insert(_ id: ID, hash h: UInt64) -> Int {
        let index = ids.count
        let tag = h & 0xFFFF_FFFF_0000_0000
        var p = Int(truncatingIfNeeded: h) & mask
        let found: Int? = slots.withUnsafeMutableBufferPointer { slots in
            ids.withUnsafeBufferPointer { ids in
                while true {
                    let slot = slots[p]
                    if slot == 0 {
                        slots[p] = tag | UInt64(index + 1)
                        return nil
                    }
                    if slot & 0xFFFF_FFFF_0000_0000 == tag {
                        let other = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                        if ids[other] == id { return other }
                    }
                    p = (p + 1) & mask
                }
            }
        }
        ids.append(id)
        return found ?? index
    }

    /// The first old index of `id`, or -1.
    @inlinable
    package func firstIndex(of id: ID) -> Int { firstIndex(of: id, hash: Self.hash(id, seed: seed)) }

    /// The first old index of `id`, whose hash is `h`, or -1.
    @inlinable
    package func firstIndex(of id: ID, hash h: UInt64) -> Int {
        let tag = h & 0xFFFF_FFFF_0000_0000
        var p = Int(truncatingIfNeeded: h) & mask
        return slots.withUnsafeBufferPointer { slots in
            ids.withUnsafeBufferPointer { ids in
                while true {
                    let slot = slots[p]
                    if slot == 0 { return -1 }
                    if slot & 0xFFFF_FFFF_0000_0000 == tag {
                        let other = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                        if ids[other] == id { return other }
                    }
                    p = (p + 1) & mask
                }
            }
        }
    }
}
