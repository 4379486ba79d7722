// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Joins ASCII string identities the way Int identities are joined: through 64-bit hashes of
/// their bytes (``ByteHash/ascii(_:)``), in a table of hashes, then confirms every pair the join
/// made by comparing the strings themselves. Below ``PartitionedJoin/threshold`` old items,
/// ``RunJoin`` matches runs of unchanged items by comparison instead.
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
package enum ASCIIJoin {
    /// Symbols of `old` and `new` as ``DenseIdentities`` keeps them (an old item's symbol is the
    /// flat index of its identity's first old occurrence, a new item's that index or -1; the
    /// shared ends in place), or nil when an identity between the ends is not ASCII or two
    /// distinct identities share a hash.
    ///
    /// - Precondition: `Item.DiffID` is `String`.
    /// - Complexity: O(*n* + *m*) expected for *n* old and *m* new items: every identity is hashed
    ///   at most once and compared at most twice (a failed run comparison, then the confirmation).
    @inlinable
    package static func symbols<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> (old: [Int], new: [Int], duplicates: Bool)? {
        guard old.itemCount >= PartitionedJoin.threshold else {
            guard let run = RunJoin.symbols(old, new) else { return nil }
            let confirmed = confirms(run.joined, old, new, unconfirmed: run.unconfirmed, oldLayout: run.layout)
            return confirmed ? run.joined : nil
        }
        let seed = HashSeed.value
        guard let oldHashes = hashes(old, seed: seed), let newHashes = hashes(new, seed: seed) else { return nil }
        let joined = PartitionedJoin.symbols(old: oldHashes, new: newHashes)
        return confirms(joined, old, new) ? DenseIdentities.placingEnds(joined) : nil
    }

    /// A `String` identity as a `String`.
    ///
    /// - Precondition: `ID` is `String`.
    @inlinable @inline(__always)
    package static func string<ID>(_ id: ID) -> String { unsafeBitCast(id, to: String.self) }

    /// The byte hash of every identity in flat order; nil at the first identity that is not ASCII.
    ///
    /// - Complexity: O(*n*) for *n* items (their bytes read once).
    @inlinable
    package static func hashes<Model: DiffElement, Item: DiffElement>(
        _ snapshot: Snapshot<Model, Item>, seed: UInt64
    ) -> [UInt64]? {
        var ascii = true
        let hashes = [UInt64](unsafeUninitializedCapacity: snapshot.itemCount) { hashes, count in
            ascii = hash(snapshot, 0..<hashes.count, into: hashes, seed: seed)
            count = ascii ? hashes.count : 0
        }
        return ascii ? hashes : nil
    }

    /// Writes the byte hash of each identity at a flat index in `range` into `hashes` at that
    /// index minus `origin`; false at the first identity that is not ASCII.
    ///
    /// - Complexity: O(*s* + *k*) for *s* sections and *k* items in `range`.
    @inlinable
    package static func hash<Model: DiffElement, Item: DiffElement>(
        _ snapshot: Snapshot<Model, Item>, _ range: Range<Int>, into hashes: UnsafeMutableBufferPointer<UInt64>,
        from origin: Int = 0, seed: UInt64
    ) -> Bool {
        var start = 0  // the flat index of the section's first item
        for section in snapshot.sections {
            guard start < range.upperBound else { break }
            let end = start + section.items.count
            let lower = max(range.lowerBound, start), upper = min(range.upperBound, end)
            if lower < upper {
                let ascii = section.items.withUnsafeBufferPointer { items in
                    for f in lower..<upper {
                        guard let h = ByteHash.ascii(string(items[f &- start].diffID), seed: seed) else {
                            return false
                        }
                        hashes[f &- origin] = h
                    }
                    return true
                }
                guard ascii else { return false }
            }
            start = end
        }
        return true
    }

    /// Whether every pair the hash join made holds equal identities: each old duplicate and its
    /// first occurrence, and each new item with a symbol and its old item, or only those of
    /// `unconfirmed` (flat indices, ascending) when the join matched the others by comparison.
    /// `oldLayout`, when the caller has it, saves building it again.
    ///
    /// - Complexity: O(*n* + *m*) comparisons, O(log *s*) each for *s* sections when the pair's
    ///   item is not in the section of the previous one.
    @inlinable
    package static func confirms<Model: DiffElement, Item: DiffElement>(
        _ joined: (old: [Int], new: [Int], duplicates: Bool),
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>, unconfirmed: [UInt32]? = nil,
        oldLayout: FlatLayout? = nil
    ) -> Bool {
        var oldAt = FlatLayout.Cursor(oldLayout ?? FlatLayout(old))
        func sameAsOld(_ id: Item.DiffID, _ flat: Int) -> Bool {
            let (section, offset) = oldAt.locate(flat)
            return ByteHash.equal(string(old.sections[section].items[offset].diffID), string(id))
        }
        /// Whether each item of `snapshot` whose symbol `joined` says was joined is equal to its
        /// old item.
        func confirm(_ snapshot: Snapshot<Model, Item>, _ symbols: [Int], joined: (Int, Int) -> Bool) -> Bool {
            var flat = 0
            for part in snapshot.sections {
                let equal = part.items.withUnsafeBufferPointer { items in
                    for k in items.indices where joined(flat + k, symbols[flat + k]) {
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
        if joined.duplicates && !confirm(old, joined.old, joined: { $0 != $1 }) { return false }
        guard let unconfirmed else { return confirm(new, joined.new, joined: { $1 >= 0 }) }
        // Invariant: unconfirmed[..<next] are confirmed, and sections before `flat` hold no more.
        var next = 0, flat = 0
        for part in new.sections where next < unconfirmed.count {
            let end = flat + part.items.count
            let equal = part.items.withUnsafeBufferPointer { items in
                while next < unconfirmed.count && Int(unconfirmed[next]) < end {
                    let f = Int(unconfirmed[next])
                    guard sameAsOld(items[f - flat].diffID, joined.new[f]) else { return false }
                    next += 1
                }
                return true
            }
            guard equal else { return false }
            flat = end
        }
        return true
    }
}
