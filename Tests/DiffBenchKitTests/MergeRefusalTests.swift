// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchTestSupport

/// `bench merge` pools only what `bench compare` would compare: one machine and build, and one
/// content per file name.
@Suite(.serialized) struct MergeRefusalTests {
    /// Writes `rows` as a results file in a folder of its own; returns its path.
    static func write(_ rows: [ResultRow], _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try ResultsCSV.encode(rows).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func rows(run: String, cpu: String = "AMD EPYC 9B14", hash: String = "") -> [ResultRow] {
        [sampleRow(), sampleRow(metric: .correct, samples: [1])].map { row in
            var r = row
            r.meta.runID = run
            r.meta.cpuModel = cpu
            r.meta.machineID = "3d1219c7c4c5"
            r.caseHash = hash
            return r
        }
    }

    @Test func filesFromTwoMachinesAreNotPooled() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Self.write(Self.rows(run: "a"), "a.csv", in: folder)
        let b = try Self.write(Self.rows(run: "b", cpu: "Intel(R) Xeon(R) Platinum 8481C"), "b.csv", in: folder)
        let out = folder.appendingPathComponent("all.csv").path
        let (status, _, err) = try BenchProcess.run(["merge", a, b, "--out", out])
        #expect(status == 4 && err.contains("the files come from 2 machines or builds"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // One machine merges.
        let c = try Self.write(Self.rows(run: "c"), "c.csv", in: folder)
        #expect(try BenchProcess.run(["merge", a, c, "--out", out]).0 == 0)
    }

