import Foundation
import DiffBenchKit
import FlexibleDiff

/// FlexibleDiff 0.0.9 (RACCommunity/FlexibleDiff): `SectionedChangeset(previous:current:
/// sectionIdentifier:areMetadataEqual:items:itemIdentifier:areItemsEqual:)`, its Heckel-based
/// diff with identity and equality apart.
///
/// FlexibleDiff ships no UIKit glue; its example app (WordList) rebinds the visible cells of
/// mutated rows in place and sends one batch of inserts, removals and moves. This adapter sends
/// that, sectioned: one batch of section removals, inserts and moves, and per mutated section its
/// row removals (at the old section), inserts (at the new section) and moves (old section to new
/// section), with every mutated row, moved or not, rebound in place (a `reconfigureItems` at its new
/// path). A section whose header changed (FlexibleDiff's "mutated" sections also include those
/// whose rows alone changed) is reloaded in the same batch (`reloadSections` at its old index): the
/// batch API's only way to refresh a header, and one UIKit refuses for a section that also moves.
/// Bento, FlexibleDiff's main user, rebinds headers in place instead, and names a moved row's
/// destination by its old section.
public struct FlexibleDiffAdapter: GenericDifferAdapter {
    public let name = "flexiblediff"
    public let summary = "FlexibleDiff 0.0.9: SectionedChangeset, one batch, mutations rebound in place"

    public init() {}

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID> {
        let previous = DifferLibraryAdapter.sections(old), current = DifferLibraryAdapter.sections(new)
        return PreparedCall(diff: {
            SectionedChangeset(previous: previous, current: current, sectionIdentifier: { $0.header.id },
                               areMetadataEqual: { $0.header.rev == $1.header.rev }, items: { $0.rows },
                               itemIdentifier: { $0.id }, areItemsEqual: { $0.rev == $1.rev })
        }, changeset: { Self.changeset($0, old: old, new: new) })
    }

    /// The one batch the sectioned glue sends for `changes`.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    public static func changeset<ID: Hashable & Sendable>(
        _ changes: SectionedChangeset, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        var batch = BatchUpdate()
        batch.deleteSections = Array(changes.sections.removals)
        batch.insertSections = Array(changes.sections.inserts)
        batch.moveSections = changes.sections.moves.map { Move($0.source, $0.destination) }
        for section in changes.mutatedSections {
            if old.sections[section.source].model.rev != new.sections[section.destination].model.rev {
                batch.reloadSections.append(section.source)
            }
            let rows = section.changeset
            batch.deleteItems += rows.removals.map { ItemPath(section.source, $0) }
            batch.insertItems += rows.inserts.map { ItemPath(section.destination, $0) }
            batch.moveItems += rows.moves.map {
                Move(ItemPath(section.source, $0.source), ItemPath(section.destination, $0.destination))
            }
            batch.reconfigureItems += rows.mutations.map { ItemPath(section.destination, $0) }
                + rows.moves.filter(\.isMutated).map { ItemPath(section.destination, $0.destination) }
        }
        return .staged([Stage(batch, after: nil)])
    }
}
