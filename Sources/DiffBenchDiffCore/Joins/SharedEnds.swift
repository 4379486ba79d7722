// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// The shared ends of two snapshots whose sections match one for one: per section, the items
/// at the front and at the back that keep their identity and place. Apps diff such pairs most
/// of the time (the same data applied again, one counter changed, one row added), and reading
/// both snapshots once is all they need.
///
/// Sections match when both snapshots have the same section identities in the same order. Then,
/// per section, the *prefix* is the longest run of equal identities from the front and the
/// *suffix* the longest from the back, not overlapping the prefix; what lies between is the
/// section's *middle*. Items in the ends stay in place (a content change becomes a reload at
/// its old path), so only the middles need a differ, and no identity is hashed before a middle
/// is found. Nothing is allocated until a middle or a reload turns up.
///
/// - Complexity: O(*n* + *m*) comparisons for *n* old and *m* new items, no hashing.
@usableFromInline
package struct SharedEnds<Model: DiffElement, Item: DiffElement> {
    /// The sections whose middle is not empty on at least one side, in order, with the lengths
    /// of their shared prefix and suffix (sections not listed are equal in identities).
    @usableFromInline package var middles: [(section: Int, prefix: Int, suffix: Int)] = []
    /// Item reloads in the shared ends, at new paths (a suffix item's row moves by the middle's
    /// change in length), ascending.
    @usableFromInline package var endReloads: [ItemPath] = []

    /// The ends of `old` and `new`, or `nil` when their sections do not match one for one or
    /// their middles hold more than `middleLimit` items (the scan stops there).
    ///
    /// - Complexity: O(*s*) for *s* sections when they do not match; O(*n* + *m*) otherwise.
    @inlinable
    package init?(_ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>, middleLimit: Int = .max) {
        let count = old.sections.count
        guard count == new.sections.count else { return nil }
        for i in 0..<count where old.sections[i].model.diffID != new.sections[i].model.diffID { return nil }
        // Locals, not stored properties, inside the loop (an initializer's writes to `self`
        // cost a retain and a release of each array per section).
        var middles: [(section: Int, prefix: Int, suffix: Int)] = [], reloads: [ItemPath] = []
        var middleItems = 0  // old and new together
        // Once per diff: for an app's type, whether it is bitwise equatable is a runtime look-up
        // of its conformance, which each scanned run repeated (15,610 a diff on an app's feed
        // of 10k rows in 100 sections, 2% of the diff's instructions).
        let bitwise = Self.comparesBitwise
        for i in 0..<count {
            // Through the arrays of the borrowed snapshots: measured, fewer retains and releases
            // per section than through an unsafe buffer of sections.
            guard
                let ends = SharedEnds.scan(
                    old.sections[i].items, new.sections[i].items, section: i,
                    reloads: &reloads, budget: middleLimit - middleItems, bitwise: bitwise)
            else { return nil }
            let middle = old.sections[i].items.count + new.sections[i].items.count - 2 * (ends.prefix + ends.suffix)
            guard middle > 0 else { continue }
            middleItems += middle
            guard middleItems <= middleLimit else { return nil }
            if middles.isEmpty { middles.reserveCapacity(count - i) }
            middles.append((i, ends.prefix, ends.suffix))
        }
        self.middles = middles
        self.endReloads = reloads
    }

    /// The shared prefix and suffix of one section pair, the section's `section`; appends the
    /// ends' reloads (new paths, ascending) to `reloads`. Nil when a few comparisons, made before
    /// the suffix is scanned, show that the middle left between the ends (old and new items
    /// together) would be larger than `budget`; the caller checks the rest.
    ///
    /// - Complexity: O(*p* + *s* + 1) for a prefix of *p* and a suffix of *s* items.
    @inlinable @inline(__always)
    package static func scan(
        _ a: borrowing [Item], _ b: borrowing [Item], section: Int,
        reloads: inout [ItemPath], budget: Int = .max, bitwise: Bool = comparesBitwise
    ) -> (prefix: Int, suffix: Int)? {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                scan(a, b, section: section, reloads: &reloads, budget: budget, bitwise: bitwise)
            }
        }
    }

    /// ``scan(_:_:section:reloads:)`` over the items' buffers.
    ///
    /// - Complexity: O(*p* + *s* + 1) for a prefix of *p* and a suffix of *s* items.
    @inlinable @inline(__always)
    package static func scan(
        _ a: UnsafeBufferPointer<Item>, _ b: UnsafeBufferPointer<Item>, section: Int,
        reloads: inout [ItemPath], budget: Int = .max, bitwise: Bool = comparesBitwise
    ) -> (prefix: Int, suffix: Int)? {
        let shorter = min(a.count, b.count)
        // Invariant: a[0..<p] and b[0..<p] have equal identities; the equal runs between
        // reloads are found without a call, so that nothing is retained on the common path.
        var p = equalRun(a, b, from: 0, to: shorter, step: 1, bitwise: bitwise)
        // Equal sections return before anything that may call out of this function: the
        // compiler then retains neither array (it did, once per section, for the paths below:
        // a quarter of `unchanged` 100,000 in 1,000 sections went to swift_retain and _release).
        if p == a.count && p == b.count { return (p, 0) }
        while p < shorter && a[p].diffID == b[p].diffID {
            reloads.append(ItemPath(section, p))
            p = equalRun(a, b, from: p + 1, to: shorter, step: 1, bitwise: bitwise)
        }
        // The middle fits the budget only with a suffix of at least `need` items, so the identities
        // `need` items from the back, and at every offset nearer the back, must be equal: a few of
        // them are compared first (halving the offset), any unequal pair ends the scan at once.
        let need = (a.count + b.count - 2 * p - budget + 1) / 2
        if need > shorter - p { return nil }
        var probe = need
        while probe > 0 {
            if !sameID(a[a.count - probe].diffID, b[b.count - probe].diffID) { return nil }
            probe /= 2
        }
        // Invariant: the last s items of a and of b have equal identities, and p + s <= shorter.
        let firstSuffixReload = reloads.count
        var s = equalRun(a, b, from: 0, to: shorter - p, step: -1, bitwise: bitwise)
        while p + s < shorter && a[a.count - 1 - s].diffID == b[b.count - 1 - s].diffID {
            reloads.append(ItemPath(section, b.count - 1 - s))
            s = equalRun(a, b, from: s + 1, to: shorter - p, step: -1, bitwise: bitwise)
        }
        if reloads.count > firstSuffixReload + 1 { reloads[firstSuffixReload...].reverse() }
        return (p, s)
    }

    /// The first offset in `from..<to` at which a and b differ in identity or content, counted
    /// from the front (`step` 1) or from the back (`step` -1); `to` when none does.
    ///
    /// - Complexity: O(*k*) for the *k* equal items skipped.
    @inlinable @inline(__always)
    package static func equalRun(
        _ a: UnsafeBufferPointer<Item>, _ b: UnsafeBufferPointer<Item>,
        from start: Int, to end: Int, step: Int, bitwise: Bool = comparesBitwise
    ) -> Int {
        // From the back, offset k is a[a.count - 1 - k] and b[b.count - 1 - k].
        // The corpus's bitwise types are named again, not only read from `bitwise`: then the
        // branch folds away where this is specialized for them, and the function is small enough
        // to be inlined into `scan` (passed in alone, it was not: `update` 1,000 took 43% more
        // instructions per diff, 51,853 against 36,207).
        if Item.self == IntElement.self || Item.self == UUIDElement.self || bitwise {
            return bitwiseRun(a, b, from: start, to: end, step: step)
        }
        let baseA = step > 0 ? 0 : a.count &- 1, baseB = step > 0 ? 0 : b.count &- 1
        var k = start
        // Four at a time without an early exit inside the four, then one at a time.
        while k &+ 4 <= end {
            var unequal = false
            for t in 0..<4 {
                let x = a[baseA &+ step &* (k &+ t)], y = b[baseB &+ step &* (k &+ t)]
                unequal = unequal || !sameID(x.diffID, y.diffID) || !x.isContentEqual(to: y)
            }
            if unequal { break }
            k &+= 4
        }
        while k < end {
            let x = a[baseA &+ step &* k], y = b[baseB &+ step &* k]
            guard sameID(x.diffID, y.diffID) && x.isContentEqual(to: y) else { break }
            k &+= 1
        }
        return k
    }

    /// Whether items are equal in identity and content exactly when their bytes are: the
    /// `Int`- and `UUID`-identified ``Element``s (an identity's `==` and the revision's compare
    /// their stored words, and neither has padding), and an app's type that says so
    /// (``BitwiseEquatableElement``). A constant once specialized.
    @inlinable
    package static var comparesBitwise: Bool {
        Item.self == IntElement.self || Item.self == UUIDElement.self || Item.self is any BitwiseEquatableElement.Type
    }

    /// ``equalRun(_:_:from:to:step:)`` for items that ``comparesBitwise``, byte for byte.
    ///
    /// The first eight items are compared one at a time (runs between content changes are
    /// mostly short: `update` changes one item in five), then eight at a time as words XORed
    /// and ORed together with no branch, which the compiler turns into vector instructions, and
    /// the group that differs one at a time again. Twice as fast as comparing field by field
    /// while the snapshots fit in the cache (unchanged 10k `Int` items: 8.7 to 4.6 µs in a timing
    /// program); beyond that, both wait on memory.
    ///
    /// - Complexity: O(*k* + 1) for the *k* equal items skipped.
    @inlinable @inline(__always)
    package static func bitwiseRun(
        _ a: UnsafeBufferPointer<Item>, _ b: UnsafeBufferPointer<Item>,
        from start: Int, to end: Int, step: Int
    ) -> Int {
        guard start < end, let rawA = UnsafeRawPointer(a.baseAddress), let rawB = UnsafeRawPointer(b.baseAddress)
        else { return start }
        let words = MemoryLayout<Item>.stride / 8
        // The word `t` of the item at offset `k`, in a and in b, XORed: zero when equal.
        @inline(__always) func difference(_ k: Int, _ t: Int) -> UInt64 {
            let itemA = step > 0 ? k : a.count &- 1 &- k, itemB = step > 0 ? k : b.count &- 1 &- k
            return rawA.load(fromByteOffset: (itemA &* words &+ t) &* 8, as: UInt64.self)
                ^ rawB.load(fromByteOffset: (itemB &* words &+ t) &* 8, as: UInt64.self)
        }
        @inline(__always) func differs(_ k: Int) -> Bool {
            var d: UInt64 = 0
            for t in 0..<words { d |= difference(k, t) }
            return d != 0
        }
        // Invariant (all three loops): the items at offsets start..<k are equal byte for byte.
        var k = start
        let single = min(end, start &+ 8)
        while k < single {
            if differs(k) { return k }
            k &+= 1
        }
        // Offsets k..<k + 8 are the items from k on from the front, and from the back the eight
        // ending before count - k: contiguous either way, so compared as one run of words.
        while k &+ 8 <= end {
            let firstA = step > 0 ? k : a.count &- k &- 8, firstB = step > 0 ? k : b.count &- k &- 8
            var d: UInt64 = 0
            for t in 0..<(8 &* words) {
                d |=
                    rawA.load(fromByteOffset: (firstA &* words &+ t) &* 8, as: UInt64.self)
                    ^ rawB.load(fromByteOffset: (firstB &* words &+ t) &* 8, as: UInt64.self)
            }
            if d != 0 { break }
            k &+= 8
        }
        while k < end && !differs(k) { k &+= 1 }
        return k
    }

    /// Whether two identities are equal; `String` ones by ``ByteHash/equal(_:_:)`` (their bytes
    /// first, `==` only when those differ).
    ///
    /// - Complexity: O(*k*) for identities of *k* bytes.
    @inlinable @inline(__always)
    package static func sameID(_ a: Item.DiffID, _ b: Item.DiffID) -> Bool {
        guard Item.DiffID.self == String.self else { return a == b }
        return ByteHash.equal(ASCIIJoin.string(a), ASCIIJoin.string(b))
    }
}

