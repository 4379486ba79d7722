// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// What IGListKit does to a batch before it reaches UICollectionView, as documented in its
/// `IGListBatchUpdateData` (Instagram/IGListKit 5.2.0,
/// Source/IGListDiffKit/IGListBatchUpdateData.mm:58-161, its initializer): the batch clean-up of
/// the apps that use IGListKit's diff, and so the glue the league models for ListDiff, its Swift
/// port, which ships none. Written here from that description, not copied:
///
/// - a section move whose source is deleted or whose destination is inserted is dropped;
/// - repeated row deletes are kept once, and as many inserts at the same path are dropped;
/// - a moved section that also has row deletes (at its old index), row inserts (at its new index)
///   or row moves out of it becomes a section delete and insert, and those row operations go;
/// - a row move out of a deleted section is dropped.
///
/// The rows of a section deleted and inserted in the same batch are reloaded whole, which is
/// what IGListKit accepts to avoid "UICollectionView heap corruptions, exceptions, and
/// animation/snapshot bugs" (its comment at lines 54-57).
public enum IGListKitBatchCleanup {
    /// The batch IGListKit sends for `batch`.
    ///
    /// - Complexity: O(*k*) for *k* operations (hash maps and sets).
    public static func clean(_ batch: BatchUpdate) -> BatchUpdate {
        let deletedSections = Set(batch.deleteSections), insertedSections = Set(batch.insertSections)
        var out = batch
        // Section moves that survive, by source and by destination; never changed below, so a
        // section with several row operations is converted once, whatever their order.
        var bySource: [Int: Move<Int>] = [:], byDestination: [Int: Move<Int>] = [:]
        var moves: [Move<Int>] = []
        for m in batch.moveSections where !deletedSections.contains(m.from) && !insertedSections.contains(m.to) {
            bySource[m.from] = m
            byDestination[m.to] = m
            moves.append(m)
        }
        var converted: Set<Int> = []  // sources of the section moves turned into a delete and an insert
        // Repeated deletes: once each; an insert at a path deleted more than once is skipped per extra delete.
        var deleteCounts: [ItemPath: Int] = [:]
        var deletes: [ItemPath] = []
        for d in batch.deleteItems {
            if deleteCounts[d, default: 0] == 0 { deletes.append(d) }
            deleteCounts[d, default: 0] += 1
        }
        var inserts: [ItemPath] = []
        for i in batch.insertItems {
            if let count = deleteCounts[i], count > 1 { deleteCounts[i] = count - 1 } else { inserts.append(i) }
        }
        deletes.removeAll { d in
            guard let m = bySource[d.section] else { return false }
            converted.insert(m.from)
            return true
        }
        inserts.removeAll { i in
            guard let m = byDestination[i.section] else { return false }
            converted.insert(m.from)
            return true
        }
        out.moveItems = batch.moveItems.filter { m in
            if let sectionMove = bySource[m.from.section] {
                converted.insert(sectionMove.from)
                return false
            }
            return !deletedSections.contains(m.from.section)
        }
        out.deleteItems = deletes
        out.insertItems = inserts
        out.moveSections = moves.filter { !converted.contains($0.from) }
        for m in moves where converted.contains(m.from) {
            if !out.deleteSections.contains(m.from) { out.deleteSections.append(m.from) }
            if !out.insertSections.contains(m.to) { out.insertSections.append(m.to) }
        }
        return out
    }
}
