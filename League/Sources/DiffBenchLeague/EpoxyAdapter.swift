// SPDX-License-Identifier: Apache-2.0
#if canImport(EpoxyDiffing)
import Foundation
import DiffBenchKit
import EpoxyDiffing

/// A row as an Epoxy item model: its data ID is the identity, its content the revision
/// (`ItemModel` compares its content when the content is `Equatable`: ItemModel.swift:226-237).
public struct EpoxyRow<ID: Hashable & Sendable>: Diffable, Sendable {
    /// The row.
    public var row: Row<ID>
    /// The data ID: the row's identity.
    public var diffIdentifier: AnyHashable { AnyHashable(row.id) }
    /// Equal content: the same revision.
    public func isDiffableItemEqual(to otherDiffableItem: Diffable) -> Bool {
        (otherDiffableItem as? Self)?.row.rev == row.rev
    }
}

/// A section header as an Epoxy supplementary item model (a header view of the section's own
/// data ID, content the revision: SupplementaryItemModel.swift:218-229).
public struct EpoxyHeader<ID: Hashable & Sendable>: Diffable, Sendable {
    /// The header.
    public var header: Header<ID>
    /// The data ID: the section's identity.
    public var diffIdentifier: AnyHashable { AnyHashable(header.id) }
    /// Equal content: the same revision.
    public func isDiffableItemEqual(to otherDiffableItem: Diffable) -> Bool {
        (otherDiffableItem as? Self)?.header.rev == header.rev
    }
}

/// A section as an Epoxy `SectionModel`: identity by data ID only ("Sections don't have a concept
/// of diffable content", SectionModel.swift:50-60), its items, and its header apart.
public struct EpoxySection<ID: Hashable & Sendable>: DiffableSection, Sendable {
    /// The header (a supplementary item of the section).
    public var header: EpoxyHeader<ID>
    /// The items.
    public var diffableItems: [EpoxyRow<ID>]
    /// The data ID: the section's identity.
    public var diffIdentifier: AnyHashable { header.diffIdentifier }
    /// The same data ID, as `SectionModel` compares.
    public func isDiffableItemEqual(to otherDiffableItem: Diffable) -> Bool {
        (otherDiffableItem as? Self)?.diffIdentifier == diffIdentifier
    }
}

/// Epoxy 0.11.0 (airbnb/epoxy-ios): `makeSectionedChangeset(from:)` (EpoxyCore's
/// Collection+Diff.swift:180-201, a Heckel-style diff of sections then of each kept section's
/// items) and the headers' changeset per kept section, as `CollectionViewData.makeChangeset(from:)`
/// computes them (EpoxyCollectionView/CollectionView/Internal/CollectionViewData.swift:67-82 and
/// 200-230), sent as `CollectionView.performUpdates(data:animated:)` sends them
/// (EpoxyCollectionView/CollectionView/CollectionView.swift:585-634, inside the
/// `performBatchUpdates` of lines 550-561, the data applied first): the updated items' cells and the
/// updated headers rebound in place (here `reconfigureItems` and `reconfigureSections` at their new
/// paths), then section deletes, item deletes, each section move, each item move, section inserts
/// and item inserts, in one batch. Epoxy's glue serves UICollectionView only.
///
/// Epoxy asks for unique data IDs among the sections and among one section's items, and warns that
/// duplicates "can cause undefined behavior" (CollectionViewData.swift:233-246): a case that repeats
/// one is input its users do not give it (`skipped`, "unsupported input").
///
/// The diffing files are Epoxy's own, read from the tag at build time (League/fetch-epoxy.sh),
/// never committed.
public struct EpoxyAdapter: GenericDifferAdapter {
    public let name = "epoxy"
    public let summary = "Epoxy 0.11.0: makeSectionedChangeset, sent as EpoxyCollectionView's performUpdates"

    public init() {}

    /// Why a case is not run: Epoxy's users keep data IDs unique.
    public struct RepeatedDataIDs: Error, CustomStringConvertible {
        /// `sections`, or the rows of one section.
        public var level: String

        // No line numbers: bench verify's reasons write # for every number.
        public var description: String {
            "Epoxy asks for unique data IDs and warns that duplicates can cause undefined behavior "
                + "(warnOnDuplicates, in EpoxyCollectionView's CollectionViewData.swift); this case repeats one among "
                + "the \(level)"
        }
    }

    /// What the timed call returns: the sections' and items' changeset and the headers'.
    public struct Output {
        /// The sections' and their items' changeset.
        public var sectioned: SectionedChangeset
        /// The headers' changeset (their updates are rebound).
        public var headers: IndexPathChangeset
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        for snapshot in [old, new] {
            if let level = RepeatedIdentity.level(in: snapshot) { throw RepeatedDataIDs(level: level) }
        }
        let before = Self.sections(old), after = Self.sections(new)
        return PreparedCall(diff: { Self.diff(before, after) }, changeset: { Self.changeset($0) })
    }

    /// A corpus snapshot as Epoxy sections.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public static func sections<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> [EpoxySection<ID>] {
        snapshot.sections.map { section in
            EpoxySection(
                header: EpoxyHeader(header: Header(section.model)),
                diffableItems: section.items.map { EpoxyRow(row: Row($0)) })
        }
    }

    /// What `CollectionViewData.makeChangeset(from:)` computes on each update: the sectioned
    /// changeset, then the headers of each kept section diffed (its supplementary items).
    ///
    /// - Complexity: Epoxy's O(*n*) over sections and items.
    public static func diff<ID: Hashable & Sendable>(_ old: [EpoxySection<ID>], _ new: [EpoxySection<ID>]) -> Output {
        let sectioned = new.makeSectionedChangeset(from: old)
        var headers = IndexPathChangeset()
        for (from, to) in sectioned.sectionChangeset.newIndices.enumerated() {
            guard let to else { continue }
            headers += [new[to].header].makeIndexPathChangeset(
                from: [old[from].header], fromSection: from, toSection: to)
        }
        return Output(sectioned: sectioned, headers: headers)
    }

    /// The one batch `performUpdates(data:animated:)` sends for `output`.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    public static func changeset<ID: Hashable & Sendable>(_ output: Output)
        -> DiffBenchModel.Changeset<Element<ID>, Element<ID>>
    {
        // Foundation's IndexPath: [section, item] (UIKit's `section`/`item` accessors are Apple-only).
        func path(_ p: IndexPath) -> ItemPath { ItemPath(p[0], p[1]) }
        let sections = output.sectioned.sectionChangeset, items = output.sectioned.itemChangeset
        var batch = BatchUpdate()
        batch.reconfigureItems = items.updates.map { path($0.new) }
        batch.reconfigureSections = output.headers.updates.map { $0.new[0] }
        batch.deleteSections = Array(sections.deletes)
        batch.deleteItems = items.deletes.map(path)
        batch.moveSections = sections.moves.map { Move($0.old, $0.new) }
        batch.moveItems = items.moves.map { Move(path($0.old), path($0.new)) }
        batch.insertSections = Array(sections.inserts)
        batch.insertItems = items.inserts.map(path)
        return .staged([Stage(batch, after: nil)])
    }
}
#endif
