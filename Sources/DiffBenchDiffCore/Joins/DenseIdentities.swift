// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Identities mapped to dense integers, so that every later pass compares and indexes plain
/// `Int`s in flat arrays: the only hashing an algorithm does.
///
/// An identity's symbol is the flat index of its first old occurrence, in `0..<symbolCount`; a
/// new identity absent from the old list gets -1, which matches nothing.
///
/// Items keep their shared flat ends in place (``placingEnds(_:)``): the longest runs of equal
/// identities at the front and at the back of the two lists, flattened across sections, pair
/// with each other, and their identities count as distinct from those between the ends. This
/// decides only which occurrences of a repeated identity pair; without repeats every pairing is
/// the same. It is what ``SharedEnds`` does per section, and it lets the string join match the
/// ends by comparison alone (``RunJoin``).
@usableFromInline
package struct DenseIdentities {
    /// Symbol of each old element, in flat order.
    @usableFromInline package var old: [Int]
    /// Symbol of each new element (-1 when the old list lacks it), in flat order.
    @usableFromInline package var new: [Int]
    /// The bound of the symbols (the number of old elements).
    @usableFromInline package var symbolCount: Int
    /// Whether an old identity occurs more than once.
    @usableFromInline package var oldHasDuplicates = true

    /// Section identities of two snapshots.
    ///
    /// - Complexity: O(*s*) hash operations, each identity hashed once.
    @inlinable
    package init<Model: DiffElement, Item: DiffElement>(
        sectionsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) {
        var table = IdentityTable<Model.DiffID>(capacity: old.sections.count)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(old.sections.count)
        var duplicates = false
        // Through the buffers: a `for section in` loop copies each section and retains what it holds.
        old.sections.withUnsafeBufferPointer { sections in
            for s in sections.indices {
                let symbol = table.insert(sections[s].model.diffID)
                duplicates = duplicates || symbol != oldSymbols.count
                oldSymbols.append(symbol)
            }
        }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.sections.count)
        new.sections.withUnsafeBufferPointer { sections in
            for s in sections.indices { newSymbols.append(table.firstIndex(of: sections[s].model.diffID)) }
        }
        self.init(old: oldSymbols, new: newSymbols, symbolCount: old.sections.count)
        oldHasDuplicates = duplicates
    }

    /// Item identities of two snapshots, flattened across sections. Plain loops: key paths and
    /// lazy chains here cost a runtime metadata lookup per element.
    ///
    /// - Complexity: O(*n* + *m*) hash operations, each identity hashed once.
    @inlinable
    package init<Model: DiffElement, Item: DiffElement>(
        itemsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) {
        let oldCount = old.itemCount
        if let join = RangeJoin(itemsOf: old, newCount: new.itemCount) {
            self.init(join, old, new)
            return
        }
        // ASCII string ids are joined by their byte hashes, confirmed, the ends already in place;
        // nil for other ids, when one is not ASCII, or on a hash collision.
        let ascii = Item.DiffID.self != String.self ? nil : ASCIIJoin.symbols(old, new)
        let joined: (old: [Int], new: [Int], duplicates: Bool)
        if Item.DiffID.self == Int.self && oldCount >= PartitionedJoin.threshold
            && max(oldCount, new.itemCount) < Int(Int32.max)
        {
            joined = Self.placingEnds(PartitionedJoin.symbols(old: Self.intHashes(old), new: Self.intHashes(new)))
        } else if let ascii {
            joined = ascii
        } else {
            joined = Self.placingEnds(Self.tableSymbols(old, new))
        }
        self.init(old: joined.old, new: joined.new, symbolCount: oldCount)
        oldHasDuplicates = joined.duplicates
    }

    /// Symbols by one open-addressing table of the identities themselves, hashed by
    /// ``IdentityTable/hash(_:seed:)``.
    ///
    /// - Complexity: O(*n* + *m*) hash operations.
    @inlinable
    package static func tableSymbols<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> (old: [Int], new: [Int], duplicates: Bool) {
        // Through the items' buffers: a `for item in` loop copies each item, and an app's item
        // holding strings is retained and released with each copy (callgrind of heckel on an app's
        // feed, 10k rows of a UUID and two strings: the copies were 18% of the diff's instructions,
        // and each retain reads the string's storage, out of the cache on a large list). The table
        // is filled and read in one pass each, its buffers opened once (per identity, they cost as
        // much as the hashing).
        var oldIDs = [Item.DiffID]()
        oldIDs.reserveCapacity(old.itemCount)
        old.forEachItemBuffer { items, _ in
            for k in items.indices { oldIDs.append(items[k].diffID) }
        }
        var table = IdentityTable<Item.DiffID>(capacity: oldIDs.count)
        let (oldSymbols, duplicates) = table.insertAll(oldIDs)
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.itemCount)
        table.withLookup { table in
            new.forEachItemBuffer { items, _ in
                for k in items.indices { newSymbols.append(table.firstIndex(of: items[k].diffID)) }
            }
        }
        return (oldSymbols, newSymbols, duplicates)
    }

    /// Each new item's old source, as `DenseIdentities(itemsOf: old, new).pairInOrder()` gives
    /// it; for narrow `Int` ranges without repeated identities in one pass, with no symbol arrays
    /// (with none, the ends are in place whatever the order of pairing).
    ///
    /// - Complexity: O(*n* + *m*) hash operations, each identity hashed once (twice when a new
    ///   identity repeats); none when either list has no item.
    @inlinable
    package static func itemSources<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> [Int] {
        // No old item, or no new one: nothing pairs, and no identity need be hashed
        // (`empty-to-full` 100k looked up every new one in an empty table, half of the diff by
        // `perf record` of `lis`; `full-to-empty` built a table of old ones nothing asked).
        let newCount = new.itemCount
        guard newCount > 0 && old.sections.contains(where: { !$0.items.isEmpty }) else {
            return [Int](repeating: -1, count: newCount)
        }
        guard var join = RangeJoin(itemsOf: old, newCount: newCount) else {
            return DenseIdentities(itemsOf: old, new).pairInOrder()
        }
        if join.duplicates { return DenseIdentities(join, old, new).pairInOrder() }
        return join.consumeSources(of: new) ?? DenseIdentities(itemsOf: old, new).pairInOrder()
    }

    /// Item identities joined by a range table.
    @inlinable
    package init<Model: DiffElement, Item: DiffElement>(
        _ join: RangeJoin, _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) {
        let symbols = join.symbols(old: old, new: new)
        let joined = Self.placingEnds((symbols.old, symbols.new, join.duplicates))
        self.init(old: joined.old, new: joined.new, symbolCount: old.itemCount)
        oldHasDuplicates = joined.duplicates
    }

    /// Symbols that a join gave for whole lists, with the shared flat ends placed: each item in
    /// them its own symbol (an old one) or its counterpart's (a new one), and the symbols between
    /// the ends those of a join of the items between them alone. The ends are found from the
    /// symbols themselves (equal symbols are equal identities).
    ///
    /// - Complexity: O(*n* + *m*) comparisons for *n* old and *m* new symbols (none with no shared
    ///   end), and when a symbol changes as much work again, with an array of *n*.
    @inlinable
    package static func placingEnds(
        _ joined: (old: [Int], new: [Int], duplicates: Bool)
    ) -> (old: [Int], new: [Int], duplicates: Bool) {
        let n = joined.old.count, m = joined.new.count, shorter = min(n, m)
        // The ends, and whether placing them changes a symbol: a new item between them that names
        // an old item in them (it repeats a new item in the ends), an old item in them that is
        // not its own symbol, or an old item between them whose first occurrence is in the prefix.
        let (p, s, changes) = joined.old.withUnsafeBufferPointer { old in
            joined.new.withUnsafeBufferPointer { new in
                var p = 0, s = 0
                while p < shorter && new[p] == old[p] { p &+= 1 }
                while s < shorter &- p && new[m &- 1 &- s] == old[n &- 1 &- s] { s &+= 1 }
                func changes() -> Bool {
                    // Without old duplicates every old item is its own symbol.
                    if joined.duplicates {
                        for i in 0..<p where old[i] != i { return true }
                        for i in (n &- s)..<n where old[i] != i { return true }
                        for i in p..<(n &- s) where old[i] < p { return true }
                    }
                    // Unsigned, -1 is past every old index and below the suffix's start.
                    let front = UInt(bitPattern: p), oldEnd = UInt(bitPattern: n &- s), back = UInt(bitPattern: s)
                    for j in p..<(m &- s) {
                        let k = UInt(bitPattern: new[j])
                        if k < front || k &- oldEnd < back { return true }
                    }
                    return false
                }
                return (p, s, p &+ s > 0 && changes())
            }
        }
        guard changes else { return joined }
        let oldEnd = n - s, newEnd = m - s
        guard joined.duplicates else {
            // Every old item is its own symbol: only a new item between the ends that names an
            // old item in them changes (it repeats a new item in the ends).
            var new = joined.new
            for j in p..<newEnd where new[j] >= 0 && (new[j] < p || new[j] >= oldEnd) { new[j] = -1 }
            return (joined.old, new, false)
        }
        // Per whole-list symbol, the first old occurrence between the ends, or -1.
        var first = [Int](repeating: -1, count: n), duplicates = false
        let old = [Int](unsafeUninitializedCapacity: n) { old, count in
            joined.old.withUnsafeBufferPointer { whole in
                first.withUnsafeMutableBufferPointer { first in
                    for i in 0..<p { old[i] = i }
                    for i in p..<oldEnd {
                        let key = whole[i]
                        if first[key] < 0 { first[key] = i }
                        old[i] = first[key]
                        duplicates = duplicates || first[key] != i
                    }
                    for i in oldEnd..<n { old[i] = i }
                }
            }
            count = n
        }
        let new = [Int](unsafeUninitializedCapacity: m) { new, count in
            joined.new.withUnsafeBufferPointer { whole in
                first.withUnsafeBufferPointer { first in
                    for j in 0..<p { new[j] = j }
                    for j in p..<newEnd { new[j] = whole[j] >= 0 ? first[whole[j]] : -1 }
                    for j in newEnd..<m { new[j] = j &- m &+ n }
                }
            }
            count = m
        }
        return (old, new, duplicates)
    }

    /// The (bijective) hashes of `Int` item identities, in flat order.
    @inlinable
    package static func intHashes<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) -> [UInt64]
    {
        var hashes = [UInt64]()
        hashes.reserveCapacity(snapshot.itemCount)
        let seed = HashSeed.value
        snapshot.forEachItemBuffer { items, _ in
            for k in items.indices {
                hashes.append(IdentityTable<Int>.hash(unsafeBitCast(items[k].diffID, to: Int.self), seed: seed))
            }
        }
        return hashes
    }

    @inlinable
    package init(old: [Int], new: [Int], symbolCount: Int) {
        self.old = old
        self.new = new
        self.symbolCount = symbolCount
    }

    /// Each new element's old source: the next unused old occurrence of its identity, in order
    /// of appearance (duplicates pair first with first), or -1.
    ///
    /// - Complexity: O(*n* + *m*); without old duplicates a single pass with one flag per old
    ///   element (a later new duplicate of an identity finds it used).
    @inlinable
    package func pairInOrder() -> [Int] {
        guard oldHasDuplicates else {
            var used = [Bool](repeating: false, count: old.count)
            var result = [Int](repeating: -1, count: new.count)
            result.withUnsafeMutableBufferPointer { result in
                used.withUnsafeMutableBufferPointer { used in
                    new.withUnsafeBufferPointer { new in
                        for f in new.indices {
                            let s = new[f]
                            if s >= 0 && !used[s] { used[s] = true; result[f] = s }
                        }
                    }
                }
            }
            return result
        }
        return DiffBenchDiffCore.pairInOrder(oldSymbols: old, newSymbols: new, symbolCount: symbolCount)
    }
}
