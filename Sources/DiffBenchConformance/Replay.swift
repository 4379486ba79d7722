// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// What UIKit puts in one slot of the new state (spec §5.5).
struct Slot {
    /// `carried` slots are filled in old order (the item stays put); `moved` ones are move targets.
    enum Kind: UInt8 { case empty, carried, moved, reload, insert, sectionInsert }
    var kind: Kind
    /// The old position for `carried`, `moved` and `reload` slots.
    var from: ItemPath

    static let empty = Slot(kind: .empty, from: ItemPath(-1, -1))
}

/// UIKit's fill rule: explicit inserts and move targets are placed, every other slot takes the
/// surviving old items of the mapped section in old order.
///
/// - Complexity: O(*n* + *k*) for *n* items and *k* operations.
///
/// Sections marked in `skip` (untouched by the batch, their items the very same storage before and
/// after: ``untouchedSections(before:after:batch:update:)``) get no slots: every slot of theirs is
/// carried from the same place, and the identity check takes them whole.
func replay(_ batch: ValidatedBatch, oldCounts: [Int], newCounts: [Int], skip: [Bool]? = nil) -> [[Slot]] {
    var gone = oldCounts.map { [Bool](repeating: false, count: $0) }
    for d in batch.itemDeletes { gone[d.op.section][d.op.item] = true }
    for m in batch.itemMoves { gone[m.from.section][m.from.item] = true }

    var slots = newCounts.indices.map { j in
        skip?[j] == true
            ? []
            : [Slot](
                repeating: batch.newToOld[j] < 0 ? Slot(kind: .sectionInsert, from: ItemPath(-1, -1)) : .empty,
                count: newCounts[j])
    }
    for x in batch.itemInserts {
        slots[x.op.section][x.op.item] =
            x.reload.map { Slot(kind: .reload, from: ItemPath($0.section, $0.item)) }
            ?? Slot(kind: .insert, from: ItemPath(-1, -1))
    }
    for m in batch.itemMoves {
        slots[m.to.section][m.to.item] = Slot(kind: .moved, from: ItemPath(m.from.section, m.from.item))
    }
    for j in newCounts.indices where skip?[j] != true {
        let i = batch.newToOld[j]
        guard i >= 0 else { continue }
        var k = 0
        let oldGone = gone[i]
        slots[j].withUnsafeMutableBufferPointer { row in
            for q in row.indices where row[q].kind == .empty {
                while k < oldGone.count && oldGone[k] { k += 1 }
                guard k < oldGone.count else { break }
                row[q] = Slot(kind: .carried, from: ItemPath(i, k))
                k += 1
            }
        }
    }
    return slots
}

/// Per new section, whether a valid batch leaves it alone: it maps from an old section, no item
/// operation or reconfigure names it (or its old section), and its items are the very same storage
/// before and after (so equal, item for item, without reading them). Such a section's cells are all
/// carried in place; a staged changeset that sends one batch per section (DeepDiff's glue) has
/// thousands of them per stage.
///
/// - Complexity: O(*s* + *k*) for *s* sections and *k* operations.
func untouchedSections<Model: DiffElement, Item: DiffElement>(
    before: Snapshot<Model, Item>, after: Snapshot<Model, Item>, batch: ValidatedBatch, update: BatchUpdate
) -> [Bool] {
    var newTouched = [Bool](repeating: false, count: after.sections.count)
    var oldTouched = [Bool](repeating: false, count: before.sections.count)
    func markOld(_ s: Int) { if oldTouched.indices.contains(s) { oldTouched[s] = true } }
    func markNew(_ s: Int) { if newTouched.indices.contains(s) { newTouched[s] = true } }
    for d in batch.itemDeletes { markOld(d.op.section) }
    for x in batch.itemInserts {
        markNew(x.op.section)
        if let r = x.reload { markOld(r.section) }
    }
    for m in batch.itemMoves {
        markOld(m.from.section)
        markNew(m.to.section)
    }
    for c in update.reconfigureItems { markNew(c.section) }
    return after.sections.indices.map { j in
        let i = batch.newToOld[j]
        guard i >= 0, i < before.sections.count, !newTouched[j], !oldTouched[i] else { return false }
        return sameStorage(before.sections[i].items, after.sections[j].items)
    }
}

/// Whether two arrays are one and the same storage (equal without comparing an element).
///
/// - Complexity: O(1).
func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
}
