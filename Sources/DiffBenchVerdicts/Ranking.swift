// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// Which time per diff the table, the verdicts and the report lead with.
package enum TimeMetric: String, Sendable, CaseIterable {
    /// The diffing thread's CPU time: what the gate judges, and what load on other cores
    /// disturbs least.
    case cpu
    /// Wall-clock time: what a user waits, but inflated whenever the machine is busy.
    case wall
}

/// How conclusions are drawn from measured cells.
package struct RankingOptions: Sendable {
    /// The time that is compared.
    package var time: TimeMetric
    /// The algorithm every ratio is relative to; `nil` for each case's fastest correct
    /// algorithm that animates.
    package var reference: String?

    /// Options with CPU time and no fixed reference.
    package init(time: TimeMetric = .cpu, reference: String? = nil) {
        self.time = time
        self.reference = reference
    }
}

/// The rules that turn measured cells into conclusions: when one algorithm is faster than
/// another, the yardstick of a case, and the geometric-mean score with its confidence interval.
///
/// The tie rule: `a` is slower than `b` only when its median is at least 5% above `b`'s *and*
/// the 95% confidence intervals of the two medians do not overlap. Anything less is noise, and
/// the two are tied.
package enum Ranking {
    /// The smallest ratio of medians that can count as a difference: 5%, what one case's ratio
    /// of two algorithms' medians moves by between two runs of the same binary on 1 case in 20
    /// (the 95th percentile: 4.7% over 448 pairs of a case in two runs, heckel and lis, default
    /// suite, 2-core VM; 12.5% before measuring children got fixed layouts). The intervals of a
    /// single run are far narrower (a median's is ±0.25% typically): they do not see what moves
    /// from one run to the next.
    package static let tieFloor = 1.05

    /// How far around ``tieFloor`` (as a factor, either side) a scenario's verdict is a close
    /// call: 2%, what a scenario's geometric mean of one algorithm over another moves by between
    /// two runs of the same binary on 1 scenario in 20 (2.2% over 154 pairs of a scenario in two
    /// runs, heckel and lis, default suite, 2-core VM, layouts fixed).
    package static let closeBand = 1.02

    /// How far below the case's best identity preserved a differ may keep and still animate
    /// fully (``CellFigures/animatesFully``): 0.1% of the surviving items and sections, for
    /// repeated identities that two correct differs may pair differently.
    package static let keyedTolerance = 0.001

    /// Whether an algorithm `ratio` times the leader's time (a scenario's geometric mean) lies
    /// within ``closeBand`` of ``tieFloor``, on either side.
    ///
    /// - Complexity: O(1).
    package static func isCloseCall(_ ratio: Double) -> Bool {
        ratio >= tieFloor / closeBand && ratio < tieFloor * closeBand
    }

    /// Whether `a` is slower than `b` beyond the measurement's noise.
    ///
    /// - Complexity: O(1).
    package static func isSlower(_ a: Summary, than b: Summary) -> Bool {
        a.median >= b.median * tieFloor && a.ciLow > b.ciHigh
    }

    /// One cell's time over another's on the same case, with a 95% interval.
    package struct Ratio: Sendable, Equatable {
        package var value: Double, low: Double, high: Double
        /// Whether it comes from per-round ratios of cells timed side by side.
        package var paired: Bool

        /// Slower beyond noise: at least ``tieFloor``, its interval above 1.
        package var isSlower: Bool { value >= tieFloor && low > 1 }
        /// Where the numerator stands (``standing(_:against:)``).
        package var standing: Standing { isSlower ? .slower : high < tieFloor ? .tied : .undecided }
    }

    /// `a`'s time over `b`'s. For two cells timed side by side in the same rounds (one
    /// ``CellFigures/timedWith``, at least 6 rounds in common), the median of their per-round
    /// ratios and its interval (``PairedRatio``): a slow phase of the machine lands on both and
    /// cancels. Otherwise the ratio of their medians, its interval from the medians' intervals
    /// (``ratioInterval(_:_:)``). `nil` when either is untimed.
    ///
    /// - Complexity: O(*s* log *s*) for *s* samples.
    package static func ratio(_ a: CellFigures, over b: CellFigures, _ metric: TimeMetric) -> Ratio? {
        guard let ta = a.time(metric), let tb = b.time(metric) else { return nil }
        if !a.timedWith.isEmpty, a.timedWith == b.timedWith,
            let paired = PairedRatio.summary(a.samples(metric), over: b.samples(metric))
        {
            return Ratio(value: paired.median, low: paired.ciLow, high: paired.ciHigh, paired: true)
        }
        let interval = ratioInterval(ta, tb)
        return Ratio(value: ta.median / max(tb.median, 1e-9), low: interval.low, high: interval.high, paired: false)
    }

    /// The cell every ratio of a case is taken against: the reference algorithm's, or the
    /// fastest correct cell that animates fully (falling back to the fastest that animates, then
    /// to the fastest correct one). Fastest by median, then, where cells shared their rounds, by
    /// the ratio every table shows: a cell whose per-round ratio to the pick is below 1 takes its
    /// place, so that no ratio below 1.00 stands beside the yardstick's (the lower median and the
    /// median of per-round ratios disagreed: `drag-move` 100k, lis the pick and heckel at 0.99).
    ///
    /// - Complexity: O(*k*² · *s* log *s*) for *k* cells of *s* samples.
    package static func yardstick(_ group: [CellFigures], _ options: RankingOptions) -> CellFigures? {
        let timed = group.filter { $0.rankable && $0.time(options.time) != nil }
        if let name = options.reference {
            return timed.first { $0.algorithm == name }
        }
        let pool =
            timed.contains(where: \.animatesFully)
            ? timed.filter(\.animatesFully)
            : timed.contains(where: \.animates) ? timed.filter(\.animates) : timed
        guard var pick = pool.min(by: { $0.time(options.time)!.median < $1.time(options.time)!.median }) else {
            return nil
        }
        // Invariant: each pass moves to a cell faster than the pick by its paired ratio; a pass
        // that finds none ends it, and at most one pass per cell runs.
        for _ in pool.indices {
            let faster = pool.compactMap { cell -> (CellFigures, Double)? in
                guard cell.algorithm != pick.algorithm, let r = ratio(cell, over: pick, options.time), r.paired,
                    r.value < 1
                else { return nil }
                return (cell, r.value)
            }.min { $0.1 < $1.1 }
            guard let faster else { break }
            pick = faster.0
        }
        return pick
    }

    /// Where `a` stands against `b`: slower beyond noise (``isSlower(_:than:)``), tied (the whole
    /// interval of their ratio lies below ``tieFloor``: evidence that they are within 5%), or
    /// undecided (neither: their intervals are too wide to tell, so a tie is not shown either).
    ///
    /// - Complexity: O(1).
    package static func standing(_ a: Summary, against b: Summary) -> Standing {
        if isSlower(a, than: b) { return .slower }
        return ratioInterval(a, b).high < tieFloor ? .tied : .undecided
    }

    /// How one time compares with another's (``standing(_:against:)``).
    package enum Standing: String, Sendable {
        /// Slower beyond noise.
        case slower
        /// Within the tie band, interval and all.
        case tied
        /// Not slower, yet its interval reaches past the tie band: the run cannot tell.
        case undecided
    }

    /// The algorithms of one case tied for fastest: every correct, fully animating, timed cell
    /// tied with the fastest (``standing(_:against:)``). Empty when no cell qualifies.
    ///
    /// - Complexity: O(*k*) for *k* cells of the case.
    package static func tiedFastest(_ group: [CellFigures], _ options: RankingOptions) -> [String] {
        guard let (timed, best) = contenders(group, options) else { return [] }
        // The fastest is tied with itself, however wide its own interval.
        return timed.filter { cell in
            cell.algorithm == best.algorithm || ratio(cell, over: best, options.time)?.standing == .tied
        }.map(\.algorithm)
    }

    /// The algorithms of one case neither slower than the fastest nor tied with it: their cells'
    /// intervals are too wide to decide (``Standing/undecided``).
    ///
    /// - Complexity: O(*k*) for *k* cells of the case.
    package static func undecidedWithFastest(_ group: [CellFigures], _ options: RankingOptions) -> [String] {
        guard let (timed, best) = contenders(group, options) else { return [] }
        return timed.filter { cell in
            cell.algorithm != best.algorithm && ratio(cell, over: best, options.time)?.standing == .undecided
        }.map(\.algorithm)
    }

    /// The algorithms of one case whose median over the fastest's lies within ``closeBand`` of
    /// ``tieFloor``, either side (``isCloseCall(_:)``): a case's ratio moves by up to 4.7% from
    /// one run to the next (1 case in 20), so another run may mark them, and with them the
    /// fastest, the other way.
    ///
    /// - Complexity: O(*k*) for *k* cells of the case.
    package static func closeToFastest(_ group: [CellFigures], _ options: RankingOptions) -> [String] {
        guard let (timed, best) = contenders(group, options), best.time(options.time)!.median > 0 else { return [] }
        return timed.filter { cell in
            guard cell.algorithm != best.algorithm, let ratio = ratio(cell, over: best, options.time) else {
                return false
            }
            return isCloseCall(ratio.value)
        }.map(\.algorithm)
    }

    /// The cells of one case that race for fastest (correct, animating fully, timed) and the
    /// fastest of them; nil when none does.
    static func contenders(_ group: [CellFigures], _ options: RankingOptions) -> ([CellFigures], CellFigures)? {
        let timed = group.filter { $0.rankable && $0.animatesFully && $0.time(options.time) != nil }
        guard let best = timed.min(by: { $0.time(options.time)!.median < $1.time(options.time)!.median }) else {
            return nil
        }
        return (timed, best)
    }

    /// A geometric mean of ratios with its 95% confidence interval.
    package struct Score: Sendable, Equatable {
        /// The geometric mean.
        package var value: Double
        /// The interval's bounds.
        package var low: Double, high: Double
        /// How many ratios it is made of.
        package var count: Int

        /// `1.04 (1.01-1.07)`; over two ratios, whose t interval (t = 12.7) spans from about 0
        /// to millions when the two differ much, `50.23 (2 cases: no interval)`.
        package var text: String {
            let interval = count == 2 ? "2 cases: no interval" : Format.fixed(low, 2) + "-" + Format.fixed(high, 2)
            return Format.fixed(value, 2) + " (" + interval + ")"
        }

        /// Half the interval's width, for a `±`; `nil` where the score has no interval to show:
        /// over two ratios (``text``: "no interval"), over one without its medians' intervals,
        /// or with a bound that is not finite. Every `±` of a score reads this, so that no line
        /// shows an interval the summary says is not there.
        ///
        /// - Complexity: O(1).
        package var halfWidth: Double? {
            guard count != 2, low < high, low.isFinite, high.isFinite else { return nil }
            return (high - low) / 2
        }
    }

    /// The geometric mean of `ratios` with a 95% interval: Student's t on the logarithms over
    /// the ratios when there are two or more; for one ratio, the interval it brings (`single`,
    /// from the two medians' confidence intervals).
    ///
    /// - Complexity: O(*n*).
    package static func geometricMean(_ ratios: [Double], single: (low: Double, high: Double)? = nil) -> Score? {
        let logs = ratios.filter { $0 > 0 && $0.isFinite }.map(log)
        guard !logs.isEmpty else { return nil }
        let n = Double(logs.count)
        let mean = logs.reduce(0, +) / n
        guard logs.count > 1 else {
            let value = exp(mean)
            return Score(value: value, low: single?.low ?? value, high: single?.high ?? value, count: 1)
        }
        let variance = logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = studentT975(degrees: logs.count - 1) * (variance / n).squareRoot()
        return Score(value: exp(mean), low: exp(mean - half), high: exp(mean + half), count: logs.count)
    }

    /// The 97.5% quantile of Student's t distribution (two-sided 95%).
    static func studentT975(degrees: Int) -> Double {
        let table: [Double] = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042
        ]
        guard degrees >= 1 else { return .infinity }
        if degrees <= table.count { return table[degrees - 1] }
        return degrees <= 60 ? 2.000 : degrees <= 120 ? 1.980 : 1.960
    }

    /// The interval of one ratio of medians, from their confidence intervals.
    static func ratioInterval(_ a: Summary, _ b: Summary) -> (low: Double, high: Double) {
        (a.ciLow / max(b.ciHigh, 1e-9), a.ciHigh / max(b.ciLow, 1e-9))
    }

    /// Each case's yardstick time (median), by case key: what the scores, the verdicts and the
    /// speed-against-quality chart divide by.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    package static func yardstickTimes(_ cells: [CellFigures], _ options: RankingOptions) -> [CaseKey: Double] {
        var times: [CaseKey: Double] = [:]
        for group in byCase(cells) {
            if let yard = yardstick(group, options)?.time(options.time) { times[group[0].caseKey] = yard.median }
        }
        return times
    }

    /// Cells grouped by case, in order of first appearance.
    package static func byCase(_ cells: [CellFigures]) -> [[CellFigures]] {
        var order: [CaseKey] = [], groups: [CaseKey: [CellFigures]] = [:]
        for cell in cells {
            if groups[cell.caseKey] == nil { order.append(cell.caseKey) }
            groups[cell.caseKey, default: []].append(cell)
        }
        return order.map { groups[$0]! }
    }
}
