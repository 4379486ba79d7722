// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// Predicts, from the smaller sizes of the same algorithm and scenario already measured in a
/// run, a cell whose single diff cannot fit its budget, so that the run reports it `skipped`
/// with the reason instead of spending the budget to learn it.
///
/// The time per diff at size *n* is extrapolated from the largest measured smaller size *m*
/// as t(*m*) x (*n*/*m*)^*k*, where *k* is the growth exponent between the two largest smaller
/// sizes (never below 1: no diff grows slower than its input), or 1 with one smaller size. A
/// cell is skipped when the forecast for a single diff exceeds its budget and five such diffs
/// (its first, a warm-up and the 3 samples of ``CellMeasurement/finishedAtBudget``) exceed what
/// it may use with its grace (``CellBudget``), and whenever a smaller size of it already ran out
/// of its budget: a cell so forecast cannot finish, and with a budget of 4 s even a forecast
/// 1.4x too high skips nothing that would have. A margin of 1.5 let `stdlib` `differencekit`
/// 100,000 (forecast 5.2 s from a warm 1,000 and 119 ms at 10,000) run into its 4 s budget and be
/// killed at 5.9 s without a sample.
package struct BudgetForecast {
    /// The least time per diff, in seconds, forecast for a cell of `budget` seconds that skips
    /// it: the budget, or a fifth of the budget plus the grace a cell short of 3 samples may use.
    ///
    /// - Complexity: O(1).
    package static func threshold(budget: Double) -> Double {
        max(budget, CellBudget.ceiling(budget: budget) / 5)
    }

    /// Per (algorithm, scenario, ids): measured sizes with their median time per diff in
    /// nanoseconds (`infinity` for a cell that ran out of its budget).
    private var measured: [String: [(size: Int, ns: Double)]] = [:]

    /// An empty forecast.
    package init() {}

    private static func key(_ spec: CellSpec) -> String { "\(spec.algorithm)|\(spec.scenario)|\(spec.ids)" }

    /// Records what a first visit of `spec` measured.
    package mutating func record(_ spec: CellSpec, _ result: CellResult) {
        let ns: Double
        if result.status == .timeout || result.note.hasPrefix(Self.notePrefix) {
            ns = .infinity
        } else if let time = (result.cpuNs.isEmpty ? result.wallNs : result.cpuNs).median {
            ns = time
        } else if let warm = result.warmDiffNs ?? result.firstDiffNs {
            // A first visit that timed nothing (its case is timed side by side): its untimed warm
            // diffs, else its cold first one. The cold one misleads: `stdlib` `differencekit`
            // 1,000 took 2.23 ms first and 1.90 ms in samples, which made the growth to 10,000
            // n^1.71, not n^1.78, and the 100,000 cell's forecast 5.9 s, not 6.9 s.
            ns = warm
        } else {
            return
        }
        measured[Self.key(spec), default: []].append((spec.size, ns))
    }

    static let notePrefix = "predicted past the budget"

    /// The reason to skip `spec`, or `nil` to measure it.
    ///
    /// - Complexity: O(*s* log *s*) for *s* sizes measured of its algorithm and scenario.
    package func skipReason(_ spec: CellSpec) -> String? {
        let smaller = (measured[Self.key(spec)] ?? []).filter { $0.size < spec.size }.sorted { $0.size < $1.size }
        guard let last = smaller.last else { return nil }
        let budget = Format.seconds(spec.budget)
        if last.ns == .infinity {
            return "\(Self.notePrefix) of \(budget): size \(last.size) already ran out of it"
        }
        var exponent = 1.0
        if smaller.count >= 2 {
            let previous = smaller[smaller.count - 2]
            if previous.ns > 0 && last.size > previous.size {
                exponent = max(1, log(last.ns / previous.ns) / log(Double(last.size) / Double(previous.size)))
            }
        }
        let forecast = last.ns * pow(Double(spec.size) / Double(last.size), exponent)
        guard forecast > Self.threshold(budget: spec.budget) * 1e9 else { return nil }
        return "\(Self.notePrefix) of \(budget): \(Format.nanoseconds(last.ns)) per diff at size \(last.size), "
            + "growing as n^\(Format.fixed(exponent, 2)), forecasts \(Format.nanoseconds(forecast)) per diff"
    }
}

extension Array where Element == Double {
    /// The median, or `nil` when empty.
    var median: Double? { isEmpty ? nil : Summary(self).median }
}
