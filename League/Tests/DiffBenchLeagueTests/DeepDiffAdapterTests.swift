import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// The DeepDiff adapter: the library's changes on hand-made cases, through its glue's two batches.
@Suite struct DeepDiffAdapterTests {
    let differ = Differ(adapting: DeepDiffAdapter())

    @Test func deletesInsertsAndMovesGoInOneBatch() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3, 4))]), new = snapshot([(1, 0, rows(4, 1, 3, 5))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        let batches = sortedBatches(changeset)
        #expect(batches.count == 1)
        #expect(batches[0].deleteItems == [ItemPath(0, 1)] && batches[0].insertItems == [ItemPath(0, 3)])
        #expect(batches[0].moveItems.contains(Move(ItemPath(0, 3), ItemPath(0, 0))))
    }

    @Test func replacesAreReloadedAfterTheBatchAtTheirNewPaths() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(0, 0), (1, 0), (2, 1), (3, 0)])])
        let (changeset, rule) = try run(differ, old, new)
        #expect(sortedBatches(changeset) == [batch(insertItems: [(0, 0)]), batch(reloadItems: [(0, 2)])])
        // The data source shows the new list from the first batch on: the replaced row is stale there.
        #expect(afters(changeset) == [new, nil])
        #expect(rule == "R22")
    }

    @Test func aReplacedHeaderReloadsItsSectionAndNotItsRowsAgain() throws {
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 1, [(1, 1), (2, 0)])])
        let (changeset, _) = try run(differ, old, new)
        #expect(sortedBatches(changeset) == [batch(), batch(reloadSections: [0])])
    }

    @Test func aRowThatChangesSectionIsDeletedAndInserted() throws {
        let old = snapshot([(1, 0, rows(1, 2)), (2, 0, rows(3))]), new = snapshot([(1, 0, rows(1)), (2, 0, rows(3, 2))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(deleteItems: [(0, 1)], insertItems: [(1, 1)])])
    }
}
