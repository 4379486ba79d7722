// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Turns a `Matching` into a changeset UIKit accepts, staged like DifferenceKit (spec §4.1) with
/// fewer batches (each one is an animation the user waits through):
///
/// 1. item reloads and section and item deletes (old paths): a reload never meets a move (R2,
///    R8, R20) nor an insert that would shift where it lands, and no move starts at a deleted
///    path (R2, R3);
/// 2. section inserts (with their full contents) and section moves, apart from item
///    operations (R18);
/// 3. item inserts and moves, sources in stage-2 coordinates;
/// 4. section reloads alone (R19).
///
/// With no item reload and no section insert, delete or move, 1 and 3 are one batch (as in
/// IGListKit): deletes at old paths, inserts at new ones, moves from old to new paths; the items
/// that do not move keep their order and fill the other slots (spec §2.5), which is what the
/// matching's moves assume. Empty stages are left out. Items moving out of a deleted section or into an inserted one
/// become delete + insert (R3, R9). Every stage but the last carries its `after` snapshot.
///
/// - Complexity: O(*n* + *m*) for *n* old and *m* new items.
@usableFromInline
package struct StagedChangesetBuilder<Model: DiffElement, Item: DiffElement> {
    @usableFromInline package let old: Snapshot<Model, Item>
    @usableFromInline package let new: Snapshot<Model, Item>
    @usableFromInline package let matching: Matching

    @inlinable
    package init(old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, matching: Matching) {
        self.old = old
        self.new = new
        self.matching = matching
    }

    /// The changeset. `carriedTo` is `matching.carriedTo(...)` when the algorithm has it already;
    /// it becomes scratch space here, so pass it with `consume`.
    @inlinable
    package func build(carriedTo: consuming [Int]? = nil) -> Changeset<Model, Item> {
        let oldLayout = FlatLayout(old)
        let newLayout = FlatLayout(new)
        var sectionTarget = [Int](repeating: -1, count: old.sections.count)
        for (j, i) in matching.sectionSource.enumerated() where i >= 0 { sectionTarget[i] = j }
        // Per old item: first the new flat index it is carried to, then (from pass 1-2 on) its
        // index after the deletes; -1 for an item that does not stay on screen.
        var postIndex =
            carriedTo
            ?? matching.carriedTo(oldLayout: oldLayout, newLayout: newLayout, sectionTarget: sectionTarget)

        var stages: [Stage<Model, Item>] = []

        // With no item reload and no section operation, deletes, inserts and moves are one batch
        // (moves from old paths): no snapshot between them to build. Section operations are known
        // now, reloads after the pass over the items.
        let sectionsStay =
            !sectionTarget.contains(-1) && !matching.sectionSource.contains(-1)
            && !matching.sectionMoved.contains(true)

        // 1. Reloads and deletes: a reload names its old path and lands past the deletes before
        // it (spec §2.3: each section delete above it shifts its section, each item delete above
        // it in its section its row; the item deletes of another section never meet its shifted
        // section, which stays above them). No insert or move shares the batch, so it lands where
        // the item stays. `afterDeletes` shares a section that changes in neither, and builds one
        // with deletes or reloads once, in one pass (`remaining`): copying a section to patch a
        // reload in and copying it again without its deletes retained and released every heap
        // string identity of it twice (`perf record` of heckel on `mixed` 10k with UUID strings:
        // the first copy and its release, 17% of the diff).
        var first = BatchUpdate()
        // The new version of each reload, in the order of `first.reloadItems` (old order), and
        // the index in both of the first reload not yet in `afterDeletes`.
        var reloaded: [Item] = []
        var nextReload = 0
        var sectionRank = [Int](repeating: -1, count: old.sections.count)
        var afterDeletes: [Section<Model, Item>] = []
        if !sectionsStay { afterDeletes.reserveCapacity(old.sections.count) }
        // Item deletes, written where no append checks uniqueness (see ScratchList).
        var deletes = ScratchList<ItemPath>(capacity: oldLayout.total)
        defer { deletes.deallocate() }
        postIndex.withUnsafeMutableBufferPointer { postIndex in
            // Each kept item's rank among its section's kept items, the deletes and the reloads
            // (new versions, in old order).
            for i in old.sections.indices {
                let start = oldLayout.offsets[i]
                let j = sectionTarget[i]
                guard j >= 0 else { first.deleteSections.append(i); continue }
                let items = old.sections[i].items, newItems = new.sections[j].items
                let newStart = newLayout.offsets[j]
                var kept = 0
                for k in items.indices {
                    let f = postIndex[start + k]
                    guard f >= 0 else { deletes.append(ItemPath(i, k)); continue }
                    postIndex[start + k] = kept
                    kept += 1
                    // Most carried items stay in the section pair; the others are found by search.
                    // An item that is not trivially copied (a heap string identity is retained
                    // with each copy) is compared in place and copied only when reloaded.
                    let inPair = f - newStart >= 0 && f - newStart < newItems.count
                    if !_isPOD(Item.self) && inPair && items[k].isContentEqual(to: newItems[f - newStart]) {
                        continue
                    }
                    let newItem: Item
                    if inPair {
                        newItem = newItems[f - newStart]
                    } else {
                        let s = newLayout.section(of: f)
                        newItem = new.sections[s].items[f - newLayout.offsets[s]]
                    }
                    if !items[k].isContentEqual(to: newItem) {
                        first.reloadItems.append(ItemPath(i, k))
                        reloaded.append(newItem)
                    }
                }
                if !sectionsStay {
                    sectionRank[i] = afterDeletes.count
                    afterDeletes.append(
                        Section(
                            old.sections[i].model,
                            items: Self.remaining(
                                items, of: i, start: start, kept: kept, postIndex, first.reloadItems, reloaded,
                                &nextReload)))
                }
            }
            first.deleteItems = deletes.array
            if sectionsStay && !first.reloadItems.isEmpty {
                afterDeletes.reserveCapacity(old.sections.count)
                // Invariant: `first.deleteItems[d...]` are the deletes of sections `i` and above.
                var d = 0
                for i in old.sections.indices {
                    var kept = old.sections[i].items.count
                    while d < first.deleteItems.count && first.deleteItems[d].section == i {
                        kept -= 1
                        d += 1
                    }
                    sectionRank[i] = afterDeletes.count
                    afterDeletes.append(
                        Section(
                            old.sections[i].model,
                            items: Self.remaining(
                                old.sections[i].items, of: i, start: oldLayout.offsets[i], kept: kept, postIndex,
                                first.reloadItems, reloaded, &nextReload)))
                }
            }
        }
        let oneBatch = sectionsStay && first.reloadItems.isEmpty
        if !oneBatch && !first.isEmpty { stages.append(Stage(first, after: Snapshot(afterDeletes))) }

        // 2. Section inserts and moves.
        var sectionOps = BatchUpdate()
        var arranged: [Section<Model, Item>] = []
        if !sectionsStay { arranged.reserveCapacity(new.sections.count) }
        for (j, i) in matching.sectionSource.enumerated() where !sectionsStay {
            if i < 0 {
                sectionOps.insertSections.append(j)
                arranged.append(new.sections[j])
            } else {
                if matching.sectionMoved[j] { sectionOps.moveSections.append(Move(sectionRank[i], j)) }
                arranged.append(afterDeletes[sectionRank[i]])
            }
        }
        if !sectionOps.isEmpty { stages.append(Stage(sectionOps, after: Snapshot(arranged))) }

        // 3. Item inserts and moves; a move's source is its position after the deletes, or its old
        // path when the deletes share the batch.
        var itemOps = BatchUpdate()
        if oneBatch { itemOps.deleteItems = first.deleteItems }
        // Inserts and moves, written where no append checks uniqueness (see ScratchList).
        var inserts = ScratchList<ItemPath>(capacity: newLayout.total)
        var moves = ScratchList<Move<ItemPath>>(capacity: newLayout.total)
        defer { inserts.deallocate(); moves.deallocate() }
        postIndex.withUnsafeBufferPointer { postIndex in
            matching.itemSource.withUnsafeBufferPointer { itemSource in
                matching.itemMoved.withUnsafeBufferPointer { itemMoved in
                    for (j, i) in matching.sectionSource.enumerated() where i >= 0 {
                        let low = oldLayout.offsets[i], high = oldLayout.offsets[i + 1]
                        let newStart = newLayout.offsets[j]
                        for f in newStart..<newLayout.offsets[j + 1] {
                            // The source is carried here when its old section is kept (sources
                            // are distinct, so no other new item claims it).
                            let src = itemSource[f]
                            let from = src < 0 ? -1 : src >= low && src < high ? i : oldLayout.section(of: src)
                            guard from >= 0 && sectionTarget[from] >= 0 else {
                                inserts.append(ItemPath(j, f - newStart))
                                continue
                            }
                            guard itemMoved[f] else { continue }
                            let source =
                                oneBatch
                                ? ItemPath(from, src - oldLayout.offsets[from])
                                : ItemPath(sectionTarget[from], postIndex[src])
                            moves.append(Move(source, ItemPath(j, f - newStart)))
                        }
                    }
                }
            }
        }
        itemOps.insertItems = inserts.array
        itemOps.moveItems = moves.array
        var sectionReloads = BatchUpdate()
        for (j, i) in matching.sectionSource.enumerated()
        where i >= 0 && !old.sections[i].model.isContentEqual(to: new.sections[j].model) {
            sectionReloads.reloadSections.append(j)
        }
        if !itemOps.isEmpty {
            var current = new
            if !sectionReloads.isEmpty {
                current = Snapshot(
                    new.sections.enumerated().map { j, section in
                        let i = matching.sectionSource[j]
                        return i >= 0 ? Section(old.sections[i].model, items: section.items) : section
                    })
            }
            stages.append(Stage(itemOps, after: current))
        }

        // 4. Section reloads.
        if !sectionReloads.isEmpty { stages.append(Stage(sectionReloads, after: new)) }
        if !stages.isEmpty { stages[stages.count - 1].after = nil }
        return .staged(stages)
    }

    /// The `kept` items of old section `section` (`items`, from old flat index `start` on) that
    /// stay after the first batch, each reloaded one replaced by its new version (`reloaded[r]`
    /// for `reloads[r]`, both in old order, `r` from `next` on, which moves past the section's);
    /// `items` itself, shared, when all stay and none is reloaded.
    ///
    /// Never inlined: inlined at its two calls, it kept `build`'s pass over the sections from being
    /// inlined in turn (callgrind of heckel on `cross-move` 10k: 6% more instructions).
    ///
    /// - Precondition: `postIndex[start + k]` is item `k`'s rank among the kept items, or
    ///   negative when it is deleted.
    /// - Complexity: O(*k*) for *k* items in the section, O(1) when all stay and none is reloaded.
    @inlinable @inline(never)
    package static func remaining(
        _ items: [Item], of section: Int, start: Int, kept: Int,
        _ postIndex: UnsafeMutableBufferPointer<Int>,
        _ reloads: [ItemPath], _ reloaded: [Item], _ next: inout Int
    ) -> [Item] {
        let first = next
        while next < reloads.count && reloads[next].section == section { next += 1 }
        guard kept < items.count else {
            // All stay: one bulk copy (a `memcpy` for trivial items) at the first reload, if any.
            var patched = items
            for r in first..<next { patched[reloads[r].item] = reloaded[r] }
            return patched
        }
        var remaining: [Item] = []
        remaining.reserveCapacity(kept)
        for k in items.indices where postIndex[start + k] >= 0 { remaining.append(items[k]) }
        for r in first..<next { remaining[postIndex[start + reloads[r].item]] = reloaded[r] }
        return remaining
    }
}
