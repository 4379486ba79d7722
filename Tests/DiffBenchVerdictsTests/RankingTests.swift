// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchTestSupport
@testable import DiffBenchVerdicts
@testable import DiffBenchFileFormats

/// Ties, yardsticks, scores, the overall answer and noise, on hand-made results.
@Suite struct RankingTests {
    @Test func tiesNeedEvidenceAndAClearGapIsNoTie() {
        // 1% apart with tight intervals: the whole interval of the ratio lies in the tie band.
        let tied = figures(cell("a", around(100, spread: 0.01)) + cell("b", around(101, spread: 0.01)))
        #expect(Set(Ranking.tiedFastest(tied, RankingOptions())) == ["a", "b"])
        // 1% apart with intervals too wide to exclude 5%: undecided, neither tied nor slower.
        let wide = figures(cell("a", around(100, spread: 0.1)) + cell("b", around(101, spread: 0.1)))
        #expect(Ranking.tiedFastest(wide, RankingOptions()) == ["a"])
        #expect(Ranking.undecidedWithFastest(wide, RankingOptions()) == ["b"])
        let gap = figures(cell("a", around(100, spread: 0.02)) + cell("b", around(120, spread: 0.02)))
        #expect(Ranking.tiedFastest(gap, RankingOptions()) == ["a"])
        // Within 5% is a tie even with tight, disjoint intervals; 6% with them is not.
        let close = figures(cell("a", around(100, spread: 0.001)) + cell("b", around(104, spread: 0.001)))
        #expect(Set(Ranking.tiedFastest(close, RankingOptions())) == ["a", "b"])
        let apart = figures(cell("a", around(100, spread: 0.001)) + cell("b", around(106, spread: 0.001)))
        #expect(Ranking.tiedFastest(apart, RankingOptions()) == ["a"])
    }

    @Test func cellsTimedSideBySideAreComparedRoundByRound() throws {
        // The machine's speed drifts by 40% over the rounds; b takes 10% (or 1%) longer than a in
        // every round. Apart, their medians' intervals overlap: undecided either way. Side by
        // side, the per-round ratios decide: 10% is slower, 1% is tied.
        let drift = (0..<12).map { 100 * (1 + 0.4 * Double($0 % 4) / 3) }
        for (factor, standing) in [(1.10, Ranking.Standing.slower), (1.01, .tied)] {
            let slower = drift.map { $0 * factor }
            let apart = figures(cell("a", drift) + cell("b", slower))
            #expect(Ranking.ratio(apart[1], over: apart[0], .cpu)?.standing == .undecided)
            #expect(Ranking.ratio(apart[1], over: apart[0], .cpu)?.paired == false)
            let paired = figures(cell("a", drift, timedWith: "a+b") + cell("b", slower, timedWith: "a+b"))
            let ratio = try #require(Ranking.ratio(paired[1], over: paired[0], .cpu))
            #expect(ratio.paired && abs(ratio.value - factor) < 1e-9 && ratio.standing == standing)
            let verdict = try #require(ScenarioVerdict.verdicts(paired).first)
            #expect(verdict.fastest == (standing == .tied ? ["a", "b"] : ["a"]) && verdict.undecided.isEmpty)
            // Cells timed in different processes (other `timed_with`) are not paired.
            let other = figures(cell("a", drift, timedWith: "a+b") + cell("b", slower, timedWith: "a+b+c"))
            #expect(Ranking.ratio(other[1], over: other[0], .cpu)?.paired == false)
        }
    }

    @Test func aYardstickMustAnimate() {
        // "flat" redraws everything (identity 0): it is faster, but not what ratios are taken against.
        let cells = figures(
            cell("flat", around(10, spread: 0.02), identity: 0)
                + cell("real", around(100, spread: 0.02)))
        #expect(Ranking.yardstick(cells, RankingOptions())?.algorithm == "real")
        #expect(Ranking.yardstick(cells, RankingOptions(reference: "flat"))?.algorithm == "flat")
        #expect(Ranking.tiedFastest(cells, RankingOptions()) == ["real"])
    }

    @Test func whereNoIdentityCanSurviveTheBestPossibleIsPicked() throws {
        // Every differ keeps no identity: UIKit lets none survive (a move out of a deleted section).
        let cells = figures(
            cell("a", around(100, spread: 0.01), identity: 0)
                + cell("b", around(200, spread: 0.01), identity: 0))
        #expect(cells.allSatisfy { $0.keepsNothingPossible && $0.animates && $0.animatesFully })
        let verdict = try #require(ScenarioVerdict.verdicts(cells).first)
        #expect(verdict.recommended == "a")
        #expect(!verdict.notRanked.contains { $0.reason.contains("animates nothing") })
        // Where another differ keeps some, identity 0 still animates nothing.
        let kept = figures(
            cell("a", around(100, spread: 0.01), identity: 0)
                + cell("b", around(200, spread: 0.01), identity: 0.5))
        #expect(kept.first { $0.algorithm == "a" }?.animates == false)
    }

