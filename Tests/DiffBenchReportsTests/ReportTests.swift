// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import DiffBenchCorpus
import DiffBenchTestSupport
@testable import DiffBenchMeasuring
@testable import DiffBenchReports
@testable import DiffBenchVerdicts
@testable import DiffBenchFileFormats
@testable import DiffBenchStatistics
@testable import DiffBenchCompare

/// Synthetic results: `time(size)` per algorithm, with the chosen status and relocations.
private func rows(
    _ algorithms: [(name: String, time: (Int) -> Double, correct: Bool, relocations: Int)],
    scenario: Scenario = .mixed, sizes: [Int] = [1_000, 10_000, 100_000]
) -> [ResultRow] {
    var result: [ResultRow] = []
    for size in sizes {
        for a in algorithms {
            let spec = CellSpec(
                algorithm: a.name,
                cell: SuiteCell(scenario: scenario, size: size),
                samples: 6,
                budget: 5
            )
            var cell = CellResult(status: a.correct ? .ok : .wrong)
            let t = a.time(size)
            cell.wallNs = [t * 0.98, t * 0.99, t, t, t * 1.01, t * 1.02]
            cell.cpuNs = cell.wallNs
            cell.checked = true
            cell.correct = a.correct
            cell.relocations = a.relocations * size / 1_000
            cell.minimumRelocations = 10 * size / 1_000
            // `reload` answers reloadData (no stage, identity 0), as DiffBench's does; the others stage.
            cell.identityPreserved = a.name == "reload" ? 0 : 1
            cell.stages = a.name == "reload" ? 0 : 1
            result += CellRecord(spec: spec, cell, meta: RunMetadata()).rows
        }
    }
    return result
}

@Suite struct ReportTests {
    @Test(arguments: [1.0, 2.0])
    func theScalingFitRecoversTheExponent(exponent: Double) throws {
        // Noise of up to ±8% on every point, deterministic.
        let noise = [1.0, 1.08, 0.93, 1.05, 0.95, 1.02, 0.97]
        let points = (0..<7).map { k -> (size: Double, time: Double) in
            let n = 100 * pow(3, Double(k))
            return (n, 42 * pow(n, exponent) * noise[k])
        }
        let fit = try #require(ScalingFit.fit(points))
        #expect(abs(fit.exponent - exponent) < 0.05, "fitted \(fit.exponent)")
        #expect(ScalingFit.fit([(1000, 5)]) == nil)
        #expect(ScalingFit.fit([(1000, 5), (1000, 7)]) == nil)
    }

    @Test func aWrongCellNeverWinsAndIsListed() throws {
        let results = rows([
            ("quick-but-wrong", { Double($0) }, false, 10),
            ("steady", { Double($0) * 3 }, true, 50),
            ("careful", { Double($0) * 5 }, true, 10),
            ("reload", { _ in 5 }, true, 0)
        ])
        let verdict = try #require(ScenarioVerdict.verdicts(figures(results)).first)
        #expect(verdict.fastest == ["steady"])
        #expect(verdict.bestAnimated == ["careful"])
        #expect(verdict.recommended == "steady")
        #expect(verdict.problems.contains("quick-but-wrong: wrong at 1000"))
        #expect(verdict.recommendation.hasPrefix("steady: fastest beyond noise; careful animates better"))
        // reload does no diff: never ranked, never "fastest", even at 5 ns.
        #expect(!verdict.fastest.contains("reload") && !verdict.bestAnimated.contains("reload"))
    }

    @Test func anAlgorithmMissingTimingsIsNotRankedForSpeed() throws {
        var results = rows([("a", { Double($0) }, true, 10), ("b", { Double($0) * 2 }, true, 10)])
        for k in results.indices
        where results[k].algorithm == "a" && results[k].size == 100_000
            && [.wallNs, .cpuNs].contains(results[k].metric)
        {
            results[k].samples = []
            results[k].status = .timeout
        }
        let verdict = try #require(ScenarioVerdict.verdicts(figures(results)).first)
        #expect(verdict.fastest == ["b"])
        #expect(verdict.problems == ["a: timeout at 100000"])
    }

