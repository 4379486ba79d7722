// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
import DifferenceKit
@testable import DiffBenchLeague

/// The DifferenceKit adapter: its conversion on a staged changeset made by hand, and the library's
/// own stages through it.
@Suite struct DifferenceKitAdapterTests {
    typealias Sections = [ArraySection<Header<Int>, Row<Int>>]

    func data(_ s: [(Int, Int, [(Int, Int)])]) -> Sections { DifferenceKitAdapter.sections(snapshot(s)) }

    @Test func everyOperationLandsInItsFieldWithTheSectionFirst() {
        let first = DifferenceKit.Changeset(
            data: data([(1, 0, rows(10, 11))]),
            sectionDeleted: [2], sectionInserted: [], sectionUpdated: [0], sectionMoved: [],
            elementDeleted: [ElementPath(element: 3, section: 1)], elementInserted: [],
            elementUpdated: [ElementPath(element: 1, section: 0)], elementMoved: [])
        let second = DifferenceKit.Changeset(
            data: data([(1, 0, rows(11, 10))]),
            sectionInserted: [4], sectionMoved: [(source: 0, target: 1)],
            elementInserted: [ElementPath(element: 5, section: 2)],
            elementMoved: [(source: ElementPath(element: 0, section: 1), target: ElementPath(element: 2, section: 3))])
        let converted = DifferenceKitAdapter.changeset(StagedChangeset([first, second]))
        #expect(
            converted.stages.map(\.update) == [
                batch(deleteSections: [2], reloadSections: [0], deleteItems: [(1, 3)], reloadItems: [(0, 1)]),
                batch(insertSections: [4], moveSections: [(0, 1)], insertItems: [(2, 5)], moveItems: [((1, 0), (3, 2))])
            ])
        // Every stage but the last shows its data; the last is the target, left implicit.
        #expect(afters(converted) == [snapshot([(1, 0, rows(10, 11))]), nil])
    }

    @Test func theLibrarysStagesPassTheChecker() throws {
        let old = snapshot([(1, 0, rows(1, 2, 3)), (2, 0, rows(4, 5))])
        let new = snapshot([(2, 1, [(5, 0), (4, 1)]), (1, 0, [(3, 0), (1, 0), (6, 0)])])
        let (changeset, rule) = try run(Differ(adapting: DifferenceKitAdapter()), old, new)
        #expect(rule == nil)
        #expect(changeset.stages.count >= 2, "a move with an update takes DifferenceKit more than one stage")
    }

    @Test func noChangeIsNoBatch() throws {
        let list = snapshot([(1, 0, rows(1, 2))])
        let (changeset, rule) = try run(Differ(adapting: DifferenceKitAdapter()), list, list)
        #expect(rule == nil && changeset.stages.isEmpty)
    }
}
