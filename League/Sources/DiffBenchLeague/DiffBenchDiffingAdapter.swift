// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DiffBenchDiffing
import DiffBenchDiffingGuard

extension Row: DiffRow {
    /// DiffBenchDiffing matches rows by this identity (and reloads a kept row whose revision
    /// differs: `isContentEqual(to:)`, already there for DifferenceKit).
    public var diffID: ID { id }
}

/// A section as an app keeps it, conformed to `DiffSection`: its header and its rows.
public struct AppSection<ID: Hashable & Sendable>: DiffSection, Sendable {
    /// The header (identity and revision).
    public var header: Header<ID>
    /// The rows.
    public var rows: [Row<ID>]
    /// DiffBenchDiffing matches sections by the header's identity.
    public var diffID: ID { header.id }
    /// DiffBenchDiffing reloads a kept section whose header differs.
    public func isContentEqual(to other: AppSection<ID>) -> Bool { header.rev == other.header.rev }
}

/// DiffBench's own differs as an app links them (the `DiffBenchDiffing` product): the app's own
/// section and row types (built untimed, as every adapter's conversion is: DifferenceKit's
/// `[ArraySection]` likewise) and the timed `DiffUpdate(from:to:method:)`, specialized in this
/// module for them, which hands each batch its data in the app's types; with `guarded`, the guard's
/// check of every update before it is applied (`UpdateGuard.check`, what a debug build pays per
/// update besides the data-source reads). Applied as `reload(using:)` sends it: one batch per
/// stage, the stage's data set inside it.
public struct DiffBenchDiffingAdapter: GenericDifferAdapter {
    public let name: String
    public let summary: String
    let method: DiffMethod
    let guarded: Bool

    /// The adapter of `method`, named `diffbench-<method>` (`-guarded` with the guard's check).
    public init(_ method: DiffMethod, guarded: Bool = false) {
        self.method = method
        self.guarded = guarded
        name = "diffbench-\(method)" + (guarded ? "-guarded" : "")
        summary =
            "DiffBenchDiffing: DiffUpdate(from:to:method: .\(method)) over an app's own section and row types"
            + (guarded ? ", each update checked by the guard first" : "")
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        let source = Self.sections(old), target = Self.sections(new)
        let method = self.method
        let check: UpdateGuard? = guarded ? UpdateGuard(caseFolder: nil, onViolation: { _ in }) : nil
        return PreparedCall(
            diff: { () throws -> DiffUpdate<[AppSection<ID>]> in
                let update = DiffUpdate(from: source, to: target, method: method)
                if let check, let violation = check.check(update) {
                    throw AdapterError("the guard refused its own differ's update: \(violation.finding)")
                }
                return update
            },
            changeset: { Self.changeset($0) })
    }

    /// A corpus snapshot as the app's sections.
    ///
    /// - Complexity: O(*n*) for *n* items.
    static func sections<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> [AppSection<ID>] {
        snapshot.sections.map { AppSection(header: Header($0.model), rows: $0.items.map(Row.init)) }
    }

    /// The batches `reload(using:)` sends for `update`: one per stage, each with the stage's data
    /// as its `after` snapshot (the last one's is the new list, left implicit), read through the
    /// product's public API only.
    ///
    /// - Complexity: O(*n*) for *n* operations and rows in all stages.
    static func changeset<ID: Hashable & Sendable>(
        _ update: DiffUpdate<[AppSection<ID>]>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        convert(update, model: \.header.element, row: \.element)
    }

    /// The batches `reload(using:)` sends for `update`, over any app section, each section and row
    /// mapped back to a corpus element.
    ///
    /// - Complexity: O(*n*) for *n* operations and rows in all stages.
    static func convert<AppSection: DiffSection, ID: Hashable & Sendable>(
        _ update: DiffUpdate<[AppSection]>, model: (AppSection) -> Element<ID>,
        row: (AppSection.Row) -> Element<ID>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        func path(_ p: RowPath) -> ItemPath { ItemPath(p.section, p.row) }
        return .staged(
            update.stages.enumerated().map { k, stage in
                var batch = BatchUpdate()
                batch.deleteSections = stage.deletedSections
                batch.insertSections = stage.insertedSections
                batch.reloadSections = stage.reloadedSections
                batch.moveSections = stage.movedSections.map { Move($0.from, $0.to) }
                batch.deleteItems = stage.deletedRows.map(path)
                batch.insertItems = stage.insertedRows.map(path)
                batch.reloadItems = stage.reloadedRows.map(path)
                batch.moveItems = stage.movedRows.map { Move(path($0.from), path($0.to)) }
                let after =
                    k == update.stages.count - 1
                    ? nil
                    : Snapshot(stage.data.map { DiffBenchModel.Section(model($0), items: $0.rows.map(row)) })
                return Stage(batch, after: after, continuesUpdate: k > 0)
            })
    }
}
