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

    @inlinable
    func build() -> Changeset<Model, Item> {
        let oldLayout = FlatLayout(old)
        let newLayout = FlatLayout(new)
        var sectionTarget = [Int](repeating: -1, count: old.sections.count)
        for (j, i) in matching.sectionSource.enumerated() where i >= 0 { sectionTarget[i] = j }
        let oldSectionOf = oldLayout.sectionOfEach()
        let newSectionOf = newLayout.sectionOfEach()

        // An old item is carried when it stays on screen: matched, its old section kept and its
        // new section not inserted.
        var carriedTo = [Int](repeating: -1, count: oldLayout.total)
        for j in new.sections.indices where matching.sectionSource[j] >= 0 {
            for f in newLayout.offsets[j]..<newLayout.offsets[j + 1] {
                let src = matching.itemSource[f]
                if src >= 0 && sectionTarget[oldSectionOf[src]] >= 0 { carriedTo[src] = f }
            }
        }

        var stages: [Stage<Model, Item>] = []
        var current = old

        // 1. Item reloads.
        var reloads = BatchUpdate()
        for i in old.sections.indices {
            for k in old.sections[i].items.indices {
                let f = carriedTo[oldLayout.offsets[i] + k]
                guard f >= 0 else { continue }
                let j = newSectionOf[f]
                let newItem = new.sections[j].items[f - newLayout.offsets[j]]
                if !old.sections[i].items[k].isContentEqual(to: newItem) {
                    reloads.reloadItems.append(ItemPath(i, k))
                    current.sections[i].items[k] = newItem
                }
            }
        }
        if !reloads.isEmpty { stages.append(Stage(reloads, after: current)) }

        // 2. Deletes.
        var deletes = BatchUpdate()
        var postIndex = [Int](repeating: -1, count: oldLayout.total)
        var sectionRank = [Int](repeating: -1, count: old.sections.count)
        var afterDeletes: [Section<Model, Item>] = []
        afterDeletes.reserveCapacity(old.sections.count)
        for i in old.sections.indices {
            guard sectionTarget[i] >= 0 else { deletes.deleteSections.append(i); continue }
            sectionRank[i] = afterDeletes.count
            let start = oldLayout.offsets[i], end = oldLayout.offsets[i + 1]
            var kept = 0
            for f in start..<end where carriedTo[f] >= 0 {
                postIndex[f] = kept
                kept += 1
            }
            // A section that loses nothing is shared, not copied.
            guard kept < end - start else {
                afterDeletes.append(current.sections[i])
                continue
            }
            var items: [Item] = []
            items.reserveCapacity(kept)
            for (k, item) in current.sections[i].items.enumerated() {
                if carriedTo[start + k] >= 0 {
                    items.append(item)
                } else {
                    deletes.deleteItems.append(ItemPath(i, k))
                }
            }
            afterDeletes.append(Section(current.sections[i].model, items: items))
        }
        if !deletes.isEmpty {
            current = Snapshot(afterDeletes)
            stages.append(Stage(deletes, after: current))
        }

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
        if !sectionOps.isEmpty {
            current = Snapshot(arranged)
            stages.append(Stage(sectionOps, after: current))
        }

        // 4. Item inserts and moves.
        var itemOps = BatchUpdate()
        for (j, i) in matching.sectionSource.enumerated() where i >= 0 {
            for f in newLayout.offsets[j]..<newLayout.offsets[j + 1] {
                let src = matching.itemSource[f]
                let k = f - newLayout.offsets[j]
                if src >= 0 && carriedTo[src] == f {
                    if matching.itemMoved[f] {
                        itemOps.moveItems.append(Move(ItemPath(sectionTarget[oldSectionOf[src]], postIndex[src]), ItemPath(j, k)))
                    }
                } else {
                    itemOps.insertItems.append(ItemPath(j, k))
                }
            }
        }
        var sectionReloads = BatchUpdate()
        for (j, i) in matching.sectionSource.enumerated() where i >= 0 && !old.sections[i].model.isContentEqual(to: new.sections[j].model) {
            sectionReloads.reloadSections.append(j)
        }
        if !itemOps.isEmpty {
            if sectionReloads.isEmpty {
                current = new
            } else {
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
