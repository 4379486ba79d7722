import Testing
import Foundation
import DiffBenchCorpus
@testable import DiffBenchMeasuring
@testable import DiffBenchReports
@testable import DiffBenchVerdicts
@testable import DiffBenchFileFormats

/// One cell's rows with the given CPU (and wall) samples.
private func cell(_ algorithm: String, _ samples: [Double], size: Int = 1_000, scenario: Scenario = .mixed,
                  excess: Int = 0, identity: Double = 1, status: CellStatus = .ok, minimum: Int = 10,
                  waiting: Double = 1, reloadData: Bool? = nil) -> [ResultRow] {
    let spec = CellSpec(algorithm: algorithm, cell: SuiteCell(scenario: scenario, size: size), samples: samples.count,
        budget: 5)
    var result = CellResult(status: status)
    result.wallNs = samples.map { $0 * waiting }
    result.cpuNs = samples
    result.checked = status != .skipped
    result.correct = status == .ok || status == .timeout
    result.minimumRelocations = minimum
    result.relocations = minimum + excess
    result.identityPreserved = identity
    // `reload` answers reloadData (no stage, identity 0), as DiffBench's does; the others stage.
    result.stages = reloadData ?? (algorithm == "reload") ? 0 : 1
    return ResultRow.rows(for: spec, result, meta: RunMetadata())
}

/// Twelve samples around `center`, spread by `spread` (a share of it).
private func around(_ center: Double, spread: Double) -> [Double] {
    (0..<12).map { center * (1 + spread * (Double($0) / 11 - 0.5)) }
}

@Suite struct RankingTests {
    @Test func tiesNeedEvidenceAndAClearGapIsNoTie() {
        // 1% apart with tight intervals: the whole interval of the ratio lies in the tie band.
        let tied = CellFigures.gather(cell("a", around(100, spread: 0.01)) + cell("b", around(101, spread: 0.01)))
        #expect(Set(Ranking.tiedFastest(tied, RankingOptions())) == ["a", "b"])
        // 1% apart with intervals too wide to exclude 5%: undecided, neither tied nor slower.
        let wide = CellFigures.gather(cell("a", around(100, spread: 0.1)) + cell("b", around(101, spread: 0.1)))
        #expect(Ranking.tiedFastest(wide, RankingOptions()) == ["a"])
        #expect(Ranking.undecidedWithFastest(wide, RankingOptions()) == ["b"])
        let gap = CellFigures.gather(cell("a", around(100, spread: 0.02)) + cell("b", around(120, spread: 0.02)))
        #expect(Ranking.tiedFastest(gap, RankingOptions()) == ["a"])
        // Within 5% is a tie even with tight, disjoint intervals; 6% with them is not.
        let close = CellFigures.gather(cell("a", around(100, spread: 0.001)) + cell("b", around(104, spread: 0.001)))
        #expect(Set(Ranking.tiedFastest(close, RankingOptions())) == ["a", "b"])
        let apart = CellFigures.gather(cell("a", around(100, spread: 0.001)) + cell("b", around(106, spread: 0.001)))
        #expect(Ranking.tiedFastest(apart, RankingOptions()) == ["a"])
    }

    @Test func theTableMarksTiesAndNamesNoSingleWinner() {
        let rows = cell("a", around(100, spread: 0.01)) + cell("b", around(101, spread: 0.01))
            + cell("c", around(300, spread: 0.02))
        let table = ResultTable.render(rows, markdown: false)
        #expect(table.components(separatedBy: "≈ fastest").count - 1 == 2)
        #expect(!table.contains("ok, fastest"))
        let noisy = ResultTable.render(cell("a", around(100, spread: 0.1)) + cell("b", around(101, spread: 0.1)),
                                       markdown: false)
        #expect(noisy.contains("ok, ≈ fastest") && noisy.contains("ok, undecided (noisy)"))
    }

