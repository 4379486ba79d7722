import DiffModel

/// The hash join of ``ASCIIJoin`` below ``PartitionedJoin/threshold``, which matches runs of
/// unchanged items by comparison.
///
/// Old items are hashed and put in one open-addressing table first. New items are then read in
/// order, a block at a time, each block in one of two ways:
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
/// slower in blocks of 256, as fast as one pass in blocks up to 8,192). Runs are what most
/// diffs an app makes keep; a shuffle, a reversal or a new list has none to follow.
///
/// A slot is one `UInt64`, the high half of a hash and the old index plus one (0 when empty),
/// and a slot whose half matches is taken as the match without reading the full hash: two
/// hashes that share their high half pair two different identities, which
/// ``ASCIIJoin/confirms(_:_:_:compared:)`` then finds, as it finds two identities that share a
/// whole hash. One array read at random per probe instead of two.
///
/// - Complexity: O(*n* + *m*) expected for *n* old and *m* new items.
@usableFromInline
enum RunJoin {
    /// The new items of a block read by runs, and of the first block read by lookups.
    @inlinable static var block: Int { 64 }
    /// The most new items looked up as one block: blocks read by lookups double up to it.
    @inlinable static var largestBlock: Int { 8192 }

    /// Symbols of `old` and `new` as ``ASCIIJoin/symbols(_:_:)`` gives them, per new item
    /// whether a run matched it by comparison (the others with a symbol are to be confirmed), and
    /// the old layout the confirmation reads by; nil when an identity is not ASCII.
    ///
    /// - Precondition: `Item.DiffID` is `String`.
    /// - Complexity: O(*n* + *m*) expected for *n* old and *m* new items.
    @inlinable
    static func symbols<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> (joined: (old: [Int], new: [Int], duplicates: Bool), compared: [Bool], layout: FlatLayout)? {
        guard let oldHashes = ASCIIJoin.hashes(old) else { return nil }
        let oldCount = oldHashes.count, newCount = new.itemCount
        let size = IdentityTable<String>.slotCount(for: oldCount)
        let mask = size - 1
        var slots = [UInt64](repeating: 0, count: size)
        var oldSymbols = [Int](repeating: 0, count: oldCount)
        var newSymbols = [Int](repeating: -1, count: newCount)
        var compared = [Bool](repeating: false, count: newCount)
        var hashes = [UInt64](repeating: 0, count: min(largestBlock, newCount))
        var duplicates = false
        let layout = FlatLayout(old)
        let ascii = slots.withUnsafeMutableBufferPointer { slots in
            oldSymbols.withUnsafeMutableBufferPointer { oldSymbols in
                // Invariant: the table is at most half full, so every probe ends at an empty slot.
                for (i, h) in oldHashes.enumerated() {
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
                return newSymbols.withUnsafeMutableBufferPointer { newSymbols in
                    compared.withUnsafeMutableBufferPointer { compared in
                        hashes.withUnsafeMutableBufferPointer { hashes in
                            // The old symbol of hash `h`, or -1.
                            func find(_ h: UInt64) -> Int {
                                let tag = h & 0xFFFF_FFFF_0000_0000
                                var p = Int(truncatingIfNeeded: h) & mask
                                while slots[p] != 0 && slots[p] & 0xFFFF_FFFF_0000_0000 != tag { p = (p &+ 1) & mask }
                                return Int(truncatingIfNeeded: slots[p] & 0xFFFF_FFFF) &- 1
                            }
                            // Invariants: `next` is the old item after the last one matched; `base`
                            // the flat index of the section's first item.
                            var next = 0, base = 0, byRuns = false, size = block
                            var oldAt = FlatLayout.Cursor(layout)
                            for section in new.sections {
                                let ascii = section.items.withUnsafeBufferPointer { items in
                                    var k = 0
                                    while k < items.count {
                                        let end = min(k &+ size, items.count)
                                        // Items of the block that went on with the match before them.
                                        var went = 0
                                        if byRuns {
                                            for g in k..<end {
                                                let id = ASCIIJoin.string(items[g].diffID), f = base &+ g
                                                if next < oldCount {
                                                    let (s, o) = oldAt.locate(next)
                                                    let other = ASCIIJoin.string(old.sections[s].items[o].diffID)
                                                    if ByteHash.sameBytes(id, other) {
                                                        newSymbols[f] = oldSymbols[next]
                                                        compared[f] = true
                                                        next &+= 1
                                                        went &+= 1
                                                        continue
                                                    }
                                                }
                                                guard let h = ByteHash.ascii(id) else { return false }
                                                let symbol = find(h)
                                                if symbol >= 0 {
                                                    newSymbols[f] = symbol
                                                    next = symbol &+ 1
                                                }
                                            }
                                        } else {
                                            for g in k..<end {
                                                guard let h = ByteHash.ascii(ASCIIJoin.string(items[g].diffID))
                                                else { return false }
                                                hashes[g &- k] = h
                                            }
                                            for g in k..<end {
                                                let symbol = find(hashes[g &- k])
                                                if symbol >= 0 {
                                                    newSymbols[base &+ g] = symbol
                                                    if symbol == next { went &+= 1 }
                                                    next = symbol &+ 1
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
        guard ascii else { return nil }
        return ((oldSymbols, newSymbols, duplicates), compared, layout)
    }
}