    @Test func theSVGWriterEscapesNames() {
        #expect(SVGWriter.escape(#"a<b & "c" 'd'>"#) == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        var svg = SVGWriter(width: 10, height: 10, title: "<&>")
        svg.text(1, 1, "x<y")
        let text = svg.render()
        #expect(text.contains("<title>&lt;&amp;&gt;</title>") && text.contains(">x&lt;y</text>"))
    }

    @Test func everyChartOfAReportIsWellFormedXML() throws {
        let results = rows([
            (#"odd<&"'name"#, { Double($0) }, true, 40), ("lis", { Double($0) * 1.5 }, true, 10),
            ("reload", { _ in 5 }, true, 0)
        ])
        let report = RunReport(cells: figures(results))
        let charts = report.files.filter { $0.name.hasSuffix(".svg") }
        #expect(charts.count == 3)  // pareto, scaling, relocations
        #expect(report.files.contains { $0.name == "report.json" })
        for chart in charts {
            let parser = XMLParser(data: Data(chart.contents.utf8))
            #expect(parser.parse(), "\(chart.name): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        #expect(report.files[0].name == "README.md")
        #expect(report.files[0].contents.contains("| mixed | odd&lt;&amp;\"'name |"))
    }

    /// Names from case files and CSVs stay text: a scalar that joins its neighbour into one grapheme
    /// (U+0600 before `<`, a combining mark after it) carries no `<` into SVG, HTML or Markdown.
    @Test(arguments: [
        "\u{0600}<img src=x onerror=alert(1)>\u{0600}", "<\u{0301}script>alert(1)</script\u{0301}>",
        "a|b\nc", "x\u{1}y"
    ])
    func joiningScalarsCarryNoMarkupThrough(name: String) throws {
        let escaped = SVGWriter.escape(name)
        #expect(!escaped.unicodeScalars.contains("<") && !escaped.unicodeScalars.contains(">"))
        let results = rows([(name, { Double($0) }, true, 40), ("lis", { Double($0) * 1.5 }, true, 10)])
        let report = RunReport(cells: figures(results))
        for chart in report.files where chart.name.hasSuffix(".svg") {
            let parser = XMLParser(data: Data(chart.contents.utf8))
            #expect(parser.parse(), "\(chart.name): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        let markdown = report.files[0].contents
        #expect(!markdown.unicodeScalars.contains { $0 == "\u{0600}" } || !markdown.contains("<img"))
        #expect(!markdown.contains("<script") && !markdown.contains("<img"))
        // Every row of every table keeps its column count.
        for table in markdown.components(separatedBy: "\n\n") where table.hasPrefix("|") {
            let counts = table.split(separator: "\n").map { line in
                line.unicodeScalars.enumerated().filter { i, c in
                    c == "|" && (i == 0 || Array(line.unicodeScalars)[i - 1] != "\\")
                }.count
            }
            #expect(Set(counts).count == 1, "\(table.prefix(200))")
        }
    }

    @Test func aCompareReportChartsEveryTimedCell() throws {
        let base = rows([("heckel", { Double($0) }, true, 40)])
        let slower = rows([("heckel", { Double($0) * 1.5 }, true, 40)])
        let comparison = try Comparison.compare(base: base, new: slower, threshold: 0.1)
        let report = CompareReport(comparison, threshold: 0.1, baseName: "a.csv", newName: "b.csv")
        let chart = try #require(report.files.first { $0.name == "ratios.svg" })
        #expect(XMLParser(data: Data(chart.contents.utf8)).parse())
        #expect(chart.contents.components(separatedBy: "<circle").count - 1 == 3 + 3)  // 3 cells + legend dots
        #expect(report.files[0].contents.contains("| regression | heckel | mixed | 1000 | cpu_ns |"))
    }

    @Test func jsonOutputsParse() throws {
        let results = rows([("heckel", { Double($0) }, true, 40)])
        let parsed = try JSONSerialization.jsonObject(with: Data(JSONOutput.results(results).utf8)) as? [String: Any]
        #expect(parsed?["format"] as? String == "diffbench-results/1")
        #expect((parsed?["rows"] as? [Any])?.count == results.count)
        let comparison = try Comparison.compare(base: results, new: results, threshold: 0.1)
        let comparedJSON = Data(JSONOutput.comparison(comparison).utf8)
        let compared = try JSONSerialization.jsonObject(with: comparedJSON) as? [String: Any]
        #expect(compared?["exit_code"] as? Int == 0)
    }
}
