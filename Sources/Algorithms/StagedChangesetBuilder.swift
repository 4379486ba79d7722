import DiffModel

/// Turns a `Matching` into a changeset UIKit accepts, staged like DifferenceKit (spec §4.1):
///
/// 1. item reloads alone (old paths), so a reload never meets a move (R2, R8, R20);
/// 2. section and item deletes, so no move starts at a deleted path (R2, R3);
/// 3. section inserts (with their full contents) and section moves, apart from item
///    operations (R18);
/// 4. item inserts and moves, sources in stage-3 coordinates;
/// 5. section reloads alone (R19).
///
/// Empty stages are left out. Items moving out of a deleted section or into an inserted one
/// become delete + insert (R3, R9). Every stage but the last carries its `after` snapshot.
///
/// - Complexity: O(*n* + *m*) for *n* old and *m* new items.
@usableFromInline
struct StagedChangesetBuilder<Model: DiffElement, Item: DiffElement> {
    @usableFromInline let old: Snapshot<Model, Item>
    @usableFromInline let new: Snapshot<Model, Item>
    @usableFromInline let matching: Matching

    @inlinable
    init(old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, matching: Matching) {
        self.old = old
        self.new = new
        self.matching = matching
    }

    /// The changeset. `carriedTo` is `matching.carriedTo(...)` when the algorithm has it already;
    /// it becomes scratch space here, so pass it with `consume`.
    @inlinable
    func build(carriedTo: consuming [Int]? = nil) -> Changeset<Model, Item> {
        let oldLayout = FlatLayout(old)
        let newLayout = FlatLayout(new)
        var sectionTarget = [Int](repeating: -1, count: old.sections.count)
        for (j, i) in matching.sectionSource.enumerated() where i >= 0 { sectionTarget[i] = j }
        // Per old item: first the new flat index it is carried to, then (from pass 1-2 on) its
        // index after the deletes; -1 for an item that does not stay on screen.
        var postIndex = carriedTo
            ?? matching.carriedTo(oldLayout: oldLayout, newLayout: newLayout, sectionTarget: sectionTarget)

        var stages: [Stage<Model, Item>] = []

        // 1 and 2 in one pass over the old sections: reloads patch a section's items, deletes
        // then filter the patched items. A section that changes in neither is shared, not copied.
        var reloads = BatchUpdate(), deletes = BatchUpdate()
        var afterReloads = old.sections
        var sectionRank = [Int](repeating: -1, count: old.sections.count)
        var afterDeletes: [Section<Model, Item>] = []
        afterDeletes.reserveCapacity(old.sections.count)
        postIndex.withUnsafeMutableBufferPointer { postIndex in
            for i in old.sections.indices {
                let start = oldLayout.offsets[i]
                let j = sectionTarget[i]
                guard j >= 0 else { deletes.deleteSections.append(i); continue }
                let items = old.sections[i].items, newItems = new.sections[j].items
                let newStart = newLayout.offsets[j]
                var patched: [Item]?
                var kept = 0
                for k in items.indices {
                    let f = postIndex[start + k]
                    guard f >= 0 else { continue }
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
                        reloads.reloadItems.append(ItemPath(i, k))
                        if patched == nil { patched = items }
                        patched![k] = newItem
                    }
                }
                let current = patched ?? items
                if let patched { afterReloads[i].items = patched }
                sectionRank[i] = afterDeletes.count
                guard kept < items.count else {
                    afterDeletes.append(Section(old.sections[i].model, items: current))
                    continue
                }
                var remaining: [Item] = []
                remaining.reserveCapacity(kept)
                for k in current.indices {
                    if postIndex[start + k] >= 0 {
                        remaining.append(current[k])
                    } else {
                        deletes.deleteItems.append(ItemPath(i, k))
                    }
                }
                afterDeletes.append(Section(old.sections[i].model, items: remaining))
            }
        }
        if !reloads.isEmpty { stages.append(Stage(reloads, after: Snapshot(afterReloads))) }
        if !deletes.isEmpty { stages.append(Stage(deletes, after: Snapshot(afterDeletes))) }

        // 3. Section inserts and moves.
        var sectionOps = BatchUpdate()
        var arranged: [Section<Model, Item>] = []
        arranged.reserveCapacity(new.sections.count)
        for (j, i) in matching.sectionSource.enumerated() {
            if i < 0 {
                sectionOps.insertSections.append(j)
                arranged.append(new.sections[j])
            } else {
                if matching.sectionMoved[j] { sectionOps.moveSections.append(Move(sectionRank[i], j)) }
                arranged.append(afterDeletes[sectionRank[i]])
            }
        }
        if !sectionOps.isEmpty { stages.append(Stage(sectionOps, after: Snapshot(arranged))) }

        // 4. Item inserts and moves; a move's source is its position after the deletes.
        var itemOps = BatchUpdate()
        postIndex.withUnsafeBufferPointer { postIndex in
            matching.itemSource.withUnsafeBufferPointer { itemSource in
                for (j, i) in matching.sectionSource.enumerated() where i >= 0 {
                    let low = oldLayout.offsets[i], high = oldLayout.offsets[i + 1]
                    let newStart = newLayout.offsets[j]
                    for f in newStart..<newLayout.offsets[j + 1] {
                        // The source is carried here when its old section is kept (sources are
                        // distinct, so no other new item claims it).
                        let src = itemSource[f]
                        let from = src < 0 ? -1 : src >= low && src < high ? i : oldLayout.section(of: src)
                        guard from >= 0 && sectionTarget[from] >= 0 else {
                            itemOps.insertItems.append(ItemPath(j, f - newStart))
                            continue
                        }
                        guard matching.itemMoved[f] else { continue }
                        let source = ItemPath(sectionTarget[from], postIndex[src])
                        itemOps.moveItems.append(Move(source, ItemPath(j, f - newStart)))
                    }
                }
            }
        }
        var sectionReloads = BatchUpdate()
        for (j, i) in matching.sectionSource.enumerated()
        where i >= 0 && !old.sections[i].model.isContentEqual(to: new.sections[j].model) {
            sectionReloads.reloadSections.append(j)
        }
        if !itemOps.isEmpty {
            var current = new
            if !sectionReloads.isEmpty {
                current = Snapshot(new.sections.enumerated().map { j, section in
                    let i = matching.sectionSource[j]
                    return i >= 0 ? Section(old.sections[i].model, items: section.items) : section
                })
            }
            stages.append(Stage(itemOps, after: current))
        }

        // 5. Section reloads.
        if !sectionReloads.isEmpty { stages.append(Stage(sectionReloads, after: new)) }
        if !stages.isEmpty { stages[stages.count - 1].after = nil }
        return .staged(stages)
    }
}
