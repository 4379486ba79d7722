// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A differ generic over the identity type, measured by DiffBench: the adapter to write for
/// DifferenceKit, IGListKit, ListKit or any differ whose models take the identity as a type
/// parameter.
///
/// ``prepare(_:_:)`` is generic over the identity: build the differ's input from the corpus
/// snapshots with their identities as they are (no `AnyHashable`, no box), and return the timed
/// call and the conversion of its output. Registered with ``Differ/init(adapting:)-(GenericDifferAdapter)``,
/// which is inlined into your module and instantiates `prepare` there for each identity type
/// DiffBench feeds (`Int`, `String`, `UUID` from `bench run`; ``CaseID`` from case files and
/// `bench verify`), so the differ's generic code is specialized as it is in an app.
///
/// ```swift
/// struct DifferenceKitAdapter: GenericDifferAdapter {
///     let name = "differencekit"
///     func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
///         throws -> PreparedCall<ID> {
///         let source = sections(old), target = sections(new)   // [ArraySection<Header<ID>, Row<ID>>]
///         return PreparedCall(diff: { StagedChangeset(source: source, target: target) },
///                             changeset: { staged in try changeset(staged, old, new) })
///     }
/// }
/// ```
public protocol GenericDifferAdapter: Sendable {
    /// The stable lowercase name used on the command line and in CSV reports.
    var name: String { get }
    /// One line saying what the differ does.
    var summary: String { get }

    /// Converts one case into the differ's input (untimed) and returns its timed call.
    ///
    /// A thrown ``AdapterError`` marks the cell `error`; any other error marks it `skipped`
    /// (input the differ does not take).
    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
}

extension GenericDifferAdapter {
    /// No summary unless the adapter gives one.
    public var summary: String { "user differ \(name)" }
}
