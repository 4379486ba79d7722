// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DifferenceKit

extension Row: Differentiable {
    /// DifferenceKit matches rows by this identity.
    public var differenceIdentifier: ID { id }
    /// DifferenceKit reloads a kept row whose content differs.
    public func isContentEqual(to source: Row<ID>) -> Bool { rev == source.rev }
}

extension Header: Differentiable {
    /// DifferenceKit matches sections by this identity.
    public var differenceIdentifier: ID { id }
    /// DifferenceKit reloads a kept section whose header differs.
    public func isContentEqual(to source: Header<ID>) -> Bool { rev == source.rev }
}

/// DifferenceKit 1.3.0 (ra1028/DifferenceKit): `StagedChangeset(source:target:)` over
/// `[ArraySection<Header, Row>]`, applied as its own `UITableView.reload(using:with:setData:)`
/// applies it: one `performBatchUpdates` per stage, with the data source set to the stage's `data`
/// inside the batch, and in each batch section deletes, inserts, reloads and moves, then row deletes,
/// inserts, reloads and moves. Without an `interrupt` closure (the default) it never falls back to
/// `reloadData`, so neither does this adapter. The stages go out in one loop
/// (Sources/Extensions/UIKitExtension.swift:71-110 at 1.3.0), so they make one update.
public struct DifferenceKitAdapter: GenericDifferAdapter {
    public let name = "differencekit"
    public let summary = "DifferenceKit 1.3.0: StagedChangeset, applied stage by stage as reload(using:) does"

    public init() {}

    /// The lists as `ArraySection`s (untimed), and the staged changeset as the timed call.
    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        let source = Self.sections(old), target = Self.sections(new)
        return PreparedCall(
            diff: { StagedChangeset(source: source, target: target) },
            changeset: { Self.changeset($0) })
    }

    /// A corpus snapshot as DifferenceKit's sectioned collection.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public static func sections<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>)
        -> [ArraySection<Header<ID>, Row<ID>>]
    {
        snapshot.sections.map { ArraySection(model: Header($0.model), elements: $0.items.map(Row.init)) }
    }

    /// The batches `reload(using:)` sends for `staged`: one per stage, each with the stage's data as
    /// its `after` snapshot (the last one's is the target, left implicit).
    ///
    /// - Complexity: O(*n*) for *n* operations and items in all stages.
    public static func changeset<ID: Hashable & Sendable>(
        _ staged: StagedChangeset<[ArraySection<Header<ID>, Row<ID>>]>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        convert(staged, model: \.element, element: \.element)
    }

    /// The batches `reload(using:)` sends for `staged`, over any section model and element, each
    /// mapped back to a corpus element.
    ///
    /// - Complexity: O(*n*) for *n* operations and items in all stages.
    public static func convert<Model: Differentiable, Item: Differentiable, ID: Hashable & Sendable>(
        _ staged: StagedChangeset<[ArraySection<Model, Item>]>,
        model: (Model) -> Element<ID>, element: (Item) -> Element<ID>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        func path(_ p: ElementPath) -> ItemPath { ItemPath(p.section, p.element) }
        return .staged(
            staged.enumerated().map { k, step in
                var batch = BatchUpdate()
                batch.deleteSections = step.sectionDeleted
                batch.insertSections = step.sectionInserted
                batch.reloadSections = step.sectionUpdated
                batch.moveSections = step.sectionMoved.map { Move($0.source, $0.target) }
                batch.deleteItems = step.elementDeleted.map(path)
                batch.insertItems = step.elementInserted.map(path)
                batch.reloadItems = step.elementUpdated.map(path)
                batch.moveItems = step.elementMoved.map { Move(path($0.source), path($0.target)) }
                let after =
                    k == staged.count - 1
                    ? nil
                    : Snapshot(
                        step.data.map { DiffBenchModel.Section(model($0.model), items: $0.elements.map(element)) })
                return Stage(batch, after: after, continuesUpdate: k > 0)
            })
    }
}