    @Test func twoFilesUnderOneNameAreNotPooled() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Self.write(Self.rows(run: "a", hash: "00000000000000aa"), "a.csv", in: folder)
        let b = try Self.write(Self.rows(run: "b", hash: "00000000000000bb"), "b.csv", in: folder)
        let out = folder.appendingPathComponent("x.csv").path
        let (status, _, err) = try BenchProcess.run(["merge", a, b, "--out", out])
        #expect(status == 4 && err.contains("two different files under one name"), "\(err)")
    }

    /// One commit, two builds: a clean one, and one with an uncommitted change that makes heckel
    /// 1.33x slower (the attack's shape). Merged or read as one commit's history they would pool
    /// the slow samples among the fast; both are refused with both builds named, and compared
    /// alone the pair still fails the gate.
    static func build(run: String, dirty: Bool, id: String, heckel: Double) -> [ResultRow] {
        ["heckel", "lis", "myers", "stdlib", "reload"].map { algorithm in
            let base = algorithm == "heckel" ? heckel : 100_000
            var row = sampleRow(algorithm: algorithm, samples: (0..<8).map { base * (1 + 0.002 * Double($0)) })
            row.meta.runID = run
            row.meta.machineID = "3d1219c7c4c5"
            row.meta.gitCommit = "1a2b3c4d5e6f7a8b"
            row.meta.gitDirty = dirty ? "true" : "false"
            row.meta.buildID = id
            return row
        }
    }

    @Test func aDirtyAndACleanBuildOfOneCommitAreNotPooled() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try Self.write(
            Self.build(run: "clean", dirty: false, id: "00000000000000aa", heckel: 100_000),
            "clean.csv", in: folder)
        let dirty = try Self.write(
            Self.build(run: "dirty", dirty: true, id: "00000000000000bb", heckel: 133_000),
            "dirty.csv", in: folder)
        let out = folder.appendingPathComponent("all.csv").path
        let named = [
            "commit 1a2b3c4d5e6f, build 00000000000000aa",
            "commit 1a2b3c4d5e6f with uncommitted changes, build 00000000000000bb"
        ]
        let (merged, _, mergeErr) = try BenchProcess.run(["merge", clean, dirty, "--out", out])
        #expect(merged == 4 && mergeErr.contains("the files come from 2 builds"), "\(mergeErr)")
        #expect(named.allSatisfy(mergeErr.contains), "\(mergeErr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let (history, _, historyErr) = try BenchProcess.run(["history", clean, dirty])
        #expect(history == 4 && named.allSatisfy(historyErr.contains), "\(historyErr)")
        let (pooled, _, pooledErr) = try BenchProcess.run(["compare", clean, "--", clean, dirty])
        #expect(pooled == 4 && pooledErr.contains("NEW's files come from 2 builds"), "\(pooledErr)")
        // Compared alone, the dirty build fails the gate.
        let (gate, report, _) = try BenchProcess.run(["compare", clean, dirty])
        #expect(gate == 2, "\(report)")
        // The only way through says so.
        let (allowed, _, allowedErr) = try BenchProcess.run([
            "merge", clean, dirty, "--out", out,
            "--allow-different-builds"
        ])
        #expect(
            allowed == 0
                && allowedErr.contains("come from 2 different builds (--allow-different-builds pools them anyway)"),
            "\(allowedErr)")
    }
    /// The attack: a dirty build 1.5x slower exits 2 against a clean one on its own, and passed
    /// once merged with another clean run (`merge --allow-different-builds` kept the first file's
    /// build alone). The merged file now names both builds in each pooled row, and every later
    /// compare, merge and history refuses it without the flag, naming them.
    @Test func aMergedMixedFileKeepsEveryBuild() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try Self.write(
            Self.build(run: "clean", dirty: false, id: "00000000000000aa", heckel: 100_000), "clean.csv", in: folder)
        let again = try Self.write(
            Self.build(run: "again", dirty: false, id: "00000000000000aa", heckel: 100_000), "again.csv", in: folder)
        let dirty = try Self.write(
            Self.build(run: "dirty", dirty: true, id: "00000000000000bb", heckel: 150_000), "dirty.csv", in: folder)
        let (alone, _, _) = try BenchProcess.run(["compare", again, dirty])
        #expect(alone == 2)
        let merged = folder.appendingPathComponent("merged.csv").path
        let (status, _, err) = try BenchProcess.run([
            "merge", clean, dirty, "--out", merged, "--allow-different-builds"
        ])
        #expect(status == 0, "\(err)")
        let named = [
            "commit 1a2b3c4d5e6f, build 00000000000000aa",
            "commit 1a2b3c4d5e6f with uncommitted changes, build 00000000000000bb"
        ]
        let (compared, _, compareErr) = try BenchProcess.run(["compare", again, merged])
        #expect(compared == 4 && compareErr.contains("NEW's files come from 2 builds"), "\(compareErr)")
        #expect(named.allSatisfy(compareErr.contains), "\(compareErr)")
        let (remerged, _, remergeErr) = try BenchProcess.run([
            "merge", merged, again, "--out", folder.appendingPathComponent("twice.csv").path
        ])
        #expect(remerged == 4 && named.allSatisfy(remergeErr.contains), "\(remergeErr)")
        let (history, _, historyErr) = try BenchProcess.run(["history", merged])
        #expect(history == 4 && named.allSatisfy(historyErr.contains), "\(historyErr)")
        // With the flag, as asked: the comparison runs and says so.
        let (allowed, _, allowedErr) = try BenchProcess.run([
            "compare", again, merged, "--allow-different-builds"
        ])
        #expect(allowed != 4 && allowedErr.contains("come from 2 different builds"), "\(allowedErr)")
    }

    /// End to end: two runs of one build whose expected timeouts differ (stdlib finished in one,
    /// timed out in the other) compare with exit 0 and one line on stderr for the cell. Before:
    /// exit 4 and a BROKEN line per metric.
    @Test func runsWhoseExpectedTimeoutsDifferCompare() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let finished = Self.build(run: "one", dirty: false, id: "00000000000000aa", heckel: 100_000)
        var timedOut = Self.build(run: "two", dirty: false, id: "00000000000000aa", heckel: 100_000)
        for k in timedOut.indices where timedOut[k].algorithm == "stdlib" {
            timedOut[k].status = .timeout
            timedOut[k].samples = [4e9]
            timedOut[k].summary = Summary([4e9])
            timedOut[k].note = "budget 4 s reached after 1 sample; \(CellStatus.expectedTimeout)"
        }
        let a = try Self.write(finished, "one.csv", in: folder), b = try Self.write(timedOut, "two.csv", in: folder)
        for (base, new) in [(a, b), (b, a)] {
            let (status, _, err) = try BenchProcess.run(["compare", base, new])
            #expect(status == 0, "\(err)")
            let lines = err.split(separator: "\n").filter { $0.contains("stdlib") }
            #expect(lines.count == 1 && lines[0].contains("expected by the suite"), "\(err)")
        }
    }
}
