// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchTestSupport
@testable import DiffBenchFileFormats
@testable import DiffBenchStatistics
@testable import DiffBenchCompare

/// `bench compare` never passes a broken measurement, and says what its ratio is.
@Suite struct CompareRefusalTests {
    let base = [
        sampleRow(), sampleRow(metric: .correct, samples: [1]),
        sampleRow(metric: .instructions, samples: [453_835.25])
    ]

    @Test func anErroredOrSkippedCellInNewIsBroken() throws {
        for status: CellStatus in [.error, .skipped] {
            var new = base
            for k in new.indices { new[k].status = status; new[k].samples = []; new[k].summary = Summary() }
            new[0].note = "differ crashed"
            let result = try Comparison.compare(base: base, new: new, threshold: 0.1)
            #expect(result.outcome == .notComparable, "\(status)")
            #expect(
                result.entries.contains {
                    $0.verdict == .broken
                        && $0.note.hasPrefix("ok in BASE, \(status) in NEW")
                })
        }
    }

    /// The cell of `algorithm` (CPU time, correctness, instructions) with `status` and `note`.
    func cell(_ algorithm: String, _ status: CellStatus = .ok, note: String = "") -> [ResultRow] {
        base.map { row in
            var r = row
            r.algorithm = algorithm
            if status != .ok {
                r.status = status
                r.note = note
                if r.metric == .cpuNs { r.samples = [4e9] } else { r.samples = [] }
                r.summary = Summary(r.samples)
            }
            return r
        }
    }

    /// Two runs of one build on a busy machine: stdlib, which the suite expects to time out,
    /// finished in one run and timed out in the other. Before, every row of the cell was BROKEN
    /// (a line per metric) and compare exited 4; now the cell is one note, "expected by the suite:
    /// not compared", whichever side timed out, and the comparison passes.
    @Test func aTimeoutTheSuiteExpectsIsOneNoteAndNoFailure() throws {
        let expected = "budget 4 s reached after 1 sample; \(CellStatus.expectedTimeout)"
        let finished = cell("heckel") + cell("stdlib")
        let timedOut = cell("heckel") + cell("stdlib", .timeout, note: expected)
        for (b, n) in [(finished, timedOut), (timedOut, finished)] {
            let result = try Comparison.compare(base: b, new: n, threshold: 0.1)
            #expect(result.outcome == .pass)
            #expect(result.cellNotes.count == 1, "\(result.cellNotes)")
            #expect(result.cellNotes.first?.contains("expected by the suite (expect-timeouts): not compared") == true)
            let stdlib = result.entries.filter { $0.new?.algorithm == "stdlib" }
            #expect(stdlib.count == 3 && stdlib.allSatisfy { $0.verdict == .skipped })
            #expect(!result.entries.contains { $0.verdict == .broken })
        }
    }

    /// A differ the suite does not expect to time out that newly does is a regression (exit 2)
    /// on one row, with one note: before, one BROKEN row per metric and exit 4.
    @Test func aGatedDifferThatNewlyTimesOutIsOneRegression() throws {
        let result = try Comparison.compare(
            base: cell("heckel"), new: cell("heckel", .timeout, note: "budget 4 s reached after 1 sample"),
            threshold: 0.1)
        #expect(result.outcome == .regression)
        #expect(result.entries.filter { $0.verdict == .regression }.count == 1)
        #expect(result.entries.filter { $0.verdict == .regression }.first?.new?.metric == .cpuNs)
        #expect(!result.entries.contains { $0.verdict == .broken })
        #expect(result.cellNotes.count == 1 && result.cellNotes[0].contains("newly times out"))
        #expect(result.markdown().components(separatedBy: "| regression |").count == 2)
    }

    @Test func tooFewSamplesInNewIsBroken() throws {
        var new = base
        new[0].samples = [100_000, 100_000]
        new[0].summary = Summary(new[0].samples)
        let result = try Comparison.compare(base: base, new: new, threshold: 0.1)
        #expect(result.outcome == .notComparable)
        #expect(result.entries.first { $0.verdict == .broken }?.note.contains("fewer than the 3") == true)
    }

    @Test func timingFromAnotherMachineIsRefusedButExactMetricsAreCompared() throws {
        var new = base
        for k in new.indices { new[k].meta.host = "elsewhere"; new[k].meta.cpuModel = "Other CPU" }
        new[2].samples = [500_000]
        new[2].summary = Summary([500_000])
        let result = try Comparison.compare(base: base, new: new, threshold: 0.1)
        #expect(result.timingRefused?.contains("timing not compared") == true)
        #expect(result.outcome == .notComparable)
        #expect(result.entries.contains { $0.verdict == .regression && $0.new?.metric == .instructions })
        // Exact metrics alone are comparable across machines.
        #expect(
            try Comparison.compare(
                base: base,
                new: base.map {
                    var r = $0; r.meta.host = "x"; return r
                },
                threshold: 0.1, scope: .exact
            ).outcome == .pass)
    }

    @Test func theRatioShownIsTheOneJudgedAndCountsPrintWhole() throws {
        var new = base
        new[0].samples = base[0].samples.map { $0 * 2 }
        new[0].summary = Summary(new[0].samples)
        new[2].samples = [500_000.75]
        new[2].summary = Summary([500_000.75])
        let result = try Comparison.compare(base: base, new: new, threshold: 0.1)
        let timing = try #require(result.entries.first { $0.new?.metric == .cpuNs })
        #expect(timing.ratioKind == "ratio of minimums")
        #expect(timing.baseFigure == 98_000 && timing.newFigure == 196_000)
        #expect(abs(timing.ratio! - 2) < 1e-9)
        let markdown = result.markdown()
        #expect(markdown.contains("| 98.0 µs | 196.0 µs | 2.000 | ratio of minimums |"))
        #expect(markdown.contains("| 453835 | 500001 |"))
        #expect(result.csv().contains("ratio of minimums"))
    }
}

