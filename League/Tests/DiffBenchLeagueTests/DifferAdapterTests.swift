// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
import Differ
@testable import DiffBenchLeague

/// The Differ adapter: its conversion of a nested diff made by hand, and the library's diff through it.
@Suite struct DifferAdapterTests {
    @Test func everyElementLandsInItsFieldWithTheSectionFirst() {
        let diff = NestedExtendedDiff(elements: [
            .deleteSection(1), .insertSection(0), .moveSection(from: 2, to: 3),
            .deleteElement(4, section: 0), .insertElement(1, section: 2),
            .moveElement(from: (item: 0, section: 0), to: (item: 2, section: 1))
        ])
        let converted: DiffBenchModel.Changeset<Element<Int>, Element<Int>> = DifferLibraryAdapter.changeset(diff)
        #expect(
            converted.stages.map(\.update) == [
                batch(
                    deleteSections: [1], insertSections: [0], moveSections: [(2, 3)], deleteItems: [(0, 4)],
                    insertItems: [(2, 1)], moveItems: [((0, 0), (1, 2))])
            ])
        #expect(afters(converted) == [nil])
    }

    @Test func anUpdatedRowIsDeletedAndInsertedNeverReloaded() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, [(1, 0), (2, 1), (3, 0)])])
        let (changeset, rule) = try run(Differ(adapting: DifferLibraryAdapter()), old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(deleteItems: [(0, 1)], insertItems: [(0, 1)])])
    }

    @Test func aMovedRowIsMoved() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3))]), new = snapshot([(1, 0, rows(3, 1, 2))])
        let (changeset, rule) = try run(Differ(adapting: DifferLibraryAdapter()), old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(moveItems: [((0, 2), (0, 0))])])
    }
}