    @Test func noRatioBelowOneStandsBesideTheYardstick() throws {
        // a sampled more rounds than b (the leader samples on): its median comes from rounds b
        // never saw. Over the rounds they shared, b took 0.955x a's time: b is the yardstick.
        let a = [Double](repeating: 110, count: 8) + [Double](repeating: 60, count: 9)
        let b = [Double](repeating: 105, count: 8)
        let cells = figures(cell("a", a, timedWith: "a+b") + cell("b", b, timedWith: "a+b"))
        let yardstick = try #require(Ranking.yardstick(cells, RankingOptions()))
        #expect(yardstick.algorithm == "b")
        let other = try #require(cells.first { $0.algorithm == "a" })
        #expect(try #require(Ranking.ratio(other, over: yardstick, .cpu)).value >= 1)
        // Timed apart, the lower median stays the pick.
        let apart = figures(cell("a", a) + cell("b", b))
        #expect(Ranking.yardstick(apart, RankingOptions())?.algorithm == "a")
    }

    @Test func theScoreIsAGeometricMeanWithAStudentInterval() throws {
        // b takes 2x a on one case and 8x on the other: geometric mean 4x; t(1) = 12.706.
        let rows =
            cell("a", around(100, spread: 0.02), size: 1_000) + cell("b", around(200, spread: 0.02), size: 1_000)
            + cell("a", around(100, spread: 0.02), size: 10_000) + cell("b", around(800, spread: 0.02), size: 10_000)
        let scores = DifferScore.scores(figures(rows), RankingOptions())
        let b = try #require(scores.first { $0.name == "b" }?.score)
        #expect(abs(b.value - 4) < 1e-9)
        let half = 12.706 * (2 * pow(log(2.0), 2) / 1).squareRoot() / 2.0.squareRoot()
        #expect(abs(b.low - 4 * exp(-half)) < 1e-6 && abs(b.high - 4 * exp(half)) < 1e-6)
        #expect(scores.first { $0.name == "a" }?.score?.value == 1)
    }

    /// Over two cases, a differ 2x and 50x slower than the leader has a score interval from
    /// about 0 to millions; it is not the pick, and the hyperfine line names the two fastest.
    @Test func theOverallPickIsTheDifferRecommendedInTheMostScenarios() throws {
        // a leads shuffle and filter, b leads mixed; slow trails everywhere.
        var rows: [ResultRow] = []
        for (scenario, a, b) in [(Scenario.mixed, 120.0, 100.0), (.shuffle, 100, 120), (.filter, 100, 130)] {
            rows +=
                cell("a", around(a, spread: 0.01), scenario: scenario)
                + cell("b", around(b, spread: 0.01), scenario: scenario)
                + cell("slow", around(5_000, spread: 0.01), scenario: scenario)
        }
        let cells = figures(rows)
        let answer = Answer(cells, RankingOptions())
        let uses = Dictionary(uniqueKeysWithValues: answer.perScenario.map { ($0.scenario, $0.use) })
        #expect(uses == ["mixed": "b", "shuffle": "a", "filter": "a"])
        let overall = try #require(answer.overall)
        #expect(overall.hasPrefix("Overall: a, the pick in 2 of 3 scenarios") && overall.contains("; b in 1"))
        // b is about 9% slower over the three cases: beyond the 3-7% band, so no close call.
        #expect(overall.contains("% slower over the cases both finished)") && !overall.contains("close call"))
        #expect(!overall.contains("slow in") && !overall.contains("Overall: slow"))
        #expect(answer.faster?.hasPrefix("a ran 1.") == true && answer.faster?.contains("than b (CPU time") == true)
        // The overall pick always agrees with the scenarios: it is recommended in the most of them.
        let counts = Dictionary(grouping: answer.perScenario.compactMap(\.use), by: { $0 }).mapValues(\.count)
        #expect(counts["a"] == counts.values.max())
    }

