// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import Differentiator

extension Row: IdentifiableType {
    /// Differentiator matches rows by this identity (and reloads a kept row that is not `==`).
    public var identity: ID { id }
}

extension Header: IdentifiableType {
    /// Differentiator matches sections by this identity.
    public var identity: ID { id }
}

/// RxDataSources 5.0.2's Differentiator: `Diff.differencesForSectionedView(initialSections:
/// finalSections:)` over `AnimatableSectionModel<Header, Row>`, applied as
/// `RxTableViewSectionedAnimatedDataSource` applies it: one `performBatchUpdates` per returned
/// changeset, the data source set to its `finalSections` inside the batch, then (in
/// `UITableView.batchUpdates(_:animationConfiguration:)`) section deletes, inserts and moves, row
/// deletes, inserts, reloads (`updatedItems`) and moves. That glue sends no section reload: a
/// changed header keeps its old content. Duplicate identities make the call throw, as in an app.
/// The batches go out in one loop (Sources/RxDataSources/RxTableViewSectionedAnimatedDataSource.swift:
/// 97-110 at 5.0.2), so they make one update: content is judged at its end.
public struct DifferentiatorAdapter: GenericDifferAdapter {
    public let name = "rxdatasources"
    public let summary =
        "RxDataSources 5.0.2 (Differentiator): differencesForSectionedView, as its animated data source"

    public init() {}

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        let initial = Self.sections(old), final = Self.sections(new)
        return PreparedCall(
            diff: { try Diff.differencesForSectionedView(initialSections: initial, finalSections: final) },
            changeset: { Self.changeset($0) }
        )
    }

    /// A corpus snapshot as `AnimatableSectionModel`s.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public static func sections<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>)
        -> [AnimatableSectionModel<Header<ID>, Row<ID>>]
    {
        snapshot.sections.map { AnimatableSectionModel(model: Header($0.model), items: $0.items.map(Row.init)) }
    }

    /// The batches the animated data source sends for `changes`.
    ///
    /// - Complexity: O(*n*) for *n* operations and items in all changesets.
    public static func changeset<ID: Hashable & Sendable>(
        _ changes: [Differentiator.Changeset<AnimatableSectionModel<Header<ID>, Row<ID>>>]
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        func path(_ p: Differentiator.ItemPath) -> DiffBenchModel.ItemPath {
            DiffBenchModel.ItemPath(p.sectionIndex, p.itemIndex)
        }
        return .staged(
            changes.enumerated().map { k, step in
                var batch = BatchUpdate()
                batch.deleteSections = step.deletedSections
                batch.insertSections = step.insertedSections
                batch.moveSections = step.movedSections.map { Move($0.from, $0.to) }
                batch.deleteItems = step.deletedItems.map(path)
                batch.insertItems = step.insertedItems.map(path)
                batch.reloadItems = step.updatedItems.map(path)
                batch.moveItems = step.movedItems.map { Move(path($0.from), path($0.to)) }
                let after =
                    k == changes.count - 1
                    ? nil
                    : Snapshot(
                        step.finalSections.map {
                            DiffBenchModel.Section($0.model.element, items: $0.items.map(\.element))
                        })
                return Stage(batch, after: after, continuesUpdate: k > 0)
            })
    }
}