    /// A gap to the fastest within 2% of the 5% floor, either side, is a close call in the table.
    @Test func theTableNamesCloseCallsPerCase() throws {
        let rows = cell("a", around(100, spread: 0.001)) + cell("b", around(102, spread: 0.001))
            + cell("c", around(104, spread: 0.001)) + cell("d", around(106, spread: 0.001))
            + cell("e", around(120, spread: 0.001))
        let cells = CellFigures.gather(rows)
        #expect(Set(Ranking.tiedFastest(cells, RankingOptions())) == ["a", "b", "c"])
        #expect(Ranking.closeToFastest(cells, RankingOptions()) == ["c", "d"])
        let table = ResultTable.render(rows, markdown: false).split(separator: "\n")
        func verdict(_ name: String) throws -> String {
            let line = try #require(table.first { $0.split(separator: " ")[3] == name })
            return String(line[try #require(line.range(of: "ok")).lowerBound...])
        }
        #expect(try verdict("a") == "ok, ≈ fastest")
        #expect(try verdict("b") == "ok, ≈ fastest")
        #expect(try verdict("c") == "ok, ≈ fastest, close call")
        #expect(try verdict("d") == "ok, close call")
        #expect(try verdict("e") == "ok")
    }

    @Test func aYardstickMustAnimate() {
        // "flat" redraws everything (identity 0): it is faster, but not what ratios are taken against.
        let cells = CellFigures.gather(cell("flat", around(10, spread: 0.02), identity: 0)
                                       + cell("real", around(100, spread: 0.02)))
        #expect(Ranking.yardstick(cells, RankingOptions())?.algorithm == "real")
        #expect(Ranking.yardstick(cells, RankingOptions(reference: "flat"))?.algorithm == "flat")
        #expect(Ranking.tiedFastest(cells, RankingOptions()) == ["real"])
    }

    @Test func theScoreIsAGeometricMeanWithAStudentInterval() throws {
        // b takes 2x a on one case and 8x on the other: geometric mean 4x; t(1) = 12.706.
        let rows = cell("a", around(100, spread: 0.02), size: 1_000) + cell("b", around(200, spread: 0.02), size: 1_000)
            + cell("a", around(100, spread: 0.02), size: 10_000) + cell("b", around(800, spread: 0.02), size: 10_000)
        let scores = DifferScore.scores(CellFigures.gather(rows), RankingOptions())
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
            rows += cell("a", around(a, spread: 0.01), scenario: scenario)
                + cell("b", around(b, spread: 0.01), scenario: scenario)
                + cell("slow", around(5_000, spread: 0.01), scenario: scenario)
        }
        let cells = CellFigures.gather(rows)
        let answer = Answer(cells, RankingOptions())
        let uses = Dictionary(uniqueKeysWithValues: answer.perScenario.map { ($0.scenario, $0.use) })
        #expect(uses == ["mixed": "b", "shuffle": "a", "filter": "a"])
        let overall = try #require(answer.overall)
        #expect(overall.hasPrefix("Overall: a, the pick in 2 of 3 scenarios") && overall.contains("; b in 1"))
        #expect(!overall.contains("slow in") && !overall.contains("Overall: slow"))
        #expect(answer.faster?.hasPrefix("a ran 1.") == true && answer.faster?.contains("than b (CPU time") == true)
        // The overall pick always agrees with the scenarios: it is recommended in the most of them.
        let counts = Dictionary(grouping: answer.perScenario.compactMap(\.use), by: { $0 }).mapValues(\.count)
        #expect(counts["a"] == counts.values.max())
    }

    /// A differ that reloads what it could keep (identity preserved far below the case's best) is
    /// timed and shown, but never the yardstick, fastest or recommended, however fast it is.
    @Test func aDifferThatReloadsSectionsIsNoYardstick() throws {
        let honest = cell("heckel", around(100, spread: 0.01), identity: 1)
            + cell("lis", around(110, spread: 0.01), identity: 1)
        let withSections = honest + cell("sections", around(20, spread: 0.01), identity: 0.18)
        for rows in [honest, withSections] {
            let cells = CellFigures.gather(rows)
            #expect(Ranking.yardstick(cells, RankingOptions())?.algorithm == "heckel")
            let scores = DifferScore.scores(cells, RankingOptions())
            #expect(scores.first { $0.name == "lis" }?.score?.value == 110.0 / 100.0)
            let verdict = try #require(ScenarioVerdict.verdicts(cells).first)
            #expect(verdict.recommended == "heckel" && verdict.fastest == ["heckel"])
            #expect(Answer(cells, RankingOptions()).overall?.hasPrefix("Overall: heckel") == true)
        }
        let cells = CellFigures.gather(withSections)
        #expect(cells.first { $0.algorithm == "sections" }?.animatesFully == false)
        let verdict = try #require(ScenarioVerdict.verdicts(cells).first)
        #expect(verdict.problems.contains {
            $0.hasPrefix("sections: reloads what it could keep (identity preserved 18.0%")
        })
        #expect(DifferScore.scores(cells, RankingOptions()).first { $0.name == "sections" }?.score?.value == 0.2)
        let table = ResultTable.render(withSections, markdown: false)
        #expect(table.contains("(reloads what it could keep: not a yardstick)"))
        let options = RankingOptions()
        let summary = DifferScore.render(DifferScore.scores(cells, options), options, markdown: false)
        let last = summary.split(separator: "\n").last ?? ""
        #expect(last.hasPrefix("sections (partial animation: not a yardstick)"))
    }

    @Test func everyOutcomeIsCountedAndNamed() throws {
        let rows = cell("a", around(100, spread: 0.02)) + cell("a", [], size: 10_000, status: .timeout)
            + cell("a", [], size: 100_000, status: .skipped) + cell("b", around(90, spread: 0.02))
            + cell("b", around(900, spread: 0.02), size: 10_000) + cell("b", around(9_000, spread: 0.02), size: 100_000)
        let a = try #require(DifferScore.scores(CellFigures.gather(rows), RankingOptions()).first { $0.name == "a" })
        #expect(a.cellsOK == 1 && a.cells == 3)
        #expect(a.finished == "1 of 3 (1 skipped, 1 timeout)")
    }

    @Test func quietRunsSayNothingAndBusyOnesSaySo() {
        var rows = cell("a", around(100, spread: 0.02)) + cell("b", around(200, spread: 0.02))
        for k in rows.indices { rows[k].meta.cpuCount = 2; rows[k].loadAverage = 0.4 }
        #expect(RunNoise.warning(CellFigures.gather(rows), cores: 2, time: .cpu) == nil)
        for k in rows.indices where rows[k].algorithm == "b" { rows[k].loadAverage = 3.9 }
        let warning = RunNoise.warning(CellFigures.gather(rows), cores: 2, time: .cpu)
        #expect(warning?.contains("load average reached 3.9 on 2 cores") == true)
        let wide = (0..<4).flatMap { cell("w\($0)", around(100, spread: 0.8)) }
        #expect(RunNoise.warning(CellFigures.gather(wide), cores: 2,
            time: .cpu)?.contains("4 of 4 timed cells") == true)
        // Busy cores show at once as wall time above CPU time, before the load average catches up.
        let waiting = (0..<4).flatMap { cell("c\($0)", around(100, spread: 0.02), waiting: 1.6) }
        let contended = RunNoise.warning(CellFigures.gather(waiting), cores: 2, time: .cpu)
        #expect(contended?.contains("on 4 of 4 cells the diffing thread waited for a core") == true)
        let fine = (0..<4).flatMap { cell("f\($0)", around(100, spread: 0.02), waiting: 1.02) }
        #expect(RunNoise.warning(CellFigures.gather(fine), cores: 2, time: .cpu) == nil)
    }

    @Test func aDifferThatAnswersReloadDataIsTheFloorWhateverItsName() throws {
        var rows: [ResultRow] = []
        for scenario in [Scenario.mixed, .shuffle] {
            rows += cell("heckel", around(100, spread: 0.01), scenario: scenario)
                + cell("lis", around(110, spread: 0.01), scenario: scenario)
                + cell("floor", around(5, spread: 0.01), scenario: scenario, identity: 0, reloadData: true)
        }
        let cells = CellFigures.gather(rows)
        #expect(cells.filter(\.isBaseline).map(\.algorithm) == ["floor", "floor"])
        let scores = DifferScore.scores(cells, RankingOptions())
        let floor = try #require(scores.first { $0.name == "floor" })
        #expect(floor.isBaseline)
        #expect(scores.first { $0.name == "heckel" }?.score?.value == 1)
        for verdict in ScenarioVerdict.verdicts(cells) {
            #expect(verdict.fastest == ["heckel"] && verdict.recommended == "heckel")
        }
        let report = RunReport(rows: rows)
        #expect(report.files.first { $0.name == "README.md" }?.contents.contains("no diff (reloadData)") == true)
    }

    @Test func theReportJSONHasItsShape() throws {
        let rows = cell("a", around(100, spread: 0.01)) + cell("b", around(101, spread: 0.01), excess: 50)
            + cell("reload", around(5, spread: 0.1), identity: 0)
        let report = RunReport(rows: rows)
        let text = try #require(report.files.first { $0.name == "report.json" }?.contents)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "diffbench-report/1")
        let algorithms = try #require(json["algorithms"] as? [[String: Any]])
        #expect(algorithms.map { $0["name"] as? String } == ["a", "b", "reload"])
        for key in ["score", "score_ci_low", "score_ci_high", "excess_moves_per_1000", "identity_preserved",
                    "cells_ok", "cells"] {
            #expect(algorithms[0][key] != nil, "\(key)")
        }
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios[0]["fastest"] as? [String] == ["a", "b"])
        #expect(scenarios[0]["best_animated"] as? [String] == ["a"])
        #expect(scenarios[0]["recommended"] as? String == "a")
        #expect(scenarios[0]["not_ranked"] is [Any])
        #expect((scenarios[0]["close_calls"] as? [Any])?.isEmpty == true)
        #expect(scenarios[0]["undecided"] as? [String] == [])
    }

    @Test func theReportJSONNamesTheCloseCallsAndOnWhichSideThisRunPutThem() throws {
        func scenario(_ b: Double, spread: Double = 0.001) throws -> [String: Any] {
            let rows = cell("a", around(100, spread: spread)) + cell("b", around(b, spread: spread))
            let text = try #require(RunReport(rows: rows).files.first { $0.name == "report.json" }?.contents)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return try #require((json["scenarios"] as? [[String: Any]])?.first)
        }
        for (b, tied) in [(104.0, true), (106.0, false)] {
            let close = try #require((try scenario(b))["close_calls"] as? [[String: Any]])
            #expect(close.count == 1 && close.first?["name"] as? String == "b")
            #expect(abs((close.first?["behind"] as? Double ?? 0) - (b - 100) / 100) < 1e-3)
            #expect(close.first?["tied"] as? Bool == tied)
        }
        #expect(((try scenario(110))["close_calls"] as? [Any])?.isEmpty == true)
        let noisy = try scenario(108, spread: 0.3)
        #expect(noisy["undecided"] as? [String] == ["b"] && noisy["fastest"] as? [String] == ["a"])
    }
}

