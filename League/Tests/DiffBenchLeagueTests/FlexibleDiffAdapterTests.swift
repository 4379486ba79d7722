// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchKit
import FlexibleDiff
@testable import DiffBenchLeague

/// The FlexibleDiff adapter: its conversion of a sectioned changeset made by hand, and the library's
/// changeset, computed with Bento's `const(false)` comparators, through it.
@Suite struct FlexibleDiffAdapterTests {
    let differ = Differ(adapting: FlexibleDiffAdapter())

    @Test func rowsUseTheirSectionsOldAndNewOffsetsAndMutationsAndMovesAreRebound() {
        let rowsChanged = FlexibleDiff.Changeset(
            inserts: [1], removals: [0], mutations: [2],
            moves: [
                .init(source: 3, destination: 0, isMutated: true),
                .init(source: 4, destination: 5, isMutated: false)
            ])
        let changes = SectionedChangeset(
            sections: FlexibleDiff.Changeset(
                inserts: [0], removals: [2], mutations: [4],
                moves: [.init(source: 1, destination: 3, isMutated: true)]),
            mutatedSections: [.init(source: 0, destination: 1, changeset: rowsChanged)])
        // Section 1 moves: as Bento sends it, a delete and an insert. Section 4 is mutated in place:
        // its header is rebound. Every mutation and every move of a row is rebound (positionsOfMutations).
        let converted: DiffBenchModel.Changeset<Element<Int>, Element<Int>> = FlexibleDiffAdapter.changeset(changes)
        #expect(
            sortedBatches(converted) == [
                batch(
                    deleteSections: [1, 2], insertSections: [0, 3],
                    deleteItems: [(0, 0)], insertItems: [(1, 1)], moveItems: [((0, 3), (1, 0)), ((0, 4), (1, 5))],
                    reconfigureItems: [(1, 0), (1, 2), (1, 5)], reconfigureSections: [4])
            ])
    }

    @Test func bentosComparatorsRebindEveryRowAndHeaderEvenWhenNothingChanged() throws {
        // const(false): nothing is equal, so a list re-applied as it is rebinds every visible cell.
        let old = snapshot([(1, 0, rows(1, 2))])
        let (changeset, rule) = try run(differ, old, old)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(reconfigureItems: [(0, 0), (0, 1)], reconfigureSections: [0])])
    }

    @Test func anUpdatedRowInPlaceIsRebound() throws {
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 0, [(1, 0), (2, 1)])])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.reconfigureItems == [ItemPath(0, 0), ItemPath(0, 1)] && only.reloadItems.isEmpty)
    }

    @Test func aChangedHeaderInPlaceIsReboundNotReloaded() throws {
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 1, rows(2, 1))])
        let (changeset, rule) = try run(differ, old, new)
        #expect(rule == nil)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.reloadSections.isEmpty && only.reconfigureSections == [0])
    }

    @Test func aSectionInsertedBeforeOthersMovesThemAndTheirRowMovesBreakR3() throws {
        // With const(false) every section whose offset changes is a move, which Bento sends as a
        // delete and an insert (TableViewSectionDiff.swift:71, 132-135 at 635d6d2), while the moved
        // section's rows still move from it (line 83): a row moved out of a deleted section. With
        // real equality the shifted section would be no move, and the batch would pass.
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(9, 0, []), (1, 0, rows(2, 1))])
        let (changeset, rule) = try run(differ, old, new)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.deleteSections == [0] && only.insertSections == [0, 1])
        #expect(only.moveItems.contains(Move(ItemPath(0, 0), ItemPath(1, 1))))
        #expect(rule == "R3")
    }

    @Test func aChangedHeaderThatMovesIsDeletedAndInsertedAsBentoDoes() throws {
        let old = snapshot([(10001, 0, [])]), new = snapshot([(10005, 0, []), (10001, 1, [])])
        let (changeset, rule) = try run(differ, old, new)
        #expect(sortedBatches(changeset) == [batch(deleteSections: [0], insertSections: [0, 1])])
        #expect(rule == nil)
    }
}
