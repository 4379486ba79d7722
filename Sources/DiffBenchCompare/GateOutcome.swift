// SPDX-License-Identifier: Apache-2.0
/// What a comparison or a history says to a gate. Its raw value is the exit code `bench` gives
/// it, and the `exit_code` of `bench compare --format json`.
package enum GateOutcome: Int32, Sendable {
    /// Nothing regressed.
    case pass = 0
    /// A gated figure regressed.
    case regression = 2
    /// A changeset is wrong (wins over a regression).
    case wrong = 3
    /// A broken measurement in NEW, timing refused, or stale rows where the baseline must match.
    case notComparable = 4
}
