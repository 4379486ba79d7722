// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchCompare
import DiffBenchCorpus
@testable import DiffBenchReports
import DiffBenchTestSupport
@testable import DiffBenchFileFormats

/// Change points on synthetic series, and a history built from rows of ten commits.
@Suite struct HistoryTests {
    /// +-`noise` deterministic jitter around `level`.
    static func noisy(_ levels: [Double], noise: Double, seed: UInt64) -> [Double] {
        var state = seed
        return levels.map { level in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return level * (1 - noise + 2 * noise * Double(state >> 11) / Double(1 << 53))
        }
    }

    @Test func aStepThatStaysIsFoundAtItsFirstRun() {
        for seed in 1...50 as ClosedRange<UInt64> {
            let values = Self.noisy((0..<10).map { $0 < 5 ? 100.0 : 120.0 }, noise: 0.03, seed: seed)
            let steps = History.steps(values, threshold: 0.1, exact: false)
            #expect(steps.count == 1 && steps[0].index == 5 && steps[0].confirmed, "seed \(seed): \(steps)")
        }
    }

    @Test func aOneRunBlipIsNotAMove() {
        for seed in 1...50 as ClosedRange<UInt64> {
            let values = Self.noisy((0..<10).map { $0 == 4 ? 150.0 : 100.0 }, noise: 0.03, seed: seed)
            #expect(History.steps(values, threshold: 0.1, exact: false).isEmpty, "seed \(seed)")
        }
    }

    @Test func aSlowDriftBelowTheNoiseIsNotFlagged() {
        // 1% per run for 10 runs (10% in all), with 3% noise.
        for seed in 1...50 as ClosedRange<UInt64> {
            let values = Self.noisy((0..<10).map { 100.0 * (1 + 0.01 * Double($0)) }, noise: 0.03, seed: seed)
            #expect(History.steps(values, threshold: 0.1, exact: false).isEmpty, "seed \(seed)")
        }
    }

    @Test func aNoisySeriesNeedsAStepBeyondItsOwnNoise() {
        // 12% noise: a 20% step is within three sigmas of it, so not a move.
        let values = Self.noisy((0..<10).map { $0 < 5 ? 100.0 : 120.0 }, noise: 0.12, seed: 7)
        #expect(History.steps(values, threshold: 0.1, exact: false).allSatisfy { $0.index != 5 })
    }

    @Test func theNewestRunAloneIsAnUnconfirmedMove() {
        let steps = History.steps([100, 101, 99, 100, 100, 130], threshold: 0.1, exact: false)
        #expect(steps == [History.Step(index: 5, before: 100, after: 130, confirmed: false)])
    }

    @Test func exactMetricsMoveOnAnyChangeBeyondTheirTolerance() {
        #expect(History.steps([10, 10, 11, 11, 11], threshold: 0, exact: true).map(\.index) == [2])
        #expect(History.steps([1000, 1005, 1000, 1004], threshold: 0.01, exact: true).isEmpty)
        // A move back is a second step.
        #expect(History.steps([10, 10, 12, 12, 10, 10], threshold: 0, exact: true).map(\.index) == [2, 4])
    }

    /// Ten commits of one cell: `factor(k)` scales commit k's samples.
    static func rows(_ factor: (Int) -> Double) -> [ResultRow] {
        (0..<10).flatMap { k -> [ResultRow] in
            let samples = noisy(Array(repeating: 100_000 * factor(k), count: 6), noise: 0.02, seed: UInt64(k + 1))
            var time = sampleRow(samples: samples)
            var allocations = sampleRow(metric: .allocations, samples: [12])
            time.meta.runID = "run\(k)"; time.meta.gitCommit = "c\(k)"; time.meta.gitDirty = "false"
            time.meta.timestampUTC = "2026-11-2\(k)T00:00:00Z"
            allocations.meta = time.meta
            return [time, allocations]
        }
    }

    @Test func aPlantedStepNamesItsCommitAndFailsWhileOpen() {
        // Commit times run backwards against run times: the order must follow commit time.
        let history = History.build(Self.rows { $0 >= 5 ? 1.2 : 1 }, threshold: 0.1) { commit in
            Double(commit.dropFirst()).map { 100 - $0 }
        }
        #expect(history.ordering == "commit time")
        #expect(history.points.map(\.commit).first == "c9")
        let reversed = History.build(Self.rows { $0 >= 5 ? 1.2 : 1 }, threshold: 0.1) { _ in nil }
        #expect(reversed.ordering == "run time")
        #expect(reversed.points.map(\.commit) == (0..<10).map { "c\($0)" })
        #expect(reversed.changes.count == 1)
        let change = reversed.changes[0]
        #expect(reversed.points[change.step.index].commit == "c5")
        #expect(change.verdict == .regression && change.open && abs(change.ratio - 1.2) < 0.05)
        #expect(reversed.outcome == .regression)
        #expect(HistoryReport.describe(change, reversed).contains("at c5 (point 6 of 10)"))
    }

