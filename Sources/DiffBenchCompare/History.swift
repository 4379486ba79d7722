// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics

/// `bench history`: results of many commits as one series per cell and metric, ordered by
/// commit time, and the change points in them: a level that moved beyond the series' noise and
/// stayed moved for at least two runs.
///
/// Each commit is one point (several runs of one commit pool their samples); a run with
/// uncommitted changes, or of an unknown commit (a paired run's base), is a point of its own,
/// since no other run is known to have measured the same code. A timing series
/// (`cpu_ns`, the median per diff) moves at point *i* when its value and the next one's both
/// differ from the level before, the median of up to ``window`` points since the last change,
/// in the same direction by at least the larger of the threshold (default 10%) and three times
/// the series' noise (the robust standard deviation of its run-to-run log steps). An exact metric
/// moves on any change beyond its tolerance (instructions and allocated bytes 1%, peak RSS 25%).
/// A one-run blip is not a change; a drift slower than the noise never moves the level far
/// enough from the window's median. The newest point alone away from the level in the bad
/// direction is reported as a change not yet confirmed.
package struct History: Sendable {
    /// One commit's results.
    package struct Point: Sendable {
        /// The commit, with `+changes` when a run had uncommitted changes.
        package var commit: String
        /// The earliest run's timestamp (UTC) and the commit time (seconds since 1970) when known.
        package var timestamp: String, commitTime: Double?
        package var runs: Int
        /// The pooled rows of this commit by row key.
        package var rows: [ResultRow.Key: ResultRow]
        /// Every run of this point is the base side of a paired run (`bench run --paired-with`).
        package var pairedBase = false
        /// The latest run's timestamp (UTC).
        package var latest = ""

        /// The point's name on a chart's axis: the commit's first seven characters, `+` when a run
        /// had uncommitted changes; a paired base of unknown commit is "paired base".
        package var label: String {
            if pairedBase && commit == "unknown" { return "paired base" }
            return String(commit.prefix { $0 != "+" }.prefix(7)) + (commit.hasSuffix("+changes") ? "+" : "")
        }
    }

    /// One cell's metric over the points (`nil` where a point did not measure it).
    package struct Series: Sendable {
        package var key: ResultRow.Key
        package var row: ResultRow
        package var values: [Double?]
        package var lows: [Double?], highs: [Double?]
    }

    /// A move of a series' level.
    package struct Step: Sendable, Equatable {
        /// The point of the first run after the move (an index into the series' present values
        /// from ``steps(_:threshold:exact:)``, into ``History/points`` in ``Change``).
        package var index: Int
        /// The level before (window median) and after (median of up to three runs from the move).
        package var before: Double, after: Double
        /// Seen on two runs or more (the newest run alone is not confirmed).
        package var confirmed: Bool
        /// Whether the series had a noise estimate when the step was judged: an exact metric
        /// (its tolerance), or a timing of at least 4 runs. An unconfirmed step without one does
        /// not fail the history on its own.
        package var noiseKnown = true

        package init(index: Int, before: Double, after: Double, confirmed: Bool, noiseKnown: Bool = true) {
            self.index = index
            self.before = before
            self.after = after
            self.confirmed = confirmed
            self.noiseKnown = noiseKnown
        }
    }

    /// A step of one series, judged.
    package struct Change: Sendable {
        package var series: Series
        package var step: Step
        package var verdict: Comparison.Verdict
        /// No later change of the series: the newest run still sits at this level.
        package var open: Bool
        /// after / before.
        package var ratio: Double { step.before == 0 ? (step.after == 0 ? 1 : .infinity) : step.after / step.before }
    }

    /// How many earlier points make the level a value is compared with.
    package static let window = 5

    package var points: [Point] = []
    package var series: [Series] = []
    package var changes: [Change] = []
    /// How the points were ordered: "commit time" or "run time".
    package var ordering = "run time"

    /// A regression when the newest run sits in one (open, or starting at the newest commit), else a pass.
    package var outcome: GateOutcome { openRegressions.isEmpty ? .pass : .regression }

    /// Regressions the last point still sits in; a move of the last point alone counts only when
    /// its series has a noise estimate (``Step/noiseKnown``).
    package var openRegressions: [Change] {
        changes.filter { $0.open && $0.verdict == .regression && ($0.step.confirmed || $0.step.noiseKnown) }
    }

    /// Per point, the run-wide drift taken out of its timings, as `bench compare` takes it out
    /// between two runs (``TimingGate/driftRule``: the median ratio over the timed cells when the
    /// differs moved alike, the least-moved differ's when they did not, none for one differ),
    /// cumulated from the first point (1 there). A load that slows every differ of one run is
    /// not a regression; a differ that slowed beyond the rest still is.
    package var drifts: [Double] = []

    /// The point whose run is the newest (by run time): not the last point when an older commit
    /// was run again after a later one.
    package var newestRun: Int? {
        points.indices.max { (points[$0].latest, $0) < (points[$1].latest, $1) }
    }

    /// The metrics a history follows: CPU time and the gated exact metrics.
    static func followed(_ row: ResultRow) -> Bool {
        row.metric == .cpuNs || (row.kind == .exact && !row.metric.isInformational)
    }

    /// Builds the history of `rows` (any number of runs). `commitTime` gives a commit's time,
    /// `nil` when unknown; the points are ordered by it when every commit has one, else by the
    /// time of their first run.
    ///
    /// - Complexity: O(*r* + *p* · *s* · *w*) for *r* rows, *p* points, *s* series.
    package static func build(
        _ rows: [ResultRow], threshold: Double,
        commitTime: (String) -> Double?
    ) -> History {
        var byPoint: [String: [ResultRow]] = [:]
        for row in rows where followed(row) {
            let clean = row.meta.gitDirty == "false" && row.meta.gitCommit != "unknown"
            // One point per commit and build: runs of one commit from different builds (allowed by
            // the caller) are points of their own, as runs with uncommitted changes always are.
            let point =
                clean
                ? row.meta.gitCommit + "\u{1}" + BuildPool.key(row)
                : row.meta.gitCommit + "\u{0}"
                    + row.meta.runID
            byPoint[point, default: []].append(row)
        }
        var history = History()
        history.points = byPoint.values.map { rows in
            let commit = rows[0].meta.gitCommit + (rows[0].meta.gitDirty == "true" ? "+changes" : "")
            let pooled = ResultPool.pool(rows)
            return Point(
                commit: commit, timestamp: rows.map(\.meta.timestampUTC).min() ?? "",
                commitTime: commitTime(String(commit.prefix { $0 != "+" })),
                runs: Set(rows.map(\.meta.runID)).count,
                rows: Dictionary(pooled.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a }),
                pairedBase: rows.allSatisfy(\.meta.isPairedBase),
                latest: rows.map(\.meta.timestampUTC).max() ?? "")
        }
        let byCommitTime = history.points.allSatisfy { $0.commitTime != nil }
        history.ordering = byCommitTime ? "commit time" : "run time"
        // At one time, a paired run's base (stamped with its head run's time) comes first.
        history.points.sort { a, b in
            if byCommitTime && a.commitTime != b.commitTime { return a.commitTime! < b.commitTime! }
            return (a.timestamp, a.pairedBase ? 0 : 1, a.commit) < (b.timestamp, b.pairedBase ? 0 : 1, b.commit)
        }
        let keys = Set(history.points.flatMap(\.rows.keys)).sorted { $0.description < $1.description }
        for key in keys {
            let found = history.points.map { $0.rows[key] }
            let usable = found.map { row in row.flatMap { $0.status == .ok && !$0.samples.isEmpty ? $0 : nil } }
            guard let first = usable.compactMap({ $0 }).first else { continue }
            history.series.append(
                Series(
                    key: key, row: first, values: usable.map { $0?.summary.median },
                    lows: usable.map { $0?.summary.ciLow },
                    highs: usable.map { $0?.summary.ciHigh }))
        }
        history.drifts = drifts(of: history.points, threshold: threshold)
        for s in history.series {
            let exact = s.row.kind == .exact
            let present = s.values.enumerated().compactMap { i, v in
                v.map { (i, exact ? $0 : $0 / history.drifts[i]) }
            }
            let limit = exact ? Comparison.tolerance(of: s.row) : threshold
            let found = steps(present.map(\.1), threshold: limit, exact: exact)
            for (k, step) in found.enumerated() {
                var onPoints = step
                onPoints.index = present[step.index].0
                let worse = s.row.direction == .higher ? step.after < step.before : step.after > step.before
                history.changes.append(
                    Change(
                        series: s, step: onPoints, verdict: worse ? .regression : .improvement,
                        open: k == found.count - 1))
            }
        }
        return history
    }

    /// Per point, the cumulated run-wide drift of its timings against the point before (see
    /// ``drifts``).
    ///
    /// - Complexity: O(*p* · *s* log *s*) for *p* points of *s* timed cells.
    static func drifts(of points: [Point], threshold: Double) -> [Double] {
        var result: [Double] = [], factor = 1.0
        for (i, point) in points.enumerated() {
            if i > 0 {
                let before = points[i - 1].rows
                let pairs = point.rows.compactMap { key, row -> (ResultRow, ResultRow)? in
                    guard row.kind == .timing, row.status == .ok, !row.samples.isEmpty,
                        let b = before[key], b.status == .ok, !b.samples.isEmpty
                    else { return nil }
                    return (b, row)
                }
                let drift = TimingGate(threshold: threshold, pairs: pairs).drift
                if drift.isFinite && drift > 0 { factor *= drift }
            }
            result.append(factor)
        }
        return result
    }

    /// The moves of a series' level (see the type's description).
    ///
    /// - Complexity: O(*n* · ``window``) for *n* values.
    package static func steps(_ values: [Double], threshold: Double, exact: Bool) -> [Step] {
        guard values.count >= 2 else { return [] }
        // Timing: log steps; the series' noise is the robust sigma of one run-to-run step / sqrt 2.
        let logs = values.map { Foundation.log(max($0, 1e-300)) }
        var limit = Foundation.log(1 + threshold)
        if !exact && values.count >= 4 {
            let diffs = zip(logs.dropFirst(), logs).map { $0 - $1 }.sorted()
            let center = Summary.percentile(diffs, 0.5)
            let mad = Summary.percentile(diffs.map { abs($0 - center) }.sorted(), 0.5)
            limit = max(limit, 3 * 1.4826 * mad / 2.0.squareRoot())
        }
        /// +1 or -1 when `value` is away from `level` beyond the limit, else 0.
        func away(_ value: Double, _ level: Double) -> Int {
            if exact {
                let slack = threshold * max(abs(value), abs(level))
                return value > level + slack ? 1 : value < level - slack ? -1 : 0
            }
            let d = Foundation.log(max(value, 1e-300)) - Foundation.log(max(level, 1e-300))
            return d >= limit ? 1 : d <= -limit ? -1 : 0
        }
        func median(_ slice: ArraySlice<Double>) -> Double { Summary.percentile(slice.sorted(), 0.5) }
        var result: [Step] = []
        var start = 0
        // Invariant: values[start..<i] are at one level (no move found since `start`).
        for i in 1..<values.count {
            let level = median(values[max(start, i - window)..<i])
            let direction = away(values[i], level)
            guard direction != 0 else { continue }
            if i + 1 < values.count {
                guard away(values[i + 1], level) == direction else { continue }
                result.append(
                    Step(
                        index: i, before: level, after: median(values[i..<min(i + 3, values.count)]),
                        confirmed: true))
                start = i
            } else {
                result.append(
                    Step(
                        index: i, before: level, after: values[i], confirmed: false,
                        noiseKnown: exact || values.count >= 4))
            }
        }
        return result
    }
}
