// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// The RxDataSources (Differentiator) adapter: the library's changesets on hand-made cases.
@Suite struct DifferentiatorAdapterTests {
    let differ = Differ(adapting: DifferentiatorAdapter())

    @Test func insertsDeletesAndReloadsLandAtTheirPaths() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(1, 0), (3, 1), (4, 0)])])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        let all = sortedBatches(changeset)
        #expect(all.flatMap(\.deleteItems) == [ItemPath(0, 1)])
        #expect(all.flatMap(\.insertItems) == [ItemPath(0, 2)])
        #expect(all.flatMap(\.reloadItems).count == 1)
    }

    @Test func sectionsAreInsertedDeletedAndMoved() throws {
        let old = snapshot([(1, 0, rows(1)), (2, 0, rows(2)), (3, 0, rows(3))])
        let new = snapshot([(3, 0, rows(3)), (4, 0, rows(4)), (1, 0, rows(1))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        let all = sortedBatches(changeset)
        #expect(all.flatMap(\.deleteSections) == [1] && all.flatMap(\.insertSections) == [1])
        #expect(!all.flatMap(\.moveSections).isEmpty)
        #expect(all.allSatisfy { $0.reloadSections.isEmpty })
    }

    @Test func aChangedHeaderIsNeverReloaded() throws {
        // RxDataSources #252 and #328: the animated data source sends no section reload, so a
        // section whose header changed keeps showing the old header (R22, stale).
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 1, rows(1, 2, 3))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(changeset.stages.allSatisfy { $0.update.reloadSections.isEmpty })
        #expect(rule == "R22")
    }

    @Test func aChangeOfHeadersAloneIsNeverShown() throws {
        // With nothing but a header changed, Differentiator returns no changeset, and the animated
        // data source sets its sections only inside its loop over them (RxDataSources #221): the
        // data source keeps the old list (FINAL: the screen never shows the new data).
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 1, rows(1, 2))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(changeset.stages.isEmpty)
        #expect(rule == "FINAL")
    }

    @Test func repeatedIdentitiesAreInputItRejects() {
        let old = snapshot([(1, 0, rows(1, 1))]), new = snapshot([(1, 0, rows(1))])
        #expect(throws: (any Error).self) { try differ.changeset(from: old, to: new) }
    }
}
