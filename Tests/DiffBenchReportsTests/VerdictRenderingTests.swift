// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchTestSupport
@testable import DiffBenchMeasuring
@testable import DiffBenchReports
@testable import DiffBenchVerdicts
@testable import DiffBenchFileFormats

/// What the tables and the report make of the verdicts.
@Suite struct VerdictRenderingTests {
    @Test func theTableMarksTiesAndNamesNoSingleWinner() {
        let rows =
            cell("a", around(100, spread: 0.01)) + cell("b", around(101, spread: 0.01))
            + cell("c", around(300, spread: 0.02))
        let table = ResultTable.render(figures(rows), markdown: false)
        #expect(table.components(separatedBy: "≈ fastest").count - 1 == 2)
        #expect(!table.contains("ok, fastest"))
        let noisy = ResultTable.render(
            figures(cell("a", around(100, spread: 0.1)) + cell("b", around(101, spread: 0.1))),
            markdown: false)
        #expect(noisy.contains("ok, ≈ fastest") && noisy.contains("ok, undecided (noisy)"))
    }

    /// A gap to the fastest within 2% of the 5% floor, either side, is a close call in the table.
    @Test func theTableNamesCloseCallsPerCase() throws {
        let rows =
            cell("a", around(100, spread: 0.001)) + cell("b", around(102, spread: 0.001))
            + cell("c", around(104, spread: 0.001)) + cell("d", around(106, spread: 0.001))
            + cell("e", around(120, spread: 0.001))
        let cells = figures(rows)
        #expect(Set(Ranking.tiedFastest(cells, RankingOptions())) == ["a", "b", "c"])
        #expect(Ranking.closeToFastest(cells, RankingOptions()) == ["c", "d"])
        let table = ResultTable.render(figures(rows), markdown: false).split(separator: "\n")
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

    @Test func aDifferThatReloadsSectionsIsNoYardstick() throws {
        let honest =
            cell("heckel", around(100, spread: 0.01), identity: 1)
            + cell("lis", around(110, spread: 0.01), identity: 1)
        let withSections = honest + cell("sections", around(20, spread: 0.01), identity: 0.18)
        for rows in [honest, withSections] {
            let cells = figures(rows)
            #expect(Ranking.yardstick(cells, RankingOptions())?.algorithm == "heckel")
            let scores = DifferScore.scores(cells, RankingOptions())
            #expect(scores.first { $0.name == "lis" }?.score?.value == 110.0 / 100.0)
            let verdict = try #require(ScenarioVerdict.verdicts(cells).first)
            #expect(verdict.recommended == "heckel" && verdict.fastest == ["heckel"])
            #expect(Answer(cells, RankingOptions()).overall?.hasPrefix("Overall: heckel") == true)
        }
        let cells = figures(withSections)
        #expect(cells.first { $0.algorithm == "sections" }?.animatesFully == false)
        let verdict = try #require(ScenarioVerdict.verdicts(cells).first)
        #expect(
            verdict.problems.contains {
                $0.hasPrefix("sections: reloads what it could keep (identity preserved 18.0%")
            })
        #expect(DifferScore.scores(cells, RankingOptions()).first { $0.name == "sections" }?.score?.value == 0.2)
        let table = ResultTable.render(figures(withSections), markdown: false)
        #expect(table.contains("(reloads what it could keep: not a yardstick)"))
        let options = RankingOptions()
        let summary = DifferScore.render(DifferScore.scores(cells, options), options, markdown: false)
        let last = summary.split(separator: "\n").last ?? ""
        #expect(last.hasPrefix("sections (partial animation: not a yardstick)"))
    }

    @Test func theReportJSONHasItsShape() throws {
        let rows =
            cell("a", around(100, spread: 0.01)) + cell("b", around(101, spread: 0.01), excess: 50)
            + cell("reload", around(5, spread: 0.1), identity: 0)
        let report = RunReport(cells: figures(rows))
        let text = try #require(report.files.first { $0.name == "report.json" }?.contents)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "diffbench-report/1")
        let algorithms = try #require(json["algorithms"] as? [[String: Any]])
        #expect(algorithms.map { $0["name"] as? String } == ["a", "b", "reload"])
        for key in [
            "score", "score_ci_low", "score_ci_high", "excess_moves_per_1000", "identity_preserved",
            "cells_ok", "cells"
        ] {
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
            let text = try #require(RunReport(cells: figures(rows)).files.first { $0.name == "report.json" }?.contents)
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
            rows += cell(
                "heckel", around(100, spread: 0.02), scenario: scenario, excess: k % 2 == 0 ? 0 : 40,
                minimum: 0)
            rows += cell("reload", around(5, spread: 0.02), scenario: scenario, excess: 900, identity: 0, minimum: 0)
        }
        let report = RunReport(cells: figures(rows))
        let readme = report.files[0].contents
        for (k, scenario) in scenarios.enumerated() {
            let chart = report.files.first { $0.name == "relocations-\(FileName.stem(scenario.rawValue)).svg" }
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
        let rows =
            cell("a", [1.7e308, 1.7e308, 1.7e308, 1.7e308, 1.7e308, 1.7e308], excess: 0)
            + cell("b", around(100, spread: 0.02), size: 10_000) + cell("a", around(100, spread: 0.02), size: 10_000)
        let report = RunReport(cells: figures(rows))
        #expect(report.files.contains { $0.name.hasPrefix("scaling-") })
        #expect(!report.files.contains { $0.contents.contains("inf") && $0.name.hasSuffix(".svg") })
    }
}
