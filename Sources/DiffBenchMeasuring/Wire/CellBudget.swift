// SPDX-License-Identifier: Apache-2.0
import DiffBenchPlatform

/// The time limits of one cell, counted from the start of its measuring process.
///
/// `soft` is the budget: sampling stops when the next batch would end past it. `hard` is the
/// budget plus most of the grace: the most a cell may overrun to reach its minimum samples, so
/// that it still finishes before the parent kills it at the budget plus the whole grace.
package struct CellBudget: Sendable {
    package let start: UInt64
    package let soft: UInt64
    package let hard: UInt64

    /// The grace the parent allows beyond the budget before it kills a cell: max(2 s, 25%).
    package static func grace(budget: Double) -> Double { max(2, budget / 4) }

    /// The most a cell of `budget` seconds may run, in seconds, to reach its minimum samples
    /// (`hard`): the budget plus three quarters of its grace.
    ///
    /// - Complexity: O(1).
    package static func ceiling(budget: Double) -> Double { budget + grace(budget: budget) * 0.75 }

    package init(start: UInt64, budget: Double) {
        self.start = start
        soft = start &+ CellBudget.nanoseconds(budget)
        hard = start &+ CellBudget.nanoseconds(CellBudget.ceiling(budget: budget))
    }

    /// Whether work of `cost` nanoseconds started now ends by `deadline`.
    package func fits(_ cost: Double, by deadline: UInt64) -> Bool {
        let now = Clock.monotonicNanoseconds()
        return now < deadline && cost < Double(deadline - now)
    }

    /// Seconds since the start.
    package var elapsed: Double { Double(Clock.monotonicNanoseconds() &- start) / 1e9 }

    /// `seconds` as nanoseconds, saturating instead of trapping on huge or non-finite values.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return seconds > 0 ? UInt64.max / 2 : 0 }
        return seconds >= 1e9 ? UInt64.max / 2 : UInt64(seconds * 1e9)
    }
}
