// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchKit
import FlexibleDiff

/// FlexibleDiff 0.0.9 (RACCommunity/FlexibleDiff): `SectionedChangeset(previous:current:
/// sectionIdentifier:areMetadataEqual:items:itemIdentifier:areItemsEqual:)`, its Heckel-based
/// diff with identity and equality apart.
///
/// FlexibleDiff ships no UIKit glue. Its main user, Bento (babylonhealth/Bento at its last commit,
/// 635d6d2 of 2019-06-20), applies it in one `performBatchUpdates`, the same way for a table
/// (Bento/Diff/TableViewSectionDiff.swift) and a collection view (CollectionViewSectionDiff.swift),
/// and this adapter sends what that code sends:
/// - the headers (and footers) of mutated sections rebound in place, no section reload
///   (TableViewSectionDiff.swift:51-67: `headerView(forSection:)` then `bind`), here
///   `reconfigureSections`;
/// - section inserts and removals (lines 69-70), and every section move as a delete of its source
///   and an insert of its destination (line 71, `moveSections` at lines 132-135; Bento #51 and
///   #187 for why);
/// - per mutated section, row removals at its old index, inserts at its new one and moves from
///   old to new (lines 81-83), and the mutated rows' visible cells rebound in place (lines 85-96),
///   here `reconfigureItems` at their new paths.
///
/// Bento compares nothing (`const(false)`, lines 21-27) so that every visible cell is rebound;
/// the adapter passes FlexibleDiff the real equality (revisions), which yields the same inserts,
/// removals and moves and rebinds only what changed. Bento rebinds visible cells only; the
/// adapter rebinds every mutated one, which errs in the library's favour. Its row moves in a
/// moved section are moves out of a section the batch deletes (R3): Bento's own batch.
public struct FlexibleDiffAdapter: GenericDifferAdapter {
    public let name = "flexiblediff"
    public let summary = "FlexibleDiff 0.0.9: SectionedChangeset, sent as Bento's glue (one batch, rebinds)"

    public init() {}

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        let previous = DifferLibraryAdapter.sections(old), current = DifferLibraryAdapter.sections(new)
        return PreparedCall(
            diff: {
                SectionedChangeset(
                    previous: previous, current: current, sectionIdentifier: { $0.header.id },
                    areMetadataEqual: { $0.header.rev == $1.header.rev }, items: { $0.rows },
                    itemIdentifier: { $0.id }, areItemsEqual: { $0.rev == $1.rev })
            }, changeset: { Self.changeset($0, old: old, new: new) })
    }

    /// The one batch Bento's `TableViewSectionDiff` sends for `changes`.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    public static func changeset<ID: Hashable & Sendable>(
        _ changes: SectionedChangeset, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        var batch = BatchUpdate()
        batch.insertSections = Array(changes.sections.inserts) + changes.sections.moves.map(\.destination)
        batch.deleteSections = Array(changes.sections.removals) + changes.sections.moves.map(\.source)
        for section in changes.mutatedSections {
            let moved = changes.sections.moves.contains { $0.source == section.source }
            if !moved && old.sections[section.source].model.rev != new.sections[section.destination].model.rev {
                batch.reconfigureSections.append(section.destination)
            }
            let rows = section.changeset
            batch.deleteItems += rows.removals.map { ItemPath(section.source, $0) }
            batch.insertItems += rows.inserts.map { ItemPath(section.destination, $0) }
            batch.moveItems += rows.moves.map {
                Move(ItemPath(section.source, $0.source), ItemPath(section.destination, $0.destination))
            }
            // Mutations keep their offset in both versions (FlexibleDiff's Changeset.mutations).
            batch.reconfigureItems +=
                rows.mutations.map { ItemPath(section.destination, $0) }
                + rows.moves.filter(\.isMutated).map { ItemPath(section.destination, $0.destination) }
        }
        return .staged([Stage(batch, after: nil)])
    }
}