extension SharedEnds {
    /// The changeset from `old` to `new` (the snapshots these ends were found in), with `core`
    /// diffing only the middles. `core` must stage like `StagedChangesetBuilder`: for the
    /// middles (one for one matching sections, equal models) it yields at most a stage of item
    /// deletes, inserts and moves and a stage of item reloads, in that order. Their paths are
    /// shifted past each section's prefix, the ends' reloads join the middles' (all at new paths),
    /// section reloads come last, and every `after` snapshot but the last is the new items under
    /// the old headers of the sections reloaded last.
    ///
    /// - Complexity: O(*s* + *r*) for *s* sections and *r* reloads, plus `core` on the middles.
    @inlinable
    package func changeset(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>,
        core: (Snapshot<Model, Item>, Snapshot<Model, Item>) -> Changeset<Model, Item>
    ) -> Changeset<Model, Item> {
        // The middles, both with the old section models: section reloads are decided here.
        func cut(_ snapshot: Snapshot<Model, Item>) -> Snapshot<Model, Item> {
            Snapshot(
                middles.map { middle in
                    let items = snapshot.sections[middle.section].items
                    let kept = items[middle.prefix..<items.count - middle.suffix]
                    return Section(old.sections[middle.section].model, items: Array(kept))
                })
        }
        let subOld = cut(old), subNew = middles.isEmpty ? subOld : cut(new)
        var middleItems: BatchUpdate?, middleReloads: [ItemPath] = []
        for stage in middles.isEmpty ? [] : core(subOld, subNew).stages {
            let update = stage.update
            assert(update.sectionOperationCount == 0, "matching sections need no section operation")
            if update.reloadItems.isEmpty {
                middleItems = update
            } else {
                assert(update.deleteItems.isEmpty && update.insertItems.isEmpty && update.moveItems.isEmpty)
                middleReloads = update.reloadItems
            }
        }
        var sectionReloads = BatchUpdate()
        for i in old.sections.indices where !old.sections[i].model.isContentEqual(to: new.sections[i].model) {
            sectionReloads.reloadSections.append(i)
        }
        func shift(_ path: ItemPath) -> ItemPath {
            let middle = middles[path.section]
            return ItemPath(middle.section, path.item + middle.prefix)
        }
        // Reloads at new paths, ascending: per middle section its prefix's, then its middle's, then
        // its suffix's. Invariant: `e` and `r` are the first end and middle reloads not yet placed.
        var reloads = BatchUpdate()
        var e = 0, r = 0
        for (k, middle) in middles.enumerated() {
            let i = middle.section
            while e < endReloads.count && endReloads[e] < ItemPath(i, middle.prefix) {
                reloads.reloadItems.append(endReloads[e])
                e += 1
            }
            while r < middleReloads.count && middleReloads[r].section == k {
                reloads.reloadItems.append(shift(middleReloads[r]))
                r += 1
            }
        }
        reloads.reloadItems += endReloads[e...]
        var items = BatchUpdate()
        if let middleItems {
            items.deleteItems = middleItems.deleteItems.map(shift)
            items.insertItems = middleItems.insertItems.map(shift)
            items.moveItems = middleItems.moveItems.map { Move(shift($0.from), shift($0.to)) }
        }
        let current =
            sectionReloads.isEmpty ? new : new.underHeaders(of: old, sectionSource: Array(old.sections.indices))
        var stages: [Stage<Model, Item>] = []
        func add(_ batch: BatchUpdate) {
            if !batch.isEmpty { stages.append(Stage(batch, after: current, continuesUpdate: !stages.isEmpty)) }
        }
        add(items)
        add(reloads)
        add(sectionReloads)
        if !stages.isEmpty { stages[stages.count - 1].after = nil }
        return .staged(stages)
    }
}

/// `core(old, new)`, or the same diff run only on the middles when the snapshots' sections
/// match one for one and the shared ends hold at least three quarters of the items (with less,
/// cutting the middles out and putting the ends back costs about what it saves).
///
/// - Complexity: O(*n* + *m*) plus `core` on what the ends leave.
@inlinable
package func trimmingSharedEnds<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>,
    core: (Snapshot<Model, Item>, Snapshot<Model, Item>) -> Changeset<Model, Item>
) -> Changeset<Model, Item> {
    let limit = (old.itemCount + new.itemCount) / 4
    guard let ends = SharedEnds(old, new, middleLimit: limit) else { return core(old, new) }
    return ends.changeset(old, new, core: core)
}
