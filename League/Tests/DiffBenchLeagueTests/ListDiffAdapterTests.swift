// SPDX-License-Identifier: Apache-2.0
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
        #expect(
            sortedBatches(changeset) == [
                batch(deleteSections: [1], insertSections: [0], insertItems: [(1, 1)])
            ])
    }

    @Test func aChangedHeaderIsDeletedAndInsertedWithItsRowsNotDiffed() throws {
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 1, rows(2, 1))])
        let (changeset, rule) = try run(safe, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(deleteSections: [0], insertSections: [0])])
    }

    @Test func aMovedSectionWithRowChangesBecomesADeleteAndAnInsertAsIGListKitSendsIt() throws {
        // Section 2 moves to the front and gains a row: IGListKit's clean-up sends no row operation in a
        // moved section (R18), it deletes and inserts the section.
        let old = snapshot([(1, 0, rows(1)), (2, 0, rows(2))]), new = snapshot([(2, 0, rows(2, 5)), (1, 0, rows(1))])
        let (changeset, rule) = try run(safe, old, new)
        #expect(rule == nil)
        let only = try #require(sortedBatches(changeset).first)
        // Section 2 (old 1, new 0) gains a row: deleted and inserted whole. Section 1 has no row change:
        // its move stays a move.
        #expect(only.insertItems.isEmpty && only.deleteSections == [1] && only.insertSections == [0])
        #expect(only.moveSections == [Move(0, 1)])
    }
}

/// IGListKit's batch clean-up, as the league models it, on hand-made batches.
@Suite struct IGListKitBatchCleanupTests {
    @Test func rowOperationsInAMovedSectionTurnTheMoveIntoADeleteAndAnInsert() {
        let cleaned = IGListKitBatchCleanup.clean(
            batch(
                moveSections: [(0, 2), (1, 0)], deleteItems: [(0, 1)],
                insertItems: [(0, 3)], moveItems: [((3, 0), (3, 1))]))
        // (0 -> 2) has a delete at its source; (1 -> 0) has an insert at its destination.
        var expected = batch(deleteSections: [0, 1], insertSections: [0, 2], moveItems: [((3, 0), (3, 1))])
        expected.deleteSections.sort()
        var got = cleaned
        got.deleteSections.sort(); got.insertSections.sort()
        #expect(got == expected)
    }

    @Test func aRowMoveOutOfAMovedSectionConvertsItAndIsDropped() {
        let cleaned = IGListKitBatchCleanup.clean(batch(moveSections: [(0, 1)], moveItems: [((0, 0), (0, 1))]))
        #expect(cleaned == batch(deleteSections: [0], insertSections: [1]))
    }

    @Test func repeatedDeletesAreKeptOnceWithAnInsertDroppedPerExtraDelete() {
        let cleaned = IGListKitBatchCleanup.clean(batch(deleteItems: [(0, 1), (0, 1)], insertItems: [(0, 1), (0, 2)]))
        #expect(cleaned == batch(deleteItems: [(0, 1)], insertItems: [(0, 2)]))
    }

    @Test func sectionMovesFromDeletedOrToInsertedSectionsAndRowMovesOutOfDeletedOnesAreDropped() {
        let cleaned = IGListKitBatchCleanup.clean(
            batch(
                deleteSections: [0], insertSections: [2],
                moveSections: [(0, 1), (1, 2)], moveItems: [((0, 0), (1, 0))]))
        #expect(cleaned == batch(deleteSections: [0], insertSections: [2]))
    }
}
