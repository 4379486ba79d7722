// SPDX-License-Identifier: Apache-2.0
/// The verdict of the conformance checker on one changeset.
public struct ConformanceReport: Sendable {
    /// Every finding, in stage order.
    public var findings: [Finding]
    /// Whether the final state equals the new snapshot.
    public var reachedTarget: Bool
    /// Share of surviving items the changeset keeps, moves or reloads in place, rather than
    /// deleting and re-inserting them (0 for `reloadData`; 1 when nothing survives).
    public var identityPreserved: Double
    /// Items of the final state that kept their cell without ever being moved or deleted: the
    /// items the changeset leaves in place (0 for `reloadData`; for the diffable target, which
    /// animates by identity, 0 as well: use a table-view report for quality figures).
    public var keptInPlace: Int

    /// A changeset passes when nothing fails and it ends in the new snapshot.
    public var passed: Bool { reachedTarget && !findings.contains { $0.severity.fails } }

    /// The finding that heads a FAIL: the most severe failing one (exception, then fallback,
    /// hazard, misrender, stale), the first of its severity; `nil` when nothing fails.
    public var firstFailure: Finding? {
        findings.filter { $0.severity.fails }.min { $0.severity < $1.severity }
    }
}
