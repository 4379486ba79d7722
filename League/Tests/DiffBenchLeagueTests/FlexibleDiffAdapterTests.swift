// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchKit
import FlexibleDiff
@testable import DiffBenchLeague

/// The FlexibleDiff adapter: its conversion of a sectioned changeset made by hand, and the library's
/// changeset through it.
@Suite struct FlexibleDiffAdapterTests {
    @Test func rowsUseTheirSectionsOldAndNewOffsetsAndMutationsAreRebound() {
        let rowsChanged = FlexibleDiff.Changeset(
            inserts: [1], removals: [0], mutations: [2],
            moves: [
                .init(source: 3, destination: 0, isMutated: true),
                .init(source: 4, destination: 5, isMutated: false)
            ])
        let changes = SectionedChangeset(
            sections: FlexibleDiff.Changeset(
                inserts: [0], removals: [2],
                moves: [
                    .init(
                        source: 1, destination: 3,
                        isMutated: false)
                ]),
            mutatedSections: [.init(source: 0, destination: 1, changeset: rowsChanged)])
        // Section 0 (old) becomes 1 (new) with its header changed; section 1 moves unchanged. As Bento
        // sends it: the header rebound in place, the section move as a delete and an insert.
        let old = snapshot([(7, 0, rows(1, 2, 3, 4, 5)), (8, 0, []), (9, 0, [])])
        let new = snapshot([(6, 0, []), (7, 1, rows(4, 6, 3, 1, 2, 5)), (5, 0, []), (8, 0, [])])
        let converted = FlexibleDiffAdapter.changeset(changes, old: old, new: new)
        #expect(
            sortedBatches(converted) == [
                batch(
                    deleteSections: [1, 2], insertSections: [0, 3],
                    deleteItems: [(0, 0)], insertItems: [(1, 1)], moveItems: [((0, 3), (1, 0)), ((0, 4), (1, 5))],
                    reconfigureItems: [(1, 0), (1, 2)], reconfigureSections: [1])
            ])
    }

    @Test func anUpdatedRowInPlaceIsReconfigured() throws {
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 0, [(1, 0), (2, 1)])])
        let (changeset, rule) = try run(Differ(adapting: FlexibleDiffAdapter()), old, new)
        #expect(rule == nil)
        #expect(sortedBatches(changeset) == [batch(reconfigureItems: [(0, 1)])])
    }

    @Test func aChangedHeaderThatMovesIsDeletedAndInsertedAsBentoDoes() throws {
        // Formerly R2 (a reload and a move of one section): Bento sends no section reload.
        let old = snapshot([(10001, 0, [])]), new = snapshot([(10005, 0, []), (10001, 1, [])])
        let (changeset, rule) = try run(Differ(adapting: FlexibleDiffAdapter()), old, new)
        #expect(sortedBatches(changeset) == [batch(deleteSections: [0], insertSections: [0, 1])])
        #expect(rule == nil)
    }

    @Test func aChangedHeaderInPlaceIsReboundNotReloaded() throws {
        let old = snapshot([(1, 0, rows(1, 2))]), new = snapshot([(1, 1, rows(2, 1))])
        let (changeset, rule) = try run(Differ(adapting: FlexibleDiffAdapter()), old, new)
        #expect(rule == nil)
        let only = try #require(sortedBatches(changeset).first)
        #expect(only.reloadSections.isEmpty && only.reconfigureSections == [0])
    }

    @Test func aRowMovedOutOfAMovedSectionIsBentosOwnR3() throws {
        // Bento sends a moved section as a delete and an insert, and still moves the rows of it
        // (TableViewSectionDiff.swift:71, 83 at 635d6d2): a row move out of a deleted section.
        let old = snapshot([(1, 0, rows(1, 2)), (2, 0, rows(3))])
        let new = snapshot([(2, 0, rows(3)), (1, 0, rows(2, 1))])
        let (changeset, rule) = try run(Differ(adapting: FlexibleDiffAdapter()), old, new)
        let only = try #require(sortedBatches(changeset).first)
        #expect(!only.moveItems.isEmpty && only.moveSections.isEmpty)
        #expect(rule == "R3")
    }
}
