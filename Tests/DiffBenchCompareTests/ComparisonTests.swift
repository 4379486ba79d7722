// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchCompare
import DiffBenchTestSupport
@testable import DiffBenchFileFormats
@testable import DiffBenchStatistics
import DiffBenchErrors

@Suite struct ComparisonTests {
    let base = [
        sampleRow(),
        sampleRow(metric: .correct, samples: [1]),
        sampleRow(metric: .allocations, samples: [50])
    ]

    @Test func identicalPasses() throws {
        #expect(try Comparison.compare(base: base, new: base, threshold: 0.1).outcome == .pass)
    }

    /// With nothing changed the comparison still shows how each differ moved, and a figure
    /// never measured is empty in the CSV, never 0.
    @Test func nothingChangedStillShowsTheMovement() throws {
        var unmeasured = sampleRow(metric: .instructions, samples: [])
        unmeasured.status = .unavailable
        let rows = base + [unmeasured]
        let result = try Comparison.compare(base: rows, new: rows, threshold: 0.1)
        #expect(result.outcome == .pass)
        let text = result.markdown()
        #expect(text.contains("How each differ moved"))
        #expect(result.perDiffer.count == 1 && result.perDiffer[0].contains("1.000 geometric mean over 1 cells"))
        #expect(text.contains("1 not measured on both sides"))
        let line = try #require(result.csv().split(separator: "\r\n").first { $0.contains(",instructions,") })
        #expect(line.contains(",exact,,,"), "\(line)")
    }

