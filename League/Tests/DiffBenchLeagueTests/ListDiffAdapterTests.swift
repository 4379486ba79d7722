import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// The ListDiff adapters, raw and through `forBatchUpdates()`, on hand-made cases.
@Suite struct ListDiffAdapterTests {
    let raw = Differ(adapting: ListDiffAdapter(batchSafe: false))
    let safe = Differ(adapting: ListDiffAdapter(batchSafe: true))

    @Test func theRawResultReloadsAndMovesAChangedRowInOneBatch() throws {
        // A row both moved and changed: IGListKit's raw result reloads it at its old path and moves
        // it from there, which UIKit refuses ("attempt to perform a delete and a move from the same
        // index path", R2).
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(3, 1), (1, 0), (2, 0)])])
        let (changeset, rule) = try run(raw, old, new)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.reloadItems == [ItemPath(0, 2)])
        #expect(only.moveItems.contains(Move(ItemPath(0, 2), ItemPath(0, 0))))
        #expect(rule == "R2")
    }

    @Test func forBatchUpdatesTurnsTheChangedMoveIntoADeleteAndAnInsert() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(3, 1), (1, 0), (2, 0)])])
        let (changeset, rule) = try run(safe, old, new)
        #expect(rule == nil)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.reloadItems.isEmpty)
        #expect(only.deleteItems == [ItemPath(0, 2)] && only.insertItems == [ItemPath(0, 0)])
    }

    @Test func sectionsAreDiffedOneLevelUp() throws {
        let old = snapshot([(1, 0, rows(1)), (2, 0, rows(2))]), new = snapshot([(3, 0, rows(3)), (1, 0, rows(1, 4))])
        let (changeset, rule) = try run(safe, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [
            batch(deleteSections: [1], insertSections: [0], insertItems: [(1, 1)]),
        ])
    }

    @Test func aChangedHeaderIsDeletedAndInsertedWithItsRowsNotDiffed() throws {
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 1, rows(2, 1))])
        let (changeset, rule) = try run(safe, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(deleteSections: [0], insertSections: [0])])
    }
}
