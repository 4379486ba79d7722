// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Turns a `Matching` into a changeset UIKit accepts, staged like DifferenceKit (spec §4.1) with
/// fewer batches (each one is an animation the user waits through), all of them one update (sent
/// in one turn of the run loop, so no frame shows a state between them):
///
/// 1. section deletes (old indices), inserts (new indices, with their full contents) and moves
///    (old to new), apart from item operations (R18);
/// 2. item deletes (old rows, in their sections' new places), inserts (new paths) and moves
///    (from there to new paths); the items that do not move keep their order and fill the other
///    slots (spec §2.5), which is what the matching's moves assume;
/// 3. item reloads alone, at new paths (which, with nothing else in the batch, are also the old
///    ones: a reload never meets a move, an insert or a delete, R2, R8, R20);
/// 4. section reloads alone (R19).
///
/// Between them the data source holds the old items in the new section order (after 1), then
/// the new items (after 2 and 3: a row whose content changed shows its old cell until 3 reloads
/// it, in the same update, which is no stale cell); no item is copied into a list of its own.
/// With no section insert, delete or move, 2 is the first batch (as in IGListKit). Empty stages
/// are left out. Items moving out of a deleted section become delete + insert (R3); an inserted
/// section comes in 1 without the items still in a kept section, which 2 moves into it (from a
/// section that 1, not 2, inserted: R9), so that no identity is held twice. Every stage but the
/// last carries its `after` snapshot; every stage but the first continues the update of the
/// stage before it.
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

    /// The changeset. `carriedTo` is `matching.carriedTo(...)` when the algorithm has it already.
    @inlinable
    package func build(carriedTo: consuming [Int]? = nil) -> Changeset<Model, Item> {
        let oldLayout = FlatLayout(old)
        let newLayout = FlatLayout(new)
        var sectionTarget = [Int](repeating: -1, count: old.sections.count)
        for (j, i) in matching.sectionSource.enumerated() where i >= 0 { sectionTarget[i] = j }
        // Per old item: the new flat index it is carried to, or -1 when it does not stay on screen.
        let carriedTo =
            carriedTo
            ?? matching.carriedTo(oldLayout: oldLayout, newLayout: newLayout, sectionTarget: sectionTarget)
        var stages: [Stage<Model, Item>] = []

        // 1. Sections: the old sections in their new places, the inserted ones with their items.
        let sectionsStay =
            !sectionTarget.contains(-1) && !matching.sectionSource.contains(-1)
            && !matching.sectionMoved.contains(true)
        if !sectionsStay {
            var sectionOps = BatchUpdate()
            for i in sectionTarget.indices where sectionTarget[i] < 0 { sectionOps.deleteSections.append(i) }
            var arranged: [Section<Model, Item>] = []
            arranged.reserveCapacity(new.sections.count)
            for (j, i) in matching.sectionSource.enumerated() {
                if i < 0 {
                    sectionOps.insertSections.append(j)
                    arranged.append(
                        arriving(j, oldLayout: oldLayout, newLayout: newLayout, sectionTarget: sectionTarget))
                } else {
                    if matching.sectionMoved[j] { sectionOps.moveSections.append(Move(i, j)) }
                    arranged.append(old.sections[i])
                }
            }
            stages.append(Stage(sectionOps, after: Snapshot(arranged)))
        }

        // 2. Items, and the reloads found on the way (each carried pair's content compared once).
        var itemOps = BatchUpdate()
        var reloads = BatchUpdate()
        // Written where no append checks uniqueness (see ScratchList).
        var deletes = ScratchList<ItemPath>(capacity: oldLayout.total)
        var inserts = ScratchList<ItemPath>(capacity: newLayout.total)
        var moves = ScratchList<Move<ItemPath>>(capacity: newLayout.total)
        defer { deletes.deallocate(); inserts.deallocate(); moves.deallocate() }
        // Items still in a kept section that an inserted section takes: moved there now (the
        // section batch left them out of it, see `arriving`), so neither deleted nor inserted.
        var leaving = Set<Int>()
        matching.itemSource.withUnsafeBufferPointer { itemSource in
            for (j, i) in matching.sectionSource.enumerated() where i < 0 {
                for f in newLayout.offsets[j]..<newLayout.offsets[j + 1]
                where Self.stillElsewhere(itemSource[f], oldLayout, sectionTarget) {
                    let src = itemSource[f], from = oldLayout.section(of: src), row = f &- newLayout.offsets[j]
                    let oldRow = src &- oldLayout.offsets[from]
                    moves.append(Move(ItemPath(sectionTarget[from], oldRow), ItemPath(j, row)))
                    if !old.sections[from].items[oldRow].isContentEqual(to: new.sections[j].items[row]) {
                        reloads.reloadItems.append(ItemPath(j, row))
                    }
                    leaving.insert(src)
                }
            }
        }
        carriedTo.withUnsafeBufferPointer { carriedTo in
            for i in old.sections.indices where sectionTarget[i] >= 0 {
                let start = oldLayout.offsets[i], j = sectionTarget[i]
                for k in 0..<(oldLayout.offsets[i + 1] - start)
                where carriedTo[start + k] < 0 && (leaving.isEmpty || !leaving.contains(start + k)) {
                    deletes.append(ItemPath(j, k))
                }
            }
        }
        matching.itemSource.withUnsafeBufferPointer { itemSource in
            matching.itemMoved.withUnsafeBufferPointer { itemMoved in
                for (j, i) in matching.sectionSource.enumerated() where i >= 0 {
                    items(
                        of: j, from: i, itemSource, itemMoved, oldLayout, newLayout, sectionTarget,
                        &inserts, &moves, &reloads.reloadItems)
                }
            }
        }
        itemOps.deleteItems = deletes.array
        itemOps.insertItems = inserts.array
        itemOps.moveItems = moves.array

        // What the data source holds after 2 and 3: the new items, under the old headers of the
        // sections that 4 reloads.
        var sectionReloads = BatchUpdate()
        for (j, i) in matching.sectionSource.enumerated()
        where i >= 0 && !old.sections[i].model.isContentEqual(to: new.sections[j].model) {
            sectionReloads.reloadSections.append(j)
        }
        let current = sectionReloads.isEmpty ? new : new.underHeaders(of: old, sectionSource: matching.sectionSource)
        for batch in [itemOps, reloads, sectionReloads] where !batch.isEmpty {
            stages.append(Stage(batch, after: current, continuesUpdate: !stages.isEmpty))
        }
        if !stages.isEmpty { stages[stages.count - 1].after = nil }
        return .staged(stages)
    }

    /// Inserted section `j` as the section batch inserts it: its items but those whose old item
    /// is still in a kept section then (each identity once in the data source, as a diffable data
    /// source requires); the item batch moves them here. The section itself, shared, when it has
    /// none.
    ///
    /// - Complexity: O(*k*) for its *k* items, plus O(log *s*) per item with a source.
    @inlinable
    func arriving(_ j: Int, oldLayout: FlatLayout, newLayout: FlatLayout, sectionTarget: [Int]) -> Section<Model, Item>
    {
        let range = newLayout.offsets[j]..<newLayout.offsets[j + 1]
        let source = matching.itemSource
        guard range.contains(where: { Self.stillElsewhere(source[$0], oldLayout, sectionTarget) }) else {
            return new.sections[j]
        }
        let items = range.filter { !Self.stillElsewhere(source[$0], oldLayout, sectionTarget) }
            .map { new.sections[j].items[$0 &- range.lowerBound] }
        return Section(new.sections[j].model, items: items)
    }

    /// Whether an item of an inserted section whose old source is `src` (or -1) is still in a
    /// kept section when the section batch ends.
    ///
    /// - Complexity: O(log *s*) for *s* old sections.
    @inlinable
    static func stillElsewhere(_ src: Int, _ oldLayout: FlatLayout, _ sectionTarget: [Int]) -> Bool {
        src >= 0 && sectionTarget[oldLayout.section(of: src)] >= 0
    }

    /// The inserts, moves and reloads of new section `j`, kept from old section `i`: an item whose
    /// source is gone (or left with a deleted section) is inserted; a carried item the matching
    /// moves goes from its old row, in its section's new place, to its new path; a carried item
    /// whose content changed is reloaded at its new path.
    ///
    /// - Complexity: O(*k*) for *k* items of the section, plus O(log *s*) per item carried from
    ///   another of *s* sections.
    @inlinable
    func items(
        of j: Int, from i: Int, _ itemSource: UnsafeBufferPointer<Int>, _ itemMoved: UnsafeBufferPointer<Bool>,
        _ oldLayout: FlatLayout, _ newLayout: FlatLayout, _ sectionTarget: [Int],
        _ inserts: inout ScratchList<ItemPath>, _ moves: inout ScratchList<Move<ItemPath>>, _ reloads: inout [ItemPath]
    ) {
        let low = oldLayout.offsets[i], high = oldLayout.offsets[i + 1], newStart = newLayout.offsets[j]
        // Through the buffers: an item read out of an array is a copy, and an app's item holding
        // strings is retained and released with it.
        new.sections[j].items.withUnsafeBufferPointer { newItems in
            old.sections[i].items.withUnsafeBufferPointer { oldItems in
                for f in newStart..<newLayout.offsets[j + 1] {
                    let src = itemSource[f], row = f &- newStart
                    guard src >= 0 else {
                        inserts.append(ItemPath(j, row))
                        continue
                    }
                    let inPair = src >= low && src < high
                    let from = inPair ? i : oldLayout.section(of: src)
                    guard sectionTarget[from] >= 0 else {
                        inserts.append(ItemPath(j, row))
                        continue
                    }
                    let oldRow = src &- oldLayout.offsets[from]
                    if itemMoved[f] { moves.append(Move(ItemPath(sectionTarget[from], oldRow), ItemPath(j, row))) }
                    let same =
                        inPair
                        ? oldItems[oldRow].isContentEqual(to: newItems[row])
                        : old.sections[from].items[oldRow].isContentEqual(to: newItems[row])
                    if !same { reloads.append(ItemPath(j, row)) }
                }
            }
        }
    }
}