    @Test func unchangedCommitsPassAndAFixedRegressionIsClosed() {
        let unchanged = History.build(Self.rows { _ in 1 }, threshold: 0.1) { _ in nil }
        #expect(unchanged.changes.isEmpty && unchanged.outcome == .pass)
        let fixed = History.build(Self.rows { (3...5).contains($0) ? 1.3 : 1 }, threshold: 0.1) { _ in nil }
        #expect(fixed.changes.map(\.verdict) == [.regression, .improvement])
        #expect(fixed.outcome == .pass)
        // A regression at the newest commit alone fails at once.
        let newest = History.build(Self.rows { $0 == 9 ? 1.5 : 1 }, threshold: 0.1) { _ in nil }
        #expect(newest.outcome == .regression && newest.openRegressions.first?.step.confirmed == false)
    }

    @Test func theReportHasAChartPerScenarioWithEveryCommit() {
        let history = History.build(Self.rows { $0 >= 5 ? 1.2 : 1 }, threshold: 0.1) { _ in nil }
        let report = HistoryReport(history)
        #expect(report.files.map(\.name) == ["README.md", "cpu-mixed.svg", "exact-mixed.svg"])
        let svg = report.files[1].contents
        #expect((0..<10).allSatisfy { svg.contains(">c\($0)<") })
        #expect(svg.contains("<circle") && svg.contains("#D55E00"))
        #expect(report.files[0].contents.contains("| regression | heckel | mixed | 1000 |"))
    }

    /// A paired run's two sides share one time stamp: the base (the other binary, of unknown
    /// commit unless `--paired-commit` named it) comes before the head, and is labelled so; a
    /// commit with uncommitted changes keeps its `+` on the chart.
    @Test func aPairedBaseComesBeforeItsHeadAndDirtyCommitsAreMarked() {
        var rows = Self.rows { _ in 1 }
        let head = "20261124T154615Z-default-1"
        for k in rows.indices where rows[k].meta.gitCommit == "c9" {
            rows[k].meta.runID = head
            rows[k].meta.gitDirty = "true"
            rows[k].meta.pairedWith = RunMetadata.partnerID(of: head)
            var base = rows[k]
            base.meta.runID = RunMetadata.partnerID(of: head)
            base.meta.pairedWith = head
            base.meta.gitCommit = "unknown"
            base.meta.gitDirty = "unknown"
            rows.append(base)
        }
        let history = History.build(rows, threshold: 0.1) { _ in nil }
        #expect(history.points.suffix(2).map(\.commit) == ["unknown", "c9+changes"])
        #expect(history.points.suffix(2).map(\.pairedBase) == [true, false])
        #expect(history.points.suffix(2).map(\.label) == ["paired base", "c9+"])
        let report = HistoryReport(history)
        let svg = report.files[1].contents
        #expect(svg.contains(">paired base<") && svg.contains(">c9+<") && svg.contains("+: with uncommitted changes"))
        #expect(report.files[0].contents.contains("| `unknown` (paired base) |"))
    }

    /// Runs of one clean commit pool into one point; runs with uncommitted changes, or of an
    /// unknown commit, are a point each (the code they measured may differ).
    @Test func onlyCleanRunsOfOneCommitPool() {
        var rows = Self.rows { _ in 1 }
        for k in rows.indices where rows[k].meta.gitCommit == "c8" {
            var again = rows[k]
            again.meta.runID = "run8b"
            again.meta.timestampUTC = "2026-11-28T12:00:00Z"
            rows.append(again)
            again.meta.gitDirty = "true"
            again.meta.runID = "run8c"
            rows.append(again)
            again.meta.runID = "run8d"
            rows.append(again)
        }
        let history = History.build(rows, threshold: 0.1) { _ in nil }
        #expect(history.points.count == 12)
        #expect(history.points.filter { $0.commit == "c8" }.map(\.runs) == [2])
        #expect(history.points.filter { $0.commit == "c8+changes" }.map(\.runs) == [1, 1])
    }

