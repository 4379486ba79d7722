// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// The osteslag/Changeset adapter: the library's edits on hand-made cases, through its glue: per
/// section, one batch of deletes, inserts and reloads, all in one update.
@Suite struct ChangesetAdapterTests {
    let differ = Differ(adapting: ChangesetAdapter())

    @Test func aMoveIsADeleteAtItsOriginAndAnInsertAtItsDestination() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, rows(3, 1, 2))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(deleteItems: [(0, 2)], insertItems: [(0, 0)])])
    }

    @Test func aChangedRowIsASubstitutionReloadedAtItsOldOffset() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(1, 0), (2, 1), (3, 0)])])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(reloadItems: [(0, 1)])])
    }

    @Test func aSubstitutionOfAnotherRowIsTheDeleteAndInsertUIKitMakesOfTheReload() throws {
        // Row 2 replaced by row 9: the glue reloads old row 1, which UIKit fills with a fresh cell of
        // the data source's row there (9). Sent as that delete and insert, the checker judges the
        // screen; as a reload it would follow row 2's identity (R20).
        let old = snapshot([(1, 0, rows(1, 2, 3, 4, 5))]), new = snapshot([(1, 0, rows(2, 3, 9, 5, 6))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.reloadItems.isEmpty)
        #expect(only.deleteItems.contains(ItemPath(0, 3)) && only.insertItems.contains(ItemPath(0, 2)))
    }

    @Test func whereUIKitLandsAReload() {
        // Old row 3, one delete before it (0) and one insert after: lands at 2.
        #expect(ChangesetAdapter.landing(of: 3, deletesDescending: [0], insertsAscending: [4]) == 2)
        // An insert at or before the shifted row pushes it up.
        #expect(ChangesetAdapter.landing(of: 1, deletesDescending: [], insertsAscending: [0, 1]) == 3)
    }

    @Test func eachSectionIsOneCallInOneUpdate() throws {
        let old = snapshot([(1, 0, rows(1, 2)), (2, 0, rows(3))]), new = snapshot([(1, 0, rows(1)), (2, 0, rows(3, 4))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(deleteItems: [(0, 1)]), batch(insertItems: [(1, 1)])])
        #expect(afters(changeset) == [snapshot([(1, 0, rows(1)), (2, 0, rows(3))]), nil])
        #expect(continues(changeset) == [false, true])
    }

    @Test func aCaseThatChangesSectionsIsInputItsGlueDoesNotTake() {
        let old = snapshot([(1, 0, rows(1, 2))])
        #expect(throws: ChangesetAdapter.SectionChanges.self) {
            _ = try differ.changeset(from: old, to: snapshot([(1, 1, rows(1, 2))]))
        }
        #expect(throws: ChangesetAdapter.SectionChanges.self) {
            _ = try differ.changeset(from: old, to: snapshot([(2, 0, rows(1, 2))]))
        }
    }
}
