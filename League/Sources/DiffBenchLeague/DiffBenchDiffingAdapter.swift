// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DiffBenchDiffing

extension Row: DiffElement {
    /// DiffBenchDiffing matches rows by this identity (and reloads a kept row whose revision
    /// differs: `isContentEqual(to:)`, already there for DifferenceKit).
    public var diffID: ID { id }
}

/// Two integers, compared field by field: equal exactly when their bytes are, as an app's row of
/// an `Int` identity and an `Int` revision may declare.
extension Row: BitwiseEquatableElement where ID == Int {}

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
/// section and row types, kept as a `Snapshot(sections:)` of them (built when the data changes,
/// untimed, as every adapter's conversion is: DifferenceKit's `[ArraySection]` likewise), and the
/// generic `diff(from:to:)` specialized in this module for them; with `guarded`, the guard's check
/// of every changeset before it would be applied (what a debug build pays per update). Applied as
/// `BatchUpdateView.apply(_:to:setData:)` sends it: one batch per stage, the stage's data set
/// inside it.
public struct DiffBenchDiffingAdapter<Algorithm: DiffAlgorithm>: GenericDifferAdapter {
    public let name: String
    public let summary: String
    let algorithm: Algorithm
    let guarded: Bool

    /// The adapter of `algorithm`, named `diffbench-<name>` (`-guarded` with the guard's check).
    public init(_ algorithm: Algorithm, guarded: Bool = false) {
        self.algorithm = algorithm
        self.guarded = guarded
        name = "diffbench-\(algorithm.name)" + (guarded ? "-guarded" : "")
        summary =
            "DiffBenchDiffing: \(algorithm.name) over an app's own section and row types"
            + (guarded ? ", each changeset checked by the guard first" : "")
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        let source = Self.sections(old), target = Self.sections(new, sharing: old, source)
        let algorithm = self.algorithm
        let check: UpdateGuard? = guarded ? UpdateGuard(caseFolder: nil, onViolation: { _ in }) : nil
        let before = Snapshot(sections: source), after = Snapshot(sections: target)
        return PreparedCall(
            diff: { () throws -> Changeset<AppSection<ID>, Row<ID>> in
                let changeset = try algorithm.diff(from: before, to: after)
                if let check, let violation = check.check(changeset, from: before, to: after) {
                    throw AdapterError("the guard refused its own differ's changeset: \(violation.finding)")
                }
                return changeset
            },
            changeset: { changeset in
                changeset.mapElements(model: { $0.header.element }, item: { $0.element })
            })
    }

    /// A corpus snapshot as the app's sections. A section of `snapshot` whose items are the very
    /// storage of a section of `old` (the corpus shares the sections a case leaves alone, as an
    /// app's model does) gets the rows converted for it in `converted`, the same storage again, so
    /// that what the differs and the checker may skip for untouched storage stays skippable.
    ///
    /// - Complexity: O(*n*) for *n* items.
    static func sections<ID: Hashable & Sendable>(
        _ snapshot: ElementSnapshot<ID>, sharing old: ElementSnapshot<ID>? = nil, _ converted: [AppSection<ID>] = []
    ) -> [AppSection<ID>] {
        var shared: [UnsafeRawPointer: [Row<ID>]] = [:]
        if let old {
            for (section, app) in zip(old.sections, converted) {
                if let base = address(section.items) { shared[base] = app.rows }
            }
        }
        return snapshot.sections.map { section in
            let reused = address(section.items).flatMap { shared[$0] }
            let rows = reused?.count == section.items.count ? reused! : section.items.map(Row.init)
            return AppSection(header: Header(section.model), rows: rows)
        }
    }

    /// The address of an array's storage, `nil` when empty.
    static func address<T>(_ array: [T]) -> UnsafeRawPointer? {
        array.isEmpty ? nil : array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}
