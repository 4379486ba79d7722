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

    @Test func anErroredOrTimedOutCellInNewIsBroken() throws {
        for status: CellStatus in [.error, .timeout, .skipped] {
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
