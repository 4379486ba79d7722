// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DifferenceKit
import Differentiator

/// A row with a concrete `Int` identity: what a hand-specialized adapter diffs.
public struct IntRow: Hashable, Sendable, Differentiable, IdentifiableType {
    public var id: Int
    public var rev: Int
    public var differenceIdentifier: Int { id }
    public var identity: Int { id }
    public func isContentEqual(to source: IntRow) -> Bool { rev == source.rev }
}

/// A header with a concrete `Int` identity.
public struct IntHeader: Hashable, Sendable, Differentiable, IdentifiableType {
    public var id: Int
    public var rev: Int
    public var differenceIdentifier: Int { id }
    public var identity: Int { id }
    public func isContentEqual(to source: IntHeader) -> Bool { rev == source.rev }
}

/// The yardstick for the natural adapters' cost: DifferenceKit and Differentiator with concrete
/// `Int` models and no generic parameter anywhere in the adapter (cells with other identities are
/// skipped). `league-specialized` registers these beside the natural adapters, so that one run
/// times both; neither is part of the league's tables.
public enum SpecializedAdapters {
    /// The hand-specialized differs, named `NAME-int`.
    public static let differs: [Differ] = [
        Differ(adapting: DifferenceKitIntAdapter()),
        Differ(adapting: DifferentiatorIntAdapter())
    ]

    /// Only `Int` identities: another identity type is input this adapter does not take.
    struct NotInt: Error, CustomStringConvertible {
        var description: String { "hand-specialized for Int identities" }
    }

    /// The snapshot as concrete `Int` models, or ``NotInt``.
    static func ints<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws
        -> [(header: IntHeader, rows: [IntRow])]
    {
        guard let ints = snapshot as? ElementSnapshot<Int> else { throw NotInt() }
        return ints.sections.map { section in
            (
                IntHeader(id: section.model.id, rev: section.model.rev),
                section.items.map { IntRow(id: $0.id, rev: $0.rev) }
            )
        }
    }
}

/// DifferenceKit over concrete `Int` models (see ``SpecializedAdapters``).
public struct DifferenceKitIntAdapter: DifferAdapter {
    public var name: String { "differencekit-int" }
    public var summary: String { "DifferenceKit 1.3.0 over concrete Int models (a yardstick for the adapter)" }

    public func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws
        -> [ArraySection<IntHeader, IntRow>]
    {
        try SpecializedAdapters.ints(snapshot).map { ArraySection(model: $0.header, elements: $0.rows) }
    }

    public func diff(from old: [ArraySection<IntHeader, IntRow>], to new: [ArraySection<IntHeader, IntRow>])
        -> StagedChangeset<[ArraySection<IntHeader, IntRow>]>
    {
        StagedChangeset(source: old, target: new)
    }

    public func changeset<ID: Hashable & Sendable>(
        for output: StagedChangeset<[ArraySection<IntHeader, IntRow>]>, old: ElementSnapshot<ID>,
        new: ElementSnapshot<ID>
    ) throws -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        // The same batches as the natural adapter's, through its conversion.
        let generic = StagedChangeset(
            output.map { step in
                DifferenceKit.Changeset(
                    data: step.data.map {
                        ArraySection(
                            model: Header(Element($0.model.id, rev: $0.model.rev)),
                            elements: $0.elements.map { Row(Element($0.id, rev: $0.rev)) })
                    },
                    sectionDeleted: step.sectionDeleted, sectionInserted: step.sectionInserted,
                    sectionUpdated: step.sectionUpdated, sectionMoved: step.sectionMoved,
                    elementDeleted: step.elementDeleted, elementInserted: step.elementInserted,
                    elementUpdated: step.elementUpdated, elementMoved: step.elementMoved)
            })
        typealias Target = DiffBenchModel.Changeset<Element<ID>, Element<ID>>
        guard let converted = DifferenceKitAdapter.changeset(generic) as? Target else {
            throw AdapterError("differencekit-int: not an Int case")
        }
        return converted
    }
}

/// Differentiator over concrete `Int` models (see ``SpecializedAdapters``).
public struct DifferentiatorIntAdapter: DifferAdapter {
    public var name: String { "rxdatasources-int" }
    public var summary: String { "Differentiator over concrete Int models (a yardstick for the adapter)" }

    public func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws
        -> [AnimatableSectionModel<IntHeader, IntRow>]
    {
        try SpecializedAdapters.ints(snapshot).map { AnimatableSectionModel(model: $0.header, items: $0.rows) }
    }

    public func diff(
        from old: [AnimatableSectionModel<IntHeader, IntRow>],
        to new: [AnimatableSectionModel<IntHeader, IntRow>]
    ) throws
        -> [Differentiator.Changeset<AnimatableSectionModel<IntHeader, IntRow>>]
    {
        try Diff.differencesForSectionedView(initialSections: old, finalSections: new)
    }

    public func changeset<ID: Hashable & Sendable>(
        for output: [Differentiator.Changeset<AnimatableSectionModel<IntHeader, IntRow>>], old: ElementSnapshot<ID>,
        new: ElementSnapshot<ID>
    ) throws -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        // Re-diffing through the natural adapter gives the same batches (the library is deterministic).
        let natural = try Diff.differencesForSectionedView(
            initialSections: DifferentiatorAdapter.sections(old),
            finalSections: DifferentiatorAdapter.sections(new))
        _ = output
        return DifferentiatorAdapter.changeset(natural)
    }
}