/// The command line's side of the same: refusals with one line and the threshold parser.
@Suite struct CompareCommandTests {
    func write(_ rows: [ResultRow]) throws -> String {
        try BenchProcess.temporaryFile(
            ResultsCSV.encode(rows),
            name: "r.csv")
    }

    @Test func negativeSamplesAndTheSameRunTwiceAreInputErrors() throws {
        var bad = sampleRow(samples: [100, -5, 100, 100, 100, 100])
        bad.meta.runID = "neg"
        let negative = try write([bad])
        let good = try write([sampleRow()])
        defer { BenchProcess.remove(negative); BenchProcess.remove(good) }
        let (status, _, err) = try BenchProcess.run(["compare", good, negative])
        #expect(status == 1 && err.contains("sample -5.0 is negative"))
        let (twice, _, twiceErr) = try BenchProcess.run(["compare", good, good, "--", good])
        #expect(twice == 1 && twiceErr.contains("is also in"))
        let (merged, _, mergedErr) = try BenchProcess.run(["merge", good, good, "--out", good + ".all.csv"])
        #expect(merged == 1 && mergedErr.contains("pooling a run with itself"))
    }

    @Test func theThresholdHasOneMeaning() throws {
        let good = try write([sampleRow()])
        defer { BenchProcess.remove(good) }
        for ok in ["10%", "0.10", "100%", "1"] {
            #expect(try BenchProcess.run(["compare", good, good, "--threshold", ok]).0 == 0, "\(ok)")
        }
        for bad in ["0.05%x", "500%", "10", "0", "-5%", "nan"] {
            let (status, _, err) = try BenchProcess.run(["compare", good, good, "--threshold", bad])
            #expect(status == 1 && err.contains("--threshold"), "\(bad)")
        }
    }

    /// What compare says about a thresholds file is one line, true either way: applied on the
    /// machine it was measured on, not applied on another. Before, `./run-bench.sh --against`
    /// printed compare's "its per-cell thresholds are not applied here" and, next line, its own
    /// "timing judged with the per-cell thresholds of Results/thresholds.txt".
    @Test func theThresholdsLineSaysWhatWasDone() throws {
        var other = sampleRow()
        other.meta.runID = "r2"
        let base = try write([sampleRow()]), new = try write([other])
        defer { BenchProcess.remove(base); BenchProcess.remove(new) }
        let here = Comparison.origin([other]).sorted()[0]
        for (machine, applied) in [(here, true), ("elsewhere, release build", false)] {
            let file = try BenchProcess.temporaryFile(
                "# diffbench-thresholds/1\n# machine: \(machine)\n\(other.cell) cpu_ns 20.0%\n", name: "t.txt")
            defer { BenchProcess.remove(file) }
            let (status, _, err) = try BenchProcess.run(["compare", base, new, "--thresholds", file])
            #expect(status == 0, "\(err)")
            let lines = err.split(separator: "\n").filter { $0.contains("thresholds") }
            #expect(lines.count == 1, "\(err)")
            #expect(
                lines.first?.contains(applied ? "timing judged with the per-cell thresholds" : "not applied") == true)
        }
    }
}

/// A stored baseline that no longer matches the code fails in either direction when asked to.
@Suite struct StaleBaselineTests {
    let base = [
        sampleRow(metric: .allocations, samples: [50]),
        sampleRow(metric: .correct, samples: [1])
    ]

    func changed(_ value: Double) -> [ResultRow] {
        var new = base
        new[0].samples = [value]
        new[0].summary = Summary([value])
        return new
    }

    @Test func betterThanTheBaselineIsStale() throws {
        var comparison = try Comparison.compare(base: base, new: changed(40), threshold: 0.1, scope: .exact)
        #expect(comparison.outcome == .pass)
        comparison.baselineMustMatch = true
        #expect(comparison.staleRows.count == 1 && comparison.outcome == .notComparable)
    }

    @Test func worseThanTheBaselineIsARegressionEither() throws {
        var comparison = try Comparison.compare(base: base, new: changed(60), threshold: 0.1, scope: .exact)
        comparison.baselineMustMatch = true
        #expect(comparison.outcome == .regression)
        var same = try Comparison.compare(base: base, new: base, threshold: 0.1, scope: .exact)
        same.baselineMustMatch = true
        #expect(same.outcome == .pass)
    }
}
