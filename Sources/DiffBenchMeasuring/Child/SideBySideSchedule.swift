// SPDX-License-Identifier: Apache-2.0
/// The order in which the contenders of a case run their batches, round by round: each active
/// contender runs one batch per round, and the first place rotates from round to round, so that
/// every contender runs first (right after the process's work between rounds) as often as the
/// others. The cyclic order stays: within a round, each runs after the same one except when first.
package enum SideBySideSchedule {
    /// The contenders of `active` (indices, ascending) in the order round `round` runs them: the
    /// list rotated left by `round` places.
    ///
    /// - Complexity: O(*k*) for *k* active contenders.
    package static func order(round: Int, of active: [Int]) -> [Int] {
        guard !active.isEmpty else { return [] }
        let shift = round % active.count
        return Array(active[shift...] + active[..<shift])
    }
}
