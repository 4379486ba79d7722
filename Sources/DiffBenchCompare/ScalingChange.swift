// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// The scaling gate of `bench compare`: where BASE and NEW both measured one (algorithm, scenario,
/// ids, seed) at three or more sizes, the exponent *k* of *t* ≈ *c* · *n*^*k* is fitted on each
/// side, and an increase beyond its 99% interval is a regression of its own kind
/// ("heckel shuffle: n^1.04 -> n^1.52"), even when no single cell crossed its threshold.
///
/// - **CPU time** (`cpu_ns`): each size's figure is the median of the per-round minimums (the
///   samples when there is one round). Each round gives its own change of exponent: in a paired
///   run the slope of that round's ratios NEW/BASE against size (both sides saw the same phases
///   of the machine), otherwise the difference of the two sides' slopes. The change is the median
///   of those, with the distribution-free 99% interval of the median; an unpaired interval is
///   widened by 3 sigma of the slope that the run's cell-to-cell noise alone gives (sigma of one
///   cell's drift-corrected log ratio, as the timing gate measures it, over sqrt(Sxx) of the log
///   sizes): a phase of the machine that slowed one size's cell bends an unpaired fit. A change must
///   also be at least ``minimumTimingChange`` (0.02; same-binary paired quick runs on this
///   project's machine: 36 fits over 9 runs, the largest median change +0.01), and a steeper fit counts only when the
///   largest size did not get faster (a fixed cost removed from every call steepens the fit of
///   small sizes without any change of growth; the per-cell gate judges improvements).
/// - **Instructions** (exact, one count per size): a change of more than ``minimumExactChange``
///   (0.02; the 1% tolerance of one cell moves the exponent of sizes 10x apart by 0.004).
package struct ScalingChange: Sendable, Equatable {
    package var algorithm: String, scenario: String, ids: IdentityKind, seed: UInt64
    /// `cpu_ns` or `instructions`.
    package var metric: MetricName
    /// The sizes both sides measured, ascending.
    package var sizes: [Int]
    package var baseExponent: Double, newExponent: Double
    /// NEW's exponent minus BASE's, with its 99% interval (equal to it for exact metrics).
    package var change: Double, low: Double, high: Double
    package var verdict: Comparison.Verdict
    /// How the change was estimated: "paired, 8 rounds", "3 rounds" or "exact".
    package var method: String

    /// Smallest change of a CPU-time exponent that is judged.
    package static let minimumTimingChange = 0.02
    /// Smallest change of an instructions exponent that is judged.
    package static let minimumExactChange = 0.02
    /// Fewest sizes a fit needs.
    package static let minimumSizes = 3

    /// "heckel mixed: n^1.04 -> n^1.52 (+0.48, interval +0.41..+0.55; cpu_ns, paired, 8 rounds, ...)".
    package var description: String {
        let interval = metric == .instructions ? "" : ", interval \(Self.signed(low))..\(Self.signed(high))"
        let exponents = "n^\(Format.fixed(baseExponent, 2)) -> n^\(Format.fixed(newExponent, 2))"
        return "\(algorithm) \(scenario)\(ids.scenarioSuffix): \(exponents)"
            + " (\(Self.signed(change))\(interval); \(metric.rawValue), \(method), "
            + "sizes \(sizes.map(String.init).joined(separator: ",")))"
    }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + Format.fixed(value, 2) }

    /// The scaling changes between two pooled sets of rows, sorted by group.
    ///
    /// - Complexity: O(*g* · *s* · *r* log *r*) for *g* groups, *s* sizes and *r* rounds.
    package static func judge(base: [ResultRow], new: [ResultRow], cellNoise: Double = 0) -> [ScalingChange] {
        func groups(_ rows: [ResultRow]) -> [String: [Int: ResultRow]] {
            var result: [String: [Int: ResultRow]] = [:]
            for row in rows
            where (row.metric == .cpuNs || row.metric == .instructions) && row.status == .ok
                && !row.samples.isEmpty
            {
                result["\(row.algorithm)|\(row.scenario)|\(row.ids)|\(row.seed)|\(row.metric)", default: [:]][
                    row.size] = row
            }
            return result
        }
        let b = groups(base), n = groups(new)
        var changes: [ScalingChange] = []
        for key in b.keys.sorted() {
            guard let bySizeNew = n[key], let bySizeBase = b[key] else { continue }
            let sizes = Set(bySizeBase.keys).intersection(bySizeNew.keys).sorted()
            guard sizes.count >= minimumSizes, sizes.first! > 0 else { continue }
            let pairs = sizes.map { (bySizeBase[$0]!, bySizeNew[$0]!) }
            let first = pairs[0].0
            let change = first.metric == .instructions ? exact(pairs) : timing(pairs, cellNoise: cellNoise)
            guard var change else { continue }
            change.algorithm = first.algorithm; change.scenario = first.scenario
            change.ids = first.ids; change.seed = first.seed; change.sizes = sizes
            changes.append(change)
        }
        return changes
    }

    static func blank() -> ScalingChange {
        ScalingChange(
            algorithm: "", scenario: "", ids: .int, seed: 0, metric: .cpuNs, sizes: [], baseExponent: 0,
            newExponent: 0, change: 0, low: 0, high: 0, verdict: .unchanged, method: "")
    }

    /// Instructions: one count per size on each side, so the change is exact.
    static func exact(_ pairs: [(ResultRow, ResultRow)]) -> ScalingChange? {
        let sizes = pairs.map { Double($0.0.size) }
        guard let kb = ScalingFit.fit(zip(sizes, pairs.map { $0.0.summary.median }).map { ($0, $1) }),
            let kn = ScalingFit.fit(zip(sizes, pairs.map { $0.1.summary.median }).map { ($0, $1) })
        else { return nil }
        var c = blank()
        c.metric = .instructions; c.method = "exact"
        c.baseExponent = kb.exponent; c.newExponent = kn.exponent
        c.change = kn.exponent - kb.exponent; c.low = c.change; c.high = c.change
        c.verdict =
            c.change > minimumExactChange
            ? .regression
            : c.change < -minimumExactChange
                ? .improvement
                : .unchanged
        return c
    }

    /// The values a size's figure is made of: per-round minimums, else the samples.
    static func values(_ row: ResultRow) -> [Double] { TimingGate.roundMinimums(row) ?? row.samples }

    static func median(_ values: [Double]) -> Double { Summary.percentile(values.sorted(), 0.5) }

    /// CPU time: one change of exponent per round (the *r*-th round of every size: rounds are
    /// independent, so each gives an independent estimate); the change is their median, its
    /// interval the distribution-free 99% interval of that median
    /// (``Summary/medianInterval(_:confidence:)``).
    static func timing(_ pairs: [(ResultRow, ResultRow)], cellNoise: Double) -> ScalingChange? {
        // Times under TimingGate.floorNs (`reload`) are overhead, not growth.
        guard
            pairs.allSatisfy({
                $0.0.samples.count >= 3 && $0.1.samples.count >= 3
                    && $0.0.summary.min >= TimingGate.floorNs && $0.1.summary.min >= TimingGate.floorNs
            })
        else { return nil }
        let sizes = pairs.map { Double($0.0.size) }
        let baseValues = pairs.map { values($0.0) }, newValues = pairs.map { values($0.1) }
        func slope(_ figures: [Double]) -> Double? {
            ScalingFit.fit(zip(sizes, figures).map { ($0, $1) })?.exponent
        }
        guard let kb = slope(baseValues.map(median)), let kn = slope(newValues.map(median)) else { return nil }
        let rounds = min(baseValues.map(\.count).min()!, newValues.map(\.count).min()!)
        let paired =
            pairs.allSatisfy { TimingGate.paired($0.0, $0.1) }
            && zip(baseValues, newValues).allSatisfy { $0.count == $1.count }
        // Per round: the slope of the ratios when paired (both sides saw the same phases), else
        // the difference of the two sides' slopes.
        let changes = (0..<rounds).compactMap { r -> Double? in
            if paired { return slope(zip(baseValues, newValues).map { $1[r] / $0[r] }) }
            guard let b = slope(baseValues.map { $0[r] }), let n = slope(newValues.map { $0[r] }) else { return nil }
            return n - b
        }.sorted()
        guard changes.count >= 2 else { return nil }
        let (low, high) = Summary.medianInterval(changes, confidence: 0.99)
        var c = blank()
        c.metric = .cpuNs; c.method = paired ? "paired, \(changes.count) rounds" : "\(changes.count) rounds"
        c.baseExponent = kb; c.newExponent = kn
        c.change = Summary.percentile(changes, 0.5)
        c.low = low; c.high = high
        if !paired {
            let logs = sizes.map { Foundation.log($0) }
            let mean = logs.reduce(0, +) / Double(logs.count)
            let sxx = logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            let extra = 3 * cellNoise / sxx.squareRoot()
            c.low -= extra; c.high += extra
        }
        // The largest size's ratio (per-round ratios when paired, else the two figures).
        let largest =
            paired
            ? median(zip(baseValues.last!, newValues.last!).map { $1 / $0 })
            : median(newValues.last!) / median(baseValues.last!)
        if c.low > 0 && c.change >= minimumTimingChange && largest > 1 {
            c.verdict = .regression
        } else if c.high < 0 && c.change <= -minimumTimingChange {
            c.verdict = .improvement
        }
        return c
    }
}