/// Charts that tell the truth: no empty relocation chart, whatever the scenario.
@Suite struct ChartTruthTests {
    @Test func noRelocationChartIsEmpty() throws {
        let suite = try SuiteFiles.load("default")
        var scenarios: [Scenario] = []
        for cell in suite.cells where !scenarios.contains(cell.scenario) { scenarios.append(cell.scenario) }
        var rows: [ResultRow] = []
        for (k, scenario) in scenarios.enumerated() {
            // Half the scenarios relocate nothing but through `reload`, which no chart draws.
            rows += cell("heckel", around(100, spread: 0.02), scenario: scenario, excess: k % 2 == 0 ? 0 : 40,
                minimum: 0)
            rows += cell("reload", around(5, spread: 0.02), scenario: scenario, excess: 900, identity: 0, minimum: 0)
        }
        let report = RunReport(rows: rows)
        let readme = report.files[0].contents
        for (k, scenario) in scenarios.enumerated() {
            let chart = report.files.first { $0.name == "relocations-\(RunReport.slug(scenario.rawValue)).svg" }
            if k % 2 == 0 {
                #expect(chart == nil, "\(scenario): an empty chart")
            } else {
                let svg = try #require(chart?.contents, "\(scenario): no chart")
                #expect(svg.contains(">40</text>"), "\(scenario): the bar's value is labelled")
            }
        }
        #expect(readme.components(separatedBy: "No changeset relocates an item").count - 1 == (scenarios.count + 1) / 2)
    }