    /// Commits `factors.count`, each with four differs over three sizes: `factors[k](algorithm)`
    /// scales commit k's samples; `times[k]` is its run time (default: in commit order).
    static func differs(_ factors: [(String) -> Double], times: [String]? = nil) -> [ResultRow] {
        factors.enumerated().flatMap { k, factor -> [ResultRow] in
            ["heckel", "lis", "myers", "stdlib"].flatMap { algorithm in
                [1000, 2000, 3000].map { size -> ResultRow in
                    let level = Double(size) * 100 * factor(algorithm)
                    var row = sampleRow(
                        algorithm: algorithm,
                        samples: noisy(
                            Array(repeating: level, count: 6),
                            noise: 0.01, seed: UInt64(k * 31 + size)))
                    row.size = size
                    row.meta.runID = "run\(k)"; row.meta.gitCommit = "c\(k)"; row.meta.gitDirty = "false"
                    row.meta.timestampUTC = times?[k] ?? "2026-11-2\(k)T00:00:00Z"
                    return row
                }
            }
        }
    }

    /// The attack's shape: one binary run twice under load, every differ 20-31% slower in the
    /// second run. Compare takes that drift out and passes; history reported 7 open regressions
    /// and exited 2. Now it takes the same drift out; a differ that slowed beyond the rest still
    /// regresses.
    @Test func aLoadThatSlowsEveryDifferOfOneRunIsDriftNotARegression() {
        let steady: (String) -> Double = { _ in 1 }
        let loaded: (String) -> Double = { ["heckel": 1.2, "lis": 1.31, "myers": 1.25, "stdlib": 1.22][$0]! }
        let history = History.build(
            Self.differs([steady, steady, steady, steady, loaded, loaded]),
            threshold: 0.1
        ) { _ in nil }
        #expect(history.outcome == .pass, "\(history.openRegressions.map { HistoryReport.describe($0, history) })")
        #expect(abs(history.drifts[4] - 1.235) < 0.05)
        let oneDiffer: (String) -> Double = { $0 == "heckel" ? 1.5 : 1.2 }
        let slower = History.build(
            Self.differs([steady, steady, steady, steady, oneDiffer, oneDiffer]),
            threshold: 0.1
        ) { _ in nil }
        #expect(slower.outcome == .regression)
        #expect(slower.openRegressions.allSatisfy { $0.series.row.algorithm == "heckel" })
    }

    /// A series of two runs has no noise estimate: its last point alone is listed, not failed.
    @Test func aLastPointWithoutANoiseEstimateDoesNotFailAlone() {
        let history = History.build(
            Self.differs([{ _ in 1 }, { $0 == "heckel" ? 1.5 : 1 }]),
            threshold: 0.1
        ) { _ in nil }
        #expect(!history.changes.isEmpty && history.changes.allSatisfy { !$0.step.noiseKnown })
        #expect(history.outcome == .pass)
        #expect(HistoryReport.changeTable(history).contains("no noise estimate yet (does not fail)"))
    }

    /// Commit c0 run again after c1: c1 is the last point, but the newest run is c0's.
    @Test func theNewestRunIsNamedWhenItIsNotTheLastPoint() {
        var rows = Self.differs([{ _ in 1 }, { _ in 1 }, { _ in 1 }, { _ in 1 }, { $0 == "heckel" ? 1.5 : 1 }])
        let again = Self.differs([{ _ in 1 }]).map { row -> ResultRow in
            var r = row
            r.meta.runID = "again"
            r.meta.timestampUTC = "2026-11-29T00:00:00Z"
            return r
        }
        rows += again
        let history = History.build(rows, threshold: 0.1) { commit in Double(commit.dropFirst()) }
        #expect(history.newestRun == 0)
        let line = HistoryReport.verdictLine(history)
        #expect(
            line.contains(
                "The newest run is of c0, at 2026-11-29T00:00:00Z: it was pooled into c0's place, point 1 of 5"),
            "\(line)")
    }

    /// The same when the history passes: the newest run, of c0, was pooled into c0's place, and
    /// the verdict says so. Before, only an open regression's line named the newest run.
    @Test func aNewerRunPooledIntoAnEarlierPlaceIsSaidWhenTheHistoryPasses() {
        var rows = Self.differs([{ _ in 1 }, { _ in 1 }, { _ in 1 }])
        rows += Self.differs([{ _ in 1 }]).map { row -> ResultRow in
            var r = row
            r.meta.runID = "again"
            r.meta.timestampUTC = "2026-11-29T00:00:00Z"
            return r
        }
        let history = History.build(rows, threshold: 0.1) { commit in Double(commit.dropFirst()) }
        #expect(history.outcome == .pass)
        let line = HistoryReport.verdictLine(history)
        #expect(
            line.hasPrefix("No open regression") && line.contains("pooled into c0's place, point 1 of 3"), "\(line)")
        #expect(line.contains("the last point, c2, is not the newest run"), "\(line)")
        // Runs in commit order get no such sentence.
        #expect(
            !HistoryReport.verdictLine(History.build(Self.rows { _ in 1 }, threshold: 0.1) { _ in nil })
                .contains("newest run"))
    }
}
