// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchFormat

/// Thresholds from measured noise: N comparisons of one binary against itself (paired runs, as
/// `run-bench.sh --calibrate N` makes them) give each timed cell N judged ratios whose true value
/// is 1. A cell's threshold is the upper 99% prediction bound of its next judged ratio: with the
/// logarithms' mean *m* and standard deviation *s* over *N* runs, exp(*m* + *t* · *s* ·
/// sqrt(1 + 1/*N*)) − 1, *t* Student's one-sided 99% quantile for *N* − 1 degrees of freedom,
/// never below the global floor. So the false-alarm rate of each cell stays under 1% as long as
/// its noise is what the runs saw.
package struct Calibration: Sendable {
    /// The thresholds to write.
    package var thresholds = Thresholds()
    /// Same-binary comparisons, and the timed cell comparisons among them.
    package var runs = 0, cellComparisons = 0
    /// Cell comparisons the current rule (one global threshold) flagged, and those flagged
    /// with the calibrated thresholds (the same runs, so an in-sample figure).
    package var currentAlarms = 0, calibratedAlarms = 0

    /// The fewest same-binary comparisons a calibration accepts.
    package static let minimumRuns = 3

    /// Calibrates from `pairs` (BASE rows, NEW rows of one binary) at `floor` (0.10 for 10%).
    ///
    /// - Complexity: O(*N* · *r* log *r*) for *N* pairs of *r* rows.
    package static func calibrate(
        _ pairs: [(base: [ResultRow], new: [ResultRow])], floor: Double,
        machine: String
    ) throws(DiffBenchError) -> Calibration {
        guard pairs.count >= minimumRuns else {
            throw .badInput("calibrate needs at least \(minimumRuns) same-binary comparisons (got \(pairs.count))")
        }
        var result = Calibration()
        result.runs = pairs.count
        var logs: [String: [Double]] = [:]
        for pair in pairs {
            let comparison = try Comparison.compare(base: pair.base, new: pair.new, threshold: floor, scope: .timing)
            for e in comparison.entries where gated(e) {
                logs["\(e.new!.cell) \(e.new!.metric)", default: []].append(Foundation.log(e.ratio!))
                result.cellComparisons += 1
                if e.verdict == .regression { result.currentAlarms += 1 }
            }
        }
        for (key, values) in logs where values.count == pairs.count {
            let n = Double(values.count)
            let mean = values.reduce(0, +) / n
            let sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)).squareRoot()
            let bound = Foundation.exp(mean + studentT99(values.count - 1) * sd * (1 + 1 / n).squareRoot()) - 1
            // Rounded up to a tenth of a percent: the file prints one decimal.
            result.thresholds.values[key] = max(floor, (bound * 1000).rounded(.up) / 1000)
        }
        for pair in pairs {
            let comparison = try Comparison.compare(
                base: pair.base, new: pair.new, threshold: floor, scope: .timing,
                thresholds: result.thresholds)
            result.calibratedAlarms += comparison.entries.filter { gated($0) && $0.verdict == .regression }.count
        }
        let raised = result.thresholds.values.values.filter { $0 > floor }.count
        result.thresholds.comments = [
            "machine: \(machine)",
            "from \(pairs.count) comparisons of one binary against itself; floor \(Format.fixed(floor * 100, 1))%;",
            "each cell's threshold keeps its false-alarm rate under 1% (99% prediction bound of its judged ratio);",
            "\(raised) of \(result.thresholds.values.count) cells above the floor; false alarms of the global rule: "
                + "\(result.currentAlarms) of \(result.cellComparisons) "
                + "(\(Format.fixed(result.currentRate * 100, 2))%)",
            "cell metric threshold"
        ]
        return result
    }

    /// The current rule's false-alarm rate over the calibration runs.
    package var currentRate: Double { cellComparisons == 0 ? 0 : Double(currentAlarms) / Double(cellComparisons) }
    /// The calibrated rule's false-alarm rate over the same runs (in sample).
    package var calibratedRate: Double {
        cellComparisons == 0 ? 0 : Double(calibratedAlarms) / Double(cellComparisons)
    }

    /// A timed cell the gate judges (not under the 1 µs floor, not skipped).
    static func gated(_ e: Comparison.Entry) -> Bool {
        guard let n = e.new, e.base != nil, n.kind == .timing, let ratio = e.ratio, ratio > 0, ratio.isFinite
        else { return false }
        return e.verdict != .skipped && !TimingGate.belowFloor(e.base!, n)
    }

    /// Student's t one-sided 99% quantile for `df` degrees of freedom (table, conservative
    /// between entries).
    static func studentT99(_ df: Int) -> Double {
        let table: [(Int, Double)] = [
            (1, 31.821), (2, 6.965), (3, 4.541), (4, 3.747), (5, 3.365), (6, 3.143), (7, 2.998), (8, 2.896),
            (9, 2.821), (10, 2.764), (12, 2.681), (15, 2.602), (20, 2.528), (30, 2.457), (60, 2.390)
        ]
        if df > 60 { return 2.326 }
        return table.last(where: { $0.0 <= max(df, 1) })!.1
    }
}