    @Test func absurdFiguresStillGiveAFiniteReport() throws {
        let rows = cell("a", [1.7e308, 1.7e308, 1.7e308, 1.7e308, 1.7e308, 1.7e308], excess: 0)
            + cell("b", around(100, spread: 0.02), size: 10_000) + cell("a", around(100, spread: 0.02), size: 10_000)
        let report = RunReport(rows: rows)
        #expect(report.files.contains { $0.name.hasPrefix("scaling-") })
        #expect(!report.files.contains { $0.contents.contains("inf") && $0.name.hasSuffix(".svg") })
    }
}

/// The verdict per scenario: ties over sizes, and a pick that noise does not decide.
@Suite struct ScenarioVerdictTests {
    static func verdict(_ rows: [ResultRow]) -> ScenarioVerdict? {
        ScenarioVerdict.verdicts(CellFigures.gather(rows)).first
    }

    /// The cells of `b` at the given medians against `a` at 100, one per size; `spread` of both.
    static func sizes(_ b: [Double], spread: Double = 0.002) -> [ResultRow] {
        zip([1_000, 10_000, 100_000], b).flatMap { size, time in
            cell("a", around(100, spread: spread), size: size) + cell("b", around(time, spread: spread), size: size)
        }
    }

    @Test func theGeometricMeanOverTheSizesDecides() throws {
        // 20% slower at two sizes, within noise at the third: it trails.
        #expect(try #require(Self.verdict(Self.sizes([101, 120, 120]))).fastest == ["a"])
        // Faster beyond noise at one size of three, slower at two: 1.058x over the sizes trails.
        #expect(try #require(Self.verdict(Self.sizes([110, 112, 96]))).fastest == ["a"])
        // 20% slower at one size only: 1.063x over the sizes trails; no vote of the sizes undoes it.
        #expect(try #require(Self.verdict(Self.sizes([100, 100, 120]))).fastest == ["a"])
        // Slower at two sizes, much faster at the third: 0.99x over the sizes is a tie.
        #expect(Set(try #require(Self.verdict(Self.sizes([110, 110, 81]))).fastest) == ["a", "b"])
        // 4% slower everywhere, with tight intervals: under the floor, a tie.
        #expect(Set(try #require(Self.verdict(Self.sizes([104, 104, 104]))).fastest) == ["a", "b"])
    }

