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
func replay(_ batch: ValidatedBatch, oldCounts: [Int], newCounts: [Int]) -> [[Slot]] {
    var gone = oldCounts.map { [Bool](repeating: false, count: $0) }
    for d in batch.itemDeletes { gone[d.op.section][d.op.item] = true }
    for m in batch.itemMoves { gone[m.from.section][m.from.item] = true }

    var slots = newCounts.indices.map { j in
        [Slot](repeating: batch.newToOld[j] < 0 ? Slot(kind: .sectionInsert, from: ItemPath(-1, -1)) : .empty,
               count: newCounts[j])
    }
    for x in batch.itemInserts {
        slots[x.op.section][x.op.item] = x.reload.map { Slot(kind: .reload, from: ItemPath($0.section, $0.item)) }
            ?? Slot(kind: .insert, from: ItemPath(-1, -1))
    }
    for m in batch.itemMoves {
        slots[m.to.section][m.to.item] = Slot(kind: .moved, from: ItemPath(m.from.section, m.from.item))
    }
    for j in newCounts.indices {
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
