// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// The hash join of ``ASCIIJoin`` below ``PartitionedJoin/threshold``, which matches runs of
/// unchanged items by comparison.
///
/// The shared ends come first: from the front and from the back, old and new items are compared
/// pair by pair in flat order while their identities are equal
/// (``sharedEnd(_:_:fromBack:limit:)``). They pair in place (see ``DenseIdentities``), so they
/// are neither hashed nor put in the table: with the ends of `differencekit` 100,000 with UUID
/// strings (20,000 items) matched in place, heckel took 0.84-0.92 of the time of hashing them
/// (`timing ab`, three runs in one process against the commit before). The
/// old items between the ends are then hashed and go in one open-addressing table. The new items
/// between the ends are read in order, a block at a time, each block in one of two ways:
/// - *Runs*: while new items go on with a run of old ones, each is compared with the old item
///   after the last one matched and matched with no hash, no probe and no confirming
///   comparison (which would read its bytes a second time). An item that breaks the run is
///   hashed and looked up at once, and the run goes on after the old item it found.
/// - *Lookups*: the block's items are all hashed, then all looked up, so that the probes' cache
///   misses overlap (a probe right after its hash waits for it).
///
/// A block is read by runs when at least seven eighths of the block before it went on with the
/// match before them, by lookups otherwise; the first block by lookups. Blocks read by runs are
/// ``block`` items; blocks read by lookups double up to ``largestBlock``, since a stream of
/// hashes broken into short blocks ran slower (`replace`, 100,000 items in one section: 20%
/// slower in blocks of 256, as fast as one pass in blocks up to 8,192). A block read by lookups
/// ends early once ``block`` items in a row went on with the match before them: a long block
/// that runs into a run would otherwise match it by table, each item to be confirmed by reading
/// both strings again (`differencekit`, 100,000 items: 20,801 pairs to confirm, 4,161 with the
/// early end). Runs are what most diffs an app makes keep; a shuffle, a reversal or a new list
/// has none to follow.
///
/// A slot is one `UInt32`: the top 15 bits of a hash over the old index plus one (17 bits, 0 when
/// empty; below the threshold an index fits). A slot whose tag matches is taken only when the
/// old item's full hash matches too, so the table is half the size of one of 64-bit slots (2 MB
/// at 100,000 old items) and a match is a match of 64-bit hashes, which
/// ``ASCIIJoin/confirms(_:_:_:unconfirmed:oldLayout:)`` then confirms by comparison.
///
/// - Complexity: O(*n* + *m*) expected for *n* old and *m* new items.
@usableFromInline
package enum RunJoin {
    /// The new items of a block read by runs, and of the first block read by lookups.
    @inlinable package static var block: Int { 64 }
    /// The most new items looked up as one block: blocks read by lookups double up to it.
    @inlinable package static var largestBlock: Int { 8192 }
    /// The bits of a slot that hold an old index plus one.
    @inlinable package static var indexBits: UInt32 { 17 }

    /// Symbols of `old` and `new` as ``ASCIIJoin/symbols(_:_:)`` gives them, the new items (flat
    /// indices, ascending) whose symbol the table gave (to be confirmed; the others with a
    /// symbol a run matched by comparison) or nil when there were more than ``listCapacity(for:)`` of
    /// them (every new item with a symbol to be confirmed), and the old layout the confirmation
    /// reads by; nil when an identity between the shared ends is not ASCII.
    ///
    /// - Precondition: `Item.DiffID` is `String`; `old` has fewer than
    ///   ``PartitionedJoin/threshold`` items.
    /// - Complexity: O(*n* + *m*) expected for *n* old and *m* new items.
    @inlinable
    package static func symbols<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> (joined: (old: [Int], new: [Int], duplicates: Bool), unconfirmed: [UInt32]?, layout: FlatLayout)? {
        let oldCount = old.itemCount, newCount = new.itemCount
        // The shared ends first, compared and nothing more; then the old items between them
        // hashed, at their flat index minus `prefix`.
        let shorter = min(oldCount, newCount)
        let prefix = sharedEnd(old, new, fromBack: false, limit: shorter)
        let suffix = sharedEnd(old, new, fromBack: true, limit: shorter &- prefix)
        let oldEnd = oldCount &- suffix  // the end of the old middle
        let seed = HashSeed.value
        let oldHashes = [UInt64](unsafeUninitializedCapacity: oldEnd &- prefix) { hashes, count in
            guard ASCIIJoin.hash(old, prefix..<oldEnd, into: hashes, from: prefix, seed: seed) else { return }
            count = hashes.count
        }
        guard oldHashes.count == oldEnd &- prefix else { return nil }
        precondition(oldCount < 1 << indexBits, "an old index plus one fits a slot")
        precondition(newCount <= Int(UInt32.max), "a new index fits the list of items to confirm")
        // Only the old middle goes in the table; every other old item is its own symbol.
        let size = IdentityTable<String>.slotCount(for: oldEnd &- prefix)
        let mask = size - 1
        var slots = [UInt32](repeating: 0, count: size)
        var oldSymbols = [Int](unsafeUninitializedCapacity: oldCount) { symbols, count in
            for i in 0..<oldCount { symbols[i] = i }
            count = oldCount
        }
        var newSymbols = [Int](repeating: -1, count: newCount)
        var hashes = [UInt64](repeating: 0, count: min(largestBlock, newCount))
        var duplicates = false
        let layout = FlatLayout(old)
        var ascii = true
        var overflow = false
        // Written in place (`listed` of them), not appended to an array the loops' closures capture
        // (`shuffle`, 10,000 items: 0.37 ms with appends and the confirmation finding each new item
        // through the sections array; 0.28 ms written in place and confirmed section by section).
        let unconfirmed = [UInt32](unsafeUninitializedCapacity: listCapacity(for: newCount)) { entries, listed in
            /// Lists new item `f` as one to confirm, or notes that the list is full.
            @inline(__always) func list(_ f: Int) {
                if listed < entries.count {
                    entries[listed] = UInt32(truncatingIfNeeded: f)
                    listed &+= 1
                } else {
                    overflow = true
                }
            }
            ascii = slots.withUnsafeMutableBufferPointer { slots in
                oldHashes.withUnsafeBufferPointer { oldHashes in
                    oldSymbols.withUnsafeMutableBufferPointer { oldSymbols in
                        let indexMask: UInt32 = 1 << indexBits - 1
                        @inline(__always) func tag(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: h >> 49) }
                        /// The slot holding hash `h`, or the empty slot where it would go.
                        // Invariant: the table is at most half full, so every probe ends at an empty slot.
                        @inline(__always) func slot(_ h: UInt64) -> Int {
                            var p = Int(truncatingIfNeeded: h) & mask
                            while slots[p] != 0 {
                                let index = Int(truncatingIfNeeded: slots[p] & indexMask) &- 1
                                if slots[p] >> indexBits == tag(h) && oldHashes[index &- prefix] == h { return p }
                                p = (p &+ 1) & mask
                            }
                            return p
                        }
                        for i in prefix..<oldEnd {
                            let h = oldHashes[i &- prefix], p = slot(h)
                            if slots[p] == 0 {
                                slots[p] = tag(h) << indexBits | UInt32(truncatingIfNeeded: i &+ 1)
                            } else {
                                oldSymbols[i] = Int(truncatingIfNeeded: slots[p] & indexMask) &- 1
                                duplicates = true
                            }
                        }
                        /// The old symbol of hash `h`, or -1.
                        func find(_ h: UInt64) -> Int { Int(truncatingIfNeeded: slots[slot(h)] & indexMask) &- 1 }
                        return newSymbols.withUnsafeMutableBufferPointer { newSymbols in
                            hashes.withUnsafeMutableBufferPointer { hashes in
                                // Invariants: `next` is the old item after the last one matched; `base`
                                // the flat index of the section's first item.
                                var next = prefix, base = 0, byRuns = false, size = block
                                var oldAt = FlatLayout.Cursor(layout)
                                for f in 0..<prefix { newSymbols[f] = f }
                                for t in 0..<suffix { newSymbols[newCount &- 1 &- t] = oldCount &- 1 &- t }
                                // The new items between the shared ends.
                                let middle = prefix..<(newCount &- suffix)
                                for section in new.sections where base < middle.upperBound {
                                    let ascii = section.items.withUnsafeBufferPointer { items in
                                        var k = max(middle.lowerBound &- base, 0)
                                        let last = min(middle.upperBound &- base, items.count)
                                        while k < last {
                                            var end = min(k &+ size, last)
                                            // Items of the block that went on with the match before them.
                                            var went = 0
                                            if byRuns {
                                                var g = k
                                                while g < end {
                                                    if next < oldEnd {
                                                        // The run goes on through the old section of `next`
                                                        // at most, and never into the old suffix: compared
                                                        // there in one loop.
                                                        let (s, o) = oldAt.locate(next)
                                                        let limit = min(end &- g, oldEnd &- next)
                                                        let run = old.sections[s].items.withUnsafeBufferPointer { x in
                                                            equalRun(x, from: o, items, from: g, limit: limit)
                                                        }
                                                        for t in 0..<run {
                                                            newSymbols[base &+ g &+ t] = oldSymbols[next &+ t]
                                                        }
                                                        (next, went, g) = (next &+ run, went &+ run, g &+ run)
                                                        if g == end { break }
                                                        // At the end of the old section the run goes on in the next.
                                                        if o &+ run == old.sections[s].items.count { continue }
                                                    }
                                                    // Item g breaks the run: hashed and looked up.
                                                    guard
                                                        let h = ByteHash.ascii(
                                                            ASCIIJoin.string(items[g].diffID), seed: seed
                                                        )
                                                    else { return false }
                                                    let symbol = find(h)
                                                    if symbol >= 0 {
                                                        newSymbols[base &+ g] = symbol
                                                        list(base &+ g)
                                                        next = symbol &+ 1
                                                    }
                                                    g &+= 1
                                                }
                                            } else {
                                                for g in k..<end {
                                                    guard
                                                        let h = ByteHash.ascii(
                                                            ASCIIJoin.string(items[g].diffID), seed: seed
                                                        )
                                                    else { return false }
                                                    hashes[g &- k] = h
                                                }
                                                // Items in a row, up to `g`, that went on with the match before.
                                                var streak = 0
                                                for g in k..<end {
                                                    let symbol = find(hashes[g &- k])
                                                    if symbol >= 0 {
                                                        newSymbols[base &+ g] = symbol
                                                        list(base &+ g)
                                                        if symbol == next {
                                                            went &+= 1; streak &+= 1
                                                        } else {
                                                            streak = 0
                                                        }
                                                        next = symbol &+ 1
                                                    } else {
                                                        streak = 0
                                                    }
                                                    if streak == block {
                                                        // A run: the rest of the block goes by runs.
                                                        end = g &+ 1
                                                        went = end &- k
                                                        break
                                                    }
                                                }
                                            }
                                            byRuns = 8 &* went >= 7 &* (end &- k)
                                            size = byRuns ? block : min(2 &* size, largestBlock)
                                            k = end
                                        }
                                        return true
                                    }
                                    guard ascii else { return false }
                                    base &+= section.items.count
                                }
                                return true
                            }
                        }
                    }
                }
            }
        }
        guard ascii else { return nil }
        return ((oldSymbols, newSymbols, duplicates), overflow ? nil : unconfirmed, layout)
    }

    /// How many items `old` and `new` share in flat order, identity for identity, from the front
    /// (or from the back), up to `limit`: each pair compared once, by its bytes, and by `==` only
    /// when those differ.
    ///
    /// - Complexity: O(*s* + *k*) for *s* sections and *k* shared items.
    @inlinable
    package static func sharedEnd<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>, fromBack: Bool, limit: Int
    ) -> Int {
        let step = fromBack ? -1 : 1
        var s = fromBack ? old.sections.count &- 1 : 0, t = fromBack ? new.sections.count &- 1 : 0
        // Invariant: the first `shared` pairs from the end are equal; `a` of the old ones lie in
        // section s, `b` of the new ones in section t.
        var shared = 0, a = 0, b = 0
        while shared < limit && old.sections.indices.contains(s) && new.sections.indices.contains(t) {
            let oldItems = old.sections[s].items.count, newItems = new.sections[t].items.count
            if a == oldItems { (s, a) = (s &+ step, 0); continue }
            if b == newItems { (t, b) = (t &+ step, 0); continue }
            let length = min(oldItems &- a, newItems &- b, limit &- shared)
            let run = old.sections[s].items.withUnsafeBufferPointer { x in
                new.sections[t].items.withUnsafeBufferPointer { y in
                    // The pair's items, `step` apart from pair to pair.
                    var i = fromBack ? oldItems &- 1 &- a : a, j = fromBack ? newItems &- 1 &- b : b
                    for k in 0..<length {
                        // Opened here, as in `equalRun`: through ``ByteHash/equal(_:_:)`` a call per pair.
                        let o = ASCIIJoin.string(x[i].diffID), n = ASCIIJoin.string(y[j].diffID)
                        let same = n.utf8.withContiguousStorageIfAvailable { p in
                            o.utf8.withContiguousStorageIfAvailable { q in
                                p.count == q.count
                                    && ByteHash.sameBytes(UnsafeRawBufferPointer(p), UnsafeRawBufferPointer(q))
                            }
                        }
                        // Different bytes can still be equal strings when they are not ASCII.
                        if (same ?? nil) != true && o != n { return k }
                        (i, j) = (i &+ step, j &+ step)
                    }
                    return length
                }
            }
            (shared, a, b) = (shared &+ run, a &+ run, b &+ run)
            if run < length { break }
        }
        return shared
    }

    /// How many items of `y` from `j` have the identity of the item of `x` at the same distance
    /// from `i`, up to `limit` and the end of `x`: compared byte for byte, and by `==` only when a
    /// string has no contiguous bytes (different bytes end the run, even of two equal strings
    /// that are not ASCII: the lookup after it then finds them not ASCII).
    ///
    /// - Complexity: O(*k*) for *k* bytes compared.
    @inlinable @inline(__always)
    package static func equalRun<Item: DiffElement>(
        _ x: UnsafeBufferPointer<Item>, from i: Int, _ y: UnsafeBufferPointer<Item>, from j: Int, limit: Int
    ) -> Int {
        let length = min(limit, x.count &- i)
        var k = 0
        // Invariant: the pairs before k are equal.
        while k < length {
            let o = ASCIIJoin.string(x[i &+ k].diffID), n = ASCIIJoin.string(y[j &+ k].diffID)
            let same = n.utf8.withContiguousStorageIfAvailable { p in
                o.utf8.withContiguousStorageIfAvailable { q in
                    p.count == q.count && ByteHash.sameBytes(UnsafeRawBufferPointer(p), UnsafeRawBufferPointer(q))
                }
            }
            guard (same ?? nil) ?? (n == o) else { break }
            k &+= 1
        }
        return k
    }

    /// How many new items of `newCount` the list of items to confirm holds: all of up to 1,024
    /// (4 KB), else a quarter, in four bytes each the bytes of a flag per item, where most diffs
    /// list a few (`differencekit` 100,000: 4,161; new lists made of old ones by edits, in the
    /// tests: 6-21%). A shuffle, or a list with duplicates, whose items the table matches nearly
    /// all, has every new item with a symbol confirmed instead, each run match compared again
    /// (`mixed` 1,000 in 10 sections with a quarter: 3.2% more instructions). A list of `Int` as
    /// long as the new items made `empty-to-full` 100,000 allocate 36% more bytes.
    ///
    /// - Complexity: O(1).
    @inlinable
    package static func listCapacity(for newCount: Int) -> Int { max(newCount / 4, min(newCount, 1024)) }

}