    @Test func aGapNearTheFloorIsNamedAsACloseCall() throws {
        let tied = try #require(Self.verdict(Self.sizes([104, 104, 104])))
        #expect(Set(tied.fastest) == ["a", "b"])
        #expect(tied.recommendation.contains("a close call, near the 5% tie floor: b 4.0% behind (tied)"))
        let trailing = try #require(Self.verdict(Self.sizes([106, 106, 106])))
        #expect(trailing.fastest == ["a"])
        #expect(trailing.recommendation.contains("b 6.0% behind (trails)"))
        #expect(tied.closeCalls == ["b"] && trailing.closeCalls == ["b"])
        for far in [101.0, 110] {
            let verdict = try #require(Self.verdict(Self.sizes([far, far, far])))
            #expect(verdict.recommendation.contains("close") == false && verdict.closeCalls.isEmpty)
        }
    }

    @Test func aCaseThatAloneMakesATrailIsPivotal() throws {
        // 40% slower at 100,000 only (a slow phase over that cell): it alone makes b trail.
        let slowed = try #require(Self.verdict(Self.sizes([99, 100, 140])))
        #expect(slowed.fastest == ["a"])
        #expect(slowed.pivotalCases["b"]?.count == 1 && slowed.pivotalCases["b"]?.first?.contains("|100000|") == true)
        // Slower at every size, or at none: no one case decides it.
        #expect(try #require(Self.verdict(Self.sizes([120, 125, 140]))).pivotalCases.isEmpty)
        #expect(try #require(Self.verdict(Self.sizes([100, 101, 99]))).pivotalCases.isEmpty)
        // Tied: b faster at one size, 10% slower at two. Without either of those two, the gap over
        // the rest is 1.06x (the same with b leading and a behind), and that trails.
        let rescued = try #require(Self.verdict(Self.sizes([110, 110, 81])))
        let pivots = rescued.pivotalCases.values.flatMap { $0 }
        #expect(Set(rescued.fastest) == ["a", "b"] && pivots.count == 2 && !pivots.contains { $0.contains("|100000|") })
    }

    @Test func cellsTooNoisyToTellApartAreUndecided() throws {
        // 8% slower, but every cell spreads by 30%: neither slower beyond noise nor tied. The
        // verdict says undecided (noisy), and `bench run` looks at it again.
        let noisy = try #require(Self.verdict(Self.sizes([108, 108, 108], spread: 0.3)))
        #expect(noisy.fastest == ["a"] && noisy.undecided == ["b"] && noisy.closeCalls.isEmpty)
        let said = "undecided (noisy): b 8.0% behind, but its cells' intervals are too wide"
        #expect(noisy.recommendation.contains(said))
        // The same 8% with tight cells trails; 4% with noisy ones is undecided and a close call.
        let tight = try #require(Self.verdict(Self.sizes([108, 108, 108])))
        #expect(tight.fastest == ["a"] && tight.undecided.isEmpty && !tight.recommendation.contains("undecided"))
        let near = try #require(Self.verdict(Self.sizes([104, 104, 104], spread: 0.3)))
        #expect(near.undecided == ["b"] && near.recommendation.contains("b 4.0% behind (undecided)"))
    }

    @Test func ofTwoTiedAlikeTheFirstInRunOrderIsUsedWhicheverLeads() throws {
        for (a, b) in [(100.0, 101.0), (101, 100)] {
            let rows = cell("a", around(a, spread: 0.002)) + cell("b", around(b, spread: 0.002))
            let verdict = try #require(Self.verdict(rows))
            #expect(Set(verdict.fastest) == ["a", "b"])
            #expect(verdict.recommended == "a", "leader \(verdict.fastest.first ?? "")")
        }
        // Animation still comes first: b animates better.
        let rows = cell("a", around(100, spread: 0.002), excess: 5) + cell("b", around(101, spread: 0.002))
        #expect(try #require(Self.verdict(rows)).recommended == "b")
    }
}