    /// A figure NEW did not measure is "-" in the Markdown, as in the table; never a made-up 0.
    /// The CSV, the JSON and the Markdown render one ``ComparisonRow`` each.
    @Test func aFigureNeverMeasuredIsADashInEveryRendering() throws {
        let counted = sampleRow(metric: .instructions, samples: [1000])
        var lost = sampleRow(metric: .instructions, samples: [])
        lost.status = .unavailable
        let result = try Comparison.compare(base: base + [counted], new: base + [lost], threshold: 0.1)
        #expect(result.outcome == .notComparable)
        let line = try #require(result.markdown().split(separator: "\n").first { $0.hasPrefix("| broken |") })
        #expect(line.contains("| instructions | 1000 | - |"), "\(line)")
        let entry = try #require(result.entries.first { $0.verdict == .broken })
        let row = ComparisonRow(entry)
        #expect(row.baseMedian == 1000 && row.newMedian == nil && row.ratioKind == nil)
        #expect(
            ComparisonRow.columns == result.csv().split(separator: "\r\n")[0].split(separator: ",").map(String.init))
        #expect(JSONTextEncoder.encode(row).contains("\"base_median\":1000,\"new_median\":null"))
        #expect(row.csvFields[8...9] == ["1000", ""])
    }

    @Test func sixtyPercentSlowerRegresses() throws {
        var new = base
        new[0].samples = base[0].samples.map { $0 * 1.6 }
        new[0].summary = Summary(new[0].samples)
        let result = try Comparison.compare(base: base, new: new, threshold: 0.1)
        #expect(result.outcome == .regression)
        #expect(result.entries.first { $0.verdict == .regression }?.p ?? 1 < 0.01)
        // Within the threshold: not a regression even if significant.
        new[0].samples = base[0].samples.map { $0 * 1.05 }
        new[0].summary = Summary(new[0].samples)
        #expect(try Comparison.compare(base: base, new: new, threshold: 0.1).outcome == .pass)
    }

    @Test func wrongWinsOverRegression() throws {
        var new = base
        new[0].samples = base[0].samples.map { $0 * 2 }
        new[0].summary = Summary(new[0].samples)
        new[1].samples = [0]; new[1].summary = Summary([0]); new[1].status = .wrong
        #expect(try Comparison.compare(base: base, new: new, threshold: 0.1).outcome == .wrong)
    }

    @Test func exactMetricsCompareExactly() throws {
        var new = base
        new[2].samples = [51]; new[2].summary = Summary([51])
        #expect(try Comparison.compare(base: base, new: new, threshold: 0.1).outcome == .regression)
        new[2].samples = [49]; new[2].summary = Summary([49])
        let better = try Comparison.compare(base: base, new: new, threshold: 0.1)
        #expect(better.outcome == .pass && better.entries.contains { $0.verdict == .improvement })
    }

    @Test func differentCorpusOrRowsAreNotComparable() throws {
        let other = base.map { row -> ResultRow in
            var r = row; r.meta.corpusID = "diffbench-corpus-2"; return r
        }
        #expect(throws: DiffBenchError.self) { try Comparison.compare(base: base, new: other, threshold: 0.1) }
        do { _ = try Comparison.compare(base: base, new: other, threshold: 0.1) } catch {
            #expect(error.kind == .notComparable)
        }
        do { _ = try Comparison.compare(base: base, new: Array(base.prefix(2)), threshold: 0.1) } catch {
            #expect(error.kind == .notComparable)
        }
        #expect(
            try Comparison.compare(
                base: base,
                new: Array(base.prefix(2)),
                threshold: 0.1,
                allowMissing: true
            ).entries.contains { $0.verdict == .missing })
    }

    /// Rows as a host with these facts writes them, sharing one machine-id file with every clone.
    func rows(cpu: String, cores: Int = 2) -> [ResultRow] {
        base.map { row in
            var r = row
            r.meta.cpuModel = cpu
            r.meta.cpuCount = cores
            r.meta.memTotalMB = 24_105
            r.meta.os = "Debian GNU/Linux 12 (bookworm)"
            r.meta.arch = "x86_64"
            r.meta.machineID = "3d1219c7c4c5"
            r.meta.buildConfig = "release"
            return r
        }
    }

    @Test func twoCPUModelsAreRefusedForTimingWhateverTheirMachineIDFiles() throws {
        let intel = rows(cpu: "Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz"), amd = rows(cpu: "AMD EPYC 9B14")
        let across = try Comparison.compare(base: intel, new: amd, threshold: 0.1)
        #expect(across.timingRefused != nil && across.outcome == .notComparable)
        #expect(Comparison.origin(intel) != Comparison.origin(amd))
        // The same hardware compares.
        #expect(try Comparison.compare(base: amd, new: amd, threshold: 0.1).timingRefused == nil)
        // As do two hosts of the same kind whose machine-id files differ.
        let clone = amd.map { row -> ResultRow in
            var r = row
            (r.meta.machineID, r.meta.host) = ("ffffffffffff", "b")
            return r
        }
        #expect(try Comparison.compare(base: amd, new: clone, threshold: 0.1).timingRefused == nil)
    }

    @Test func thresholdsFromAnotherMachineAreNotApplied() throws {
        let amd = rows(cpu: "AMD EPYC 9B14")
        var slower = amd
        slower[0].samples = amd[0].samples.map { $0 * 1.3 }
        slower[0].summary = Summary(slower[0].samples)
        let cell = slower[0].cell
        // A file that would let this cell move by 50% before it regresses...
        let here = Thresholds(
            values: ["\(cell) cpu_ns": 0.5],
            comments: ["machine: " + Comparison.origin(amd).sorted()[0]])
        #expect(try Comparison.compare(base: amd, new: slower, threshold: 0.1, thresholds: here).outcome == .pass)
        // ...applies only on the machine it was measured on.
        let elsewhere = Thresholds(values: here.values, comments: ["machine: 3d1219c7c4c5, AMD EPYC, release build"])
        let result = try Comparison.compare(base: amd, new: slower, threshold: 0.1, thresholds: elsewhere)
        #expect(result.thresholdsIgnored != nil && result.outcome == .regression)
    }

    /// Instruction counts made under two hash seeds are still compared, with a note that probe
    /// lengths may differ; one seed, or a file from before the column, gets none.
    @Test func instructionsUnderTwoHashSeedsAreNoted() throws {
        func seeded(_ seed: String) -> [ResultRow] {
            [sampleRow(metric: .instructions, samples: [1000])].map { row in
                var row = row
                row.meta.hashSeed = seed
                return row
            }
        }
        let two = try Comparison.compare(base: seeded("0"), new: seeded("77"), threshold: 0.1)
        #expect(two.hashSeedsDiffer?.contains("seed 0") == true && two.outcome == .pass)
        #expect(try Comparison.compare(base: seeded("77"), new: seeded("77"), threshold: 0.1).hashSeedsDiffer == nil)
        #expect(try Comparison.compare(base: seeded(""), new: seeded("77"), threshold: 0.1).hashSeedsDiffer == nil)
    }

    @Test func aFigureMeasuredInBaseAndUnavailableInNewIsBroken() throws {
        var base = self.base, new = self.base
        base.append(sampleRow(metric: .instructions, samples: [1_000_000]))
        new.append(
            sampleRow(
                metric: .instructions, samples: [], status: .unavailable,
                note: "not counted (--instructions off)"))
        let result = try Comparison.compare(base: base, new: new, threshold: 0.1)
        #expect(result.outcome == .notComparable)
        let broken = try #require(result.entries.first { $0.verdict == .broken })
        #expect(broken.note.contains("measured in BASE, unavailable in NEW"))
        // A timing row too: a cell that stopped being timed is no pass.
        var untimed = self.base
        untimed[0].samples = []
        untimed[0].status = .unavailable
        #expect(try Comparison.compare(base: self.base, new: untimed, threshold: 0.1).outcome == .notComparable)
    }
}
