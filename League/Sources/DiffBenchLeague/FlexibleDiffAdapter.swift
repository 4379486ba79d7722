// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchKit
import FlexibleDiff

/// FlexibleDiff 0.0.9 (RACCommunity/FlexibleDiff): `SectionedChangeset(previous:current:
/// sectionIdentifier:areMetadataEqual:items:itemIdentifier:areItemsEqual:)`, its Heckel-based
/// diff with identity and equality apart, called and sent as Bento (babylonhealth/Bento), which
/// builds its table and collection views on it, calls and sends it.
///
/// FlexibleDiff's own UIKit glue is its example app, WordList (README.md:64-65; a flat list:
/// WordList/WordListViewController.swift:58-93 at 0.0.9, one section). For sectioned lists its
/// users have Bento (babylonhealth/Bento at its last commit, 635d6d2 of 2019-06-20), which
/// applies it in one `performBatchUpdates`, the same way for a table
/// (Bento/Diff/TableViewSectionDiff.swift) and a collection view (CollectionViewSectionDiff.swift).
/// This adapter calls what Bento calls and sends what Bento sends:
/// - the diff with Bento's comparators, `const(false)` for sections and rows alike
///   (TableViewSectionDiff.swift:21-27), "so as to preserve all positional information for
///   in-place updates to visible cells": nothing compares equal, so every kept section and row
///   is mutated, and every one whose offset changes is a move (FlexibleDiff eliminates only
///   unmutated moves, Changeset.swift:287-309);
/// - the headers (and footers) of sections mutated in place rebound (lines 51-67:
///   `headerView(forSection:)` then `bind`), here `reconfigureSections`;
/// - section inserts and removals (lines 69-70), and every section move as a delete of its source
///   and an insert of its destination (line 71, `moveSections` at lines 132-135; Bento #51 and
///   #187 for why);
/// - per mutated section, row removals at its old index, inserts at its new one and moves from
///   old to new (lines 81-83), and the visible cells of its mutations and moves rebound in place
///   (lines 85-96, `positionsOfMutations`, ChangesetExtensions.swift:9-18), here
///   `reconfigureItems` at their new paths for every one (a cell off screen is configured afresh
///   when it appears, so the screen is the same).
///
/// Since every section whose offset changes is a move, inserting or deleting one section sends
/// the sections after it as deletes and inserts while their rows still move from their old
/// index: rows moved out of sections the batch deletes (R3). Bento's own batch, not a
/// composition of the league's.
public struct FlexibleDiffAdapter: GenericDifferAdapter {
    public let name = "flexiblediff"
    public let summary = "FlexibleDiff 0.0.9: SectionedChangeset with Bento's const(false), sent as Bento sends it"

    public init() {}

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        let previous = DifferLibraryAdapter.sections(old), current = DifferLibraryAdapter.sections(new)
        return PreparedCall(
            diff: {
                SectionedChangeset(
                    previous: previous, current: current, sectionIdentifier: { $0.header.id },
                    areMetadataEqual: { _, _ in false }, items: { $0.rows },
                    itemIdentifier: { $0.id }, areItemsEqual: { _, _ in false })
            }, changeset: { Self.changeset($0) })
    }

    /// The one batch Bento's `TableViewSectionDiff` sends for `changes`.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    public static func changeset<ID: Hashable & Sendable>(_ changes: SectionedChangeset)
        -> DiffBenchModel.Changeset<Element<ID>, Element<ID>>
    {
        var batch = BatchUpdate()
        batch.insertSections = Array(changes.sections.inserts) + changes.sections.moves.map(\.destination)
        batch.deleteSections = Array(changes.sections.removals) + changes.sections.moves.map(\.source)
        // `sections.mutations` are position-invariant offsets (FlexibleDiff's Changeset.swift:87-99):
        // the sections mutated in place, whose headers Bento rebinds.
        batch.reconfigureSections = Array(changes.sections.mutations)
        for section in changes.mutatedSections {
            let rows = section.changeset
            batch.deleteItems += rows.removals.map { ItemPath(section.source, $0) }
            batch.insertItems += rows.inserts.map { ItemPath(section.destination, $0) }
            batch.moveItems += rows.moves.map {
                Move(ItemPath(section.source, $0.source), ItemPath(section.destination, $0.destination))
            }
            // Mutations keep their offset in both versions; moves are rebound too (positionsOfMutations).
            batch.reconfigureItems +=
                rows.mutations.map { ItemPath(section.destination, $0) }
                + rows.moves.map { ItemPath(section.destination, $0.destination) }
        }
        return .staged([Stage(batch, after: nil)])
    }
}
