import DiffModel

/// Joins ASCII string identities the way Int identities are joined: through 64-bit hashes of
/// their bytes (``ByteHash/ascii(_:)``), in a table of hashes, then confirms every pair the join
/// made by comparing the strings themselves.
///
/// No identity is copied into a table, so no string is retained or released: with identities
/// of more than 15 bytes (UUID strings, server ids), which Swift keeps on the heap, the retains
/// and releases of a table of strings were most of the join (`perf record` of heckel on 100k
/// UUID strings: `swift_retain` and `swift_release` 50% of the profile, the table 17%).
///
/// A collision (two distinct identities, one hash) is found by the confirmation, and the caller
/// then joins again by an exact table; with 64-bit hashes this happens about once in 10^9 joins
/// of 100k items.
@usableFromInline
enum ASCIIJoin {
    /// Symbols of `old` and `new` (as ``DenseIdentities`` keeps them: an old item's symbol is the
    /// flat index of its identity's first old occurrence; a new item's is that index or -1), or
    /// nil when an identity is not ASCII or two distinct identities share a hash.
    ///
    /// - Precondition: `Item.DiffID` is `String`.
    /// - Complexity: O(*n* + *m*) expected for *n* old and *m* new items: every identity is hashed
    ///   once and compared at most once.
    @inlinable
    static func symbols<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> (old: [Int], new: [Int], duplicates: Bool)? {
        guard let oldHashes = hashes(old), let newHashes = hashes(new) else { return nil }
        let joined = old.itemCount >= PartitionedJoin.threshold
            ? PartitionedJoin.symbols(old: oldHashes, new: newHashes)
            : tableSymbols(old: oldHashes, new: newHashes)
        return confirms(joined, old, new) ? joined : nil
    }

    /// The byte hash of every identity in flat order; nil at the first identity that is not ASCII.
    ///
    /// - Complexity: O(*n*) for *n* items (their bytes read once).
    @inlinable
    static func hashes<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) -> [UInt64]? {
        var hashes = [UInt64]()
        hashes.reserveCapacity(snapshot.itemCount)
        for section in snapshot.sections {
            let ascii = section.items.withUnsafeBufferPointer { items in
                for k in items.indices {
                    guard let h = ByteHash.ascii(unsafeBitCast(items[k].diffID, to: String.self)) else { return false }
                    hashes.append(h)
                }
                return true
            }
            guard ascii else { return nil }
        }
        return hashes
    }

    /// Symbols of hashes by one open-addressing table (below ``PartitionedJoin/threshold``): equal
    /// hashes are one symbol.
    ///
    /// A slot is one `UInt64`, the high half of a hash and the old index plus one (0 when empty),
    /// and a slot whose half matches is taken as the match without reading the full hash: two
    /// hashes that share their high half pair two different identities, which
    /// ``confirms(_:_:_:)`` then finds, as it finds two identities that share a whole hash. One
    /// array read at random per probe instead of two (`perf record` of heckel on 100k UUID
    /// strings: this join 23% of the profile with a separate array of full hashes).
    ///
    /// - Complexity: O(*n* + *m*) expected.
    @inlinable
    static func tableSymbols(old: [UInt64], new: [UInt64]) -> (old: [Int], new: [Int], duplicates: Bool) {
        let size = IdentityTable<String>.slotCount(for: old.count)
        let mask = size - 1
        var slots = [UInt64](repeating: 0, count: size)
        var oldSymbols = [Int](repeating: 0, count: old.count)
        var newSymbols = [Int](repeating: -1, count: new.count)
        var duplicates = false
        slots.withUnsafeMutableBufferPointer { slots in
            // Invariant: the table is at most half full, so every probe ends at an empty slot.
            for (i, h) in old.enumerated() {
                let tag = h & 0xFFFF_FFFF_0000_0000
                var p = Int(truncatingIfNeeded: h) & mask
                while slots[p] != 0 && slots[p] & 0xFFFF_FFFF_0000_0000 != tag { p = (p &+ 1) & mask }
                if slots[p] == 0 {
                    slots[p] = tag | UInt64(i &+ 1)
                    oldSymbols[i] = i
                } else {
                    oldSymbols[i] = Int(truncatingIfNeeded: slots[p] & 0xFFFF_FFFF) &- 1
                    duplicates = true
                }
            }
            for (f, h) in new.enumerated() {
                let tag = h & 0xFFFF_FFFF_0000_0000
                var p = Int(truncatingIfNeeded: h) & mask
                while slots[p] != 0 && slots[p] & 0xFFFF_FFFF_0000_0000 != tag { p = (p &+ 1) & mask }
                if slots[p] != 0 { newSymbols[f] = Int(truncatingIfNeeded: slots[p] & 0xFFFF_FFFF) &- 1 }
            }
        }
        return (oldSymbols, newSymbols, duplicates)
    }

    /// Whether every pair the hash join made holds equal identities: each old duplicate and its
    /// first occurrence, each new item and its old symbol.
    ///
    /// - Complexity: O(*n* + *m*) comparisons, O(log *s*) each for *s* old sections when the
    ///   pair's old item is not in the section of the previous one.
    @inlinable
    static func confirms<Model: DiffElement, Item: DiffElement>(
        _ joined: (old: [Int], new: [Int], duplicates: Bool),
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> Bool {
        let layout = FlatLayout(old)
        // Invariant: `low..<high` is the flat range of old section `section`.
        var section = 0, low = 0, high = layout.offsets.count > 1 ? layout.offsets[1] : 0
        func sameAsOld(_ id: Item.DiffID, _ flat: Int) -> Bool {
            if flat < low || flat >= high {
                section = layout.section(of: flat)
                low = layout.offsets[section]
                high = layout.offsets[section + 1]
            }
            return old.sections[section].items[flat - low].diffID == id
        }
        /// Whether each item of `snapshot` whose symbol `pairs` says was joined is equal to its
        /// old item.
        func confirm(_ snapshot: Snapshot<Model, Item>, _ symbols: [Int], pairs: (Int, Int) -> Bool) -> Bool {
            var flat = 0
            for part in snapshot.sections {
                let equal = part.items.withUnsafeBufferPointer { items in
                    for k in items.indices where pairs(flat + k, symbols[flat + k]) {
                        guard sameAsOld(items[k].diffID, symbols[flat + k]) else { return false }
                    }
                    return true
                }
                guard equal else { return false }
                flat += part.items.count
            }
            return true
        }
        // Old items are their own symbol unless the join took them for duplicates.
        if joined.duplicates && !confirm(old, joined.old, pairs: { $0 != $1 }) { return false }
        return confirm(new, joined.new, pairs: { $1 >= 0 })
    }
}