    /// Two cases, the second differ 2x and 260x slower than the first: the score says "2 cases:
    /// no interval", and the hyperfine line shows no ± either. Before, it read "a ran 22.80 ±
    /// 1483.81 times faster than b" two lines under the score's "no interval".
    @Test func noPlusMinusWhereTheScoreHasNoInterval() throws {
        var rows: [ResultRow] = []
        for (scenario, b) in [(Scenario.mixed, 200.0), (.shuffle, 26_000)] {
            rows += cell("a", around(100, spread: 0.01), scenario: scenario)
            rows += cell("b", around(b, spread: 0.01), scenario: scenario)
        }
        let cells = figures(rows)
        let faster = try #require(Answer(cells, RankingOptions()).faster)
        #expect(faster.hasPrefix("a ran ") && faster.contains("geometric mean over 2 cases"), "\(faster)")
        #expect(!faster.contains("±"), "\(faster)")
        let scores = DifferScore.scores(cells, RankingOptions())
        #expect(scores.first { $0.name == "b" }?.score?.text.contains("2 cases: no interval") == true)
        // Three cases have an interval, and show it.
        rows += cell("a", around(100, spread: 0.01), scenario: .filter)
        rows += cell("b", around(300, spread: 0.01), scenario: .filter)
        let three = try #require(Answer(figures(rows), RankingOptions()).faster)
        #expect(three.contains(" ± "), "\(three)")
    }

    /// A differ that reloads what it could keep (identity preserved far below the case's best) is
    /// timed and shown, but never the yardstick, fastest or recommended, however fast it is.
    @Test func everyOutcomeIsCountedAndNamed() throws {
        let rows =
            cell("a", around(100, spread: 0.02)) + cell("a", [], size: 10_000, status: .timeout)
            + cell("a", [], size: 100_000, status: .skipped) + cell("b", around(90, spread: 0.02))
            + cell("b", around(900, spread: 0.02), size: 10_000) + cell("b", around(9_000, spread: 0.02), size: 100_000)
        let a = try #require(DifferScore.scores(figures(rows), RankingOptions()).first { $0.name == "a" })
        #expect(a.cellsOK == 1 && a.cells == 3)
        #expect(a.finished == "1 of 3 (1 skipped, 1 timeout)")
    }

    @Test func quietRunsSayNothingAndBusyOnesSaySo() {
        var rows = cell("a", around(100, spread: 0.02)) + cell("b", around(200, spread: 0.02))
        for k in rows.indices { rows[k].meta.cpuCount = 2; rows[k].loadAverage = 0.4 }
        #expect(RunNoise.warning(figures(rows), cores: 2, time: .cpu) == nil)
        for k in rows.indices where rows[k].algorithm == "b" { rows[k].loadAverage = 3.9 }
        let warning = RunNoise.warning(figures(rows), cores: 2, time: .cpu)
        #expect(warning?.contains("load average reached 3.9 on 2 cores") == true)
        // The advice fits the run: more rounds than it already had.
        #expect(warning?.hasSuffix("or with --rounds 3.") == true)
        for k in rows.indices { rows[k].rounds = 3 }
        #expect(
            RunNoise.warning(figures(rows), cores: 2, time: .cpu)?.hasSuffix("or with --rounds 5.")
                == true)
        let wide = (0..<4).flatMap { cell("w\($0)", around(100, spread: 0.8)) }
        #expect(
            RunNoise.warning(
                figures(wide), cores: 2,
                time: .cpu)?.contains("4 of 4 timed cells") == true)
        // Busy cores show at once as wall time above CPU time, before the load average catches up.
        let waiting = (0..<4).flatMap { cell("c\($0)", around(100, spread: 0.02), waiting: 1.6) }
        let contended = RunNoise.warning(figures(waiting), cores: 2, time: .cpu)
        #expect(contended?.contains("on 4 of 4 cells the diffing thread waited for a core") == true)
        let fine = (0..<4).flatMap { cell("f\($0)", around(100, spread: 0.02), waiting: 1.02) }
        #expect(RunNoise.warning(figures(fine), cores: 2, time: .cpu) == nil)
        // A baseline's wide cells (never ranked) do not make a run noisy.
        let baseline = (0..<4).flatMap { cell("reload", around(10, spread: 0.8), size: 1_000 * ($0 + 1), identity: 0) }
        #expect(RunNoise.warning(figures(fine + baseline), cores: 2, time: .cpu) == nil)
    }

    @Test func aDifferThatAnswersReloadDataIsTheFloorWhateverItsName() throws {
        var rows: [ResultRow] = []
        for scenario in [Scenario.mixed, .shuffle] {
            rows +=
                cell("heckel", around(100, spread: 0.01), scenario: scenario)
                + cell("lis", around(110, spread: 0.01), scenario: scenario)
                + cell("floor", around(5, spread: 0.01), scenario: scenario, identity: 0, reloadData: true)
        }
        let cells = figures(rows)
        #expect(cells.filter(\.isBaseline).map(\.algorithm) == ["floor", "floor"])
        let scores = DifferScore.scores(cells, RankingOptions())
        let floor = try #require(scores.first { $0.name == "floor" })
        #expect(floor.isBaseline)
        #expect(scores.first { $0.name == "heckel" }?.score?.value == 1)
        for verdict in ScenarioVerdict.verdicts(cells) {
            #expect(verdict.fastest == ["heckel"] && verdict.recommended == "heckel")
        }
    }
}
