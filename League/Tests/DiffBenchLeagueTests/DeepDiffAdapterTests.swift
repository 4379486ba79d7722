// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// The DeepDiff adapter: the library's changes on hand-made cases, through its glue: per section,
/// one batch, then the reloads, all in one update.
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

    @Test func replacesAreReloadedRightAfterTheBatchInTheSameUpdate() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(0, 0), (1, 0), (2, 1), (3, 0)])])
        let (changeset, rule) = try run(differ, old, new)
        #expect(sortedBatches(changeset) == [batch(insertItems: [(0, 0)]), batch(reloadItems: [(0, 2)])])
        // The data source shows the new list from the first batch on; the reload ends the same update,
        // so no frame shows the replaced row's old content.
        #expect(afters(changeset) == [new, nil])
        #expect(continues(changeset) == [false, true])
        #expect(rule == nil)
    }

    @Test func aFollowUpThatReloadsTheWrongRowFails() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(0, 0), (1, 0), (2, 1), (3, 0)])])
        let wrong: DiffBenchModel.Changeset<Element<Int>, Element<Int>> = .staged([
            Stage(batch(insertItems: [(0, 0)]), after: new),
            Stage(batch(reloadItems: [(0, 1)]), after: nil, continuesUpdate: true)
        ])
        let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: wrong)
        #expect(report.firstFailure?.rule == "R22")
    }

    @Test func aCaseThatChangesSectionsIsInputItsGlueDoesNotTake() throws {
        let old = snapshot([(1, 0, rows(1, 2))])
        #expect(throws: DeepDiffAdapter.SectionChanges.self) {
            _ = try differ.changeset(from: old, to: snapshot([(1, 1, rows(1, 2))]))
        }
        #expect(throws: DeepDiffAdapter.SectionChanges.self) {
            _ = try differ.changeset(from: old, to: snapshot([(1, 0, rows(1, 2)), (2, 0, [])]))
        }
    }

    @Test func eachSectionIsOneCallAndARowThatChangesSectionIsDeletedAndInserted() throws {
        let old = snapshot([(1, 0, rows(1, 2)), (2, 0, rows(3))]), new = snapshot([(1, 0, rows(1)), (2, 0, rows(3, 2))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(deleteItems: [(0, 1)]), batch(insertItems: [(1, 1)])])
        #expect(afters(changeset) == [snapshot([(1, 0, rows(1)), (2, 0, rows(3))]), nil])
        #expect(continues(changeset) == [false, true])
    }

    @Test func aTouchedRowInTheSecondSectionPasses() throws {
        let old = snapshot([(1, 0, rows(1, 2)), (2, 0, rows(3, 4))])
        let new = snapshot([(1, 0, rows(1, 2)), (2, 0, [(3, 0), (4, 1)])])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(), batch(reloadItems: [(1, 1)])])
    }
}

/// DeepDiff's input as its users give it: unique `diffId`s among a section's rows.
@Suite struct DeepDiffInputTests {
    @Test func aSectionRepeatingARowIdentityIsInputItsUsersDoNotGive() throws {
        let differ = Differ(adapting: DeepDiffAdapter())
        #expect(throws: DeepDiffAdapter.RepeatedDiffIds.self) {
            _ = try differ.changeset(from: snapshot([(1, 0, rows(1, 2))]), to: snapshot([(1, 0, rows(2, 1, 2))]))
        }
        // The same row in two sections is two calls' business.
        let (_, rule) = try run(
            differ, snapshot([(1, 0, rows(1)), (2, 0, rows(1))]), snapshot([(1, 0, rows(1)), (2, 0, [])]))
        #expect(rule == nil)
    }
}
