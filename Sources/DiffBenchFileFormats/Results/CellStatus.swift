// SPDX-License-Identifier: Apache-2.0
/// How a cell (or one of its metrics) ended: the `status` column of the results CSV.
public enum CellStatus: String, CaseIterable, Codable, Sendable {
    /// Measured, and the changeset passed the checker.
    case ok
    /// The changeset failed the checker (a conformance failure: exit 3).
    case wrong
    /// The differ crashed, hung, answered garbage, or the measuring process died.
    case error
    /// The cell ran out of its budget.
    case timeout
    /// Input the differ does not take, or a cell forecast past its budget.
    case skipped
    /// A figure this machine cannot measure (instructions without perf counters, for example).
    case unavailable

    /// What a `timeout` cell's note says when its suite expects the differ to time out
    /// (`expect-timeouts:`): `bench compare` then does not compare the cell, whichever side timed
    /// out, instead of calling the run broken.
    public static let expectedTimeout = "expected by the suite (expect-timeouts)"

    /// The statuses listed for a message: `ok, wrong, error, timeout, skipped or unavailable`.
    public static var listed: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
