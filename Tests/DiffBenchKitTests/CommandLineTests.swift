// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation

/// Runs the built `bench` executable and checks exit codes and messages end to end.
struct BenchProcess {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench")
    }
    static var packageRoot: URL {
        // Tests/DiffBenchKitTests/CommandLineTests.swift: three levels below the package root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs `bench args` in the package root; returns (status, stdout, stderr).
    static func run(_ args: [String]) throws -> (Int32, String, String) {
        let (status, out, err, _) = try runWithPID(args)
        return (status, out, err)
    }

    /// As ``run(_:)``, killing bench after `timeout` seconds (status 137 then): for inputs that must
    /// never block, so that a regression fails the test instead of hanging the suite.
    static func run(_ args: [String], timeout: Double) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        process.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus
            : process.terminationStatus
        return (status, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// As ``run(_:)``, with the process id it had (temporary folders are named after it).
    static func runWithPID(_ args: [String]) throws -> (Int32, String, String, Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        process.currentDirectoryURL = packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(
                decoding: errData,
                as: UTF8.self),
            process.processIdentifier
        )
    }

    /// A file holding `text` in a folder of its own; the caller removes it with ``remove(_:)``.
    static func temporaryFile(_ text: String, name: String = "input.json") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Removes the folder ``temporaryFile(_:name:)`` made for `path`.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}

@Suite(.serialized) struct CommandLineTests {
    @Test func checkExitCodes() throws {
        let pass = try BenchProcess.run([
            "check",
            "Corpus/cases/e01-delete-and-move.json",
            "Corpus/changesets/e01-dk-stages.json"
        ])
        #expect(pass.0 == 0)
        let merged = try BenchProcess.run([
            "check",
            "Corpus/cases/e01-delete-and-move.json",
            "Corpus/changesets/e01-dk-stages-merged.json"
        ])
        #expect(merged.0 == 3)
        #expect(merged.1.contains("attempt to perform a delete and a move from the same index path"))
        let swapped = try BenchProcess.run([
            "check",
            "Corpus/changesets/e01-dk-stages.json",
            "Corpus/cases/e01-delete-and-move.json"
        ])
        #expect(swapped.0 == 1 && swapped.2.contains("e01-dk-stages.json is a changeset: the case comes first"))
        let bounds = try BenchProcess.run([
            "check",
            "Corpus/cases/e07-delete.json",
            "Corpus/changesets/e07-delete-out-of-bounds.json",
            "--target",
            "collection"
        ])
        #expect(bounds.0 == 3)
        #expect(
            bounds.1.contains(
                "attempt to delete item 5 from section 0 which only contains 2 items before the "
                    + "update"))
    }

    @Test func malformedInputsExitOne() throws {
        let truncated = try BenchProcess.temporaryFile("{ \"format\": \"diffbench-case/1\", \"old\": [")
        defer { BenchProcess.remove(truncated) }
        let result = try BenchProcess.run(["verify", truncated])
        #expect(result.0 == 1)
        #expect(result.2.contains("truncated JSON"))
        #expect(result.2.split(separator: "\n").count == 1)
        let badFlag = try BenchProcess.run(["verify", "--algoritms", "reload"])
        #expect(badFlag.0 == 1)
        #expect(badFlag.2.contains("unknown option --algoritms"))
        let unknown = try BenchProcess.run(["diff", "Corpus/cases/e07-delete.json", "--algorithm", "nope"])
        #expect(unknown.0 == 1)
        let missing = try BenchProcess.run(["check", "Corpus/cases/e07-delete.json", "/nonexistent.json"])
        #expect(missing.0 == 1)
        #expect(missing.2.contains("/nonexistent.json: no such file"))
        for (flags, said) in [
            (["--external", "nameonly"], "expected NAME=COMMAND"),
            (["--external", "Bad=cat"], "use lowercase letters"),
            (["--external", "heckel=cat"], "is a registered differ"),
            (["--external-mode", "lines"], "needs --external"),
            (["--samples", "2", "--rounds", "1"], "at least 6 samples over its 1 round"),
            (["--precision", "-1"], "--precision -1: expected a percentage from 0"),
            (["--precision", "tight"], "--precision tight: expected a percentage")
        ] {
            let refused = try BenchProcess.run(["run", "--suite", "quick", "--allow-debug"] + flags)
            #expect(refused.0 == 1 && refused.2.contains(said), "\(flags): \(refused.2)")
        }
    }

    @Test func diffWritesACheckableChangeset() throws {
        let out = try BenchProcess.temporaryFile("", name: "out.json")
        defer { BenchProcess.remove(out) }
        // The temporary file exists already: replacing it takes --force.
        let diff = try BenchProcess.run([
            "diff", "Corpus/cases/e03-move-out-of-deleted-section.json", "--algorithm",
            "reload",
            "--out", out, "--force"
        ])
        #expect(diff.0 == 0)
        let check = try BenchProcess.run(["check", "Corpus/cases/e03-move-out-of-deleted-section.json", out])
        #expect(check.0 == 0)
    }

    @Test func verifyPassesOnTheCorpus() throws {
        let result = try BenchProcess.run(["verify", "--quiet"])
        #expect(result.0 == 0)
        #expect(result.1.contains(" 0 failed"))
    }
}

@Suite(.serialized) struct EndToEndTests {
    /// Runs the built bench on a tiny suite and reads its CSV back.
    @Test func runWritesAReadableCSV() throws {
        let suite = try BenchProcess.temporaryFile(
            "samples: 6\nmax-time-per-cell: 120\nmixed 200\nswipe-delete 200\n",
            name: "tiny.suite"
        )
        defer { BenchProcess.remove(suite) }
        let out = URL(fileURLWithPath: suite).deletingLastPathComponent().appendingPathComponent("run.csv").path
        let run = try BenchProcess.run([
            // No second look: a noisy cell of this debug build would get 6 more samples.
            "run", "--suite", suite, "--algorithms", "heckel,myers", "--out", out, "--allow-debug", "--quiet",
            "--no-second-look"
        ])
        #expect(run.0 == 0, "\(run.2)")
        #expect(run.1.contains("swipe-delete"))
        let rows = try ResultsCSV.decode(try String(contentsOfFile: out, encoding: .utf8), file: out)
        #expect(rows.count == 2 * 2 * MetricName.of(.every).count)
        #expect(rows.filter { $0.metric == .correct }.allSatisfy { $0.summary.median == 1 })
        #expect(rows.filter { $0.metric == .wallNs }.allSatisfy { $0.samples.count == 6 && $0.summary.median > 0 })
        let again = try BenchProcess.run(["run", "--suite", suite, "--out", out, "--allow-debug", "--quiet"])
        #expect(again.0 == 1 && again.2.contains("exists; pass --force"))
        let compare = try BenchProcess.run(["compare", out, out])
        #expect(compare.0 == 0)
        let debug = try BenchProcess.run(["run", "--suite", suite])
        #expect(debug.0 == 1 && debug.2.contains("debug build"))
    }

    /// `--ids string` on a suite that already has the string-id twin of a cell runs that cell
    /// once, says so, and writes a CSV that `compare` reads (a repeated row key was a refusal).
    @Test func anOverrideThatRepeatsACellRunsItOnce() throws {
        let suite = try BenchProcess.temporaryFile(
            "samples: 6\nmax-time-per-cell: 120\nmixed 200\nmixed 200 ids=string\nfilter 200\n", name: "twins.suite")
        defer { BenchProcess.remove(suite) }
        let out = URL(fileURLWithPath: suite).deletingLastPathComponent().appendingPathComponent("run.csv").path
        let run = try BenchProcess.run([
            "run", "--suite", suite, "--ids", "string", "--algorithms", "heckel",
            "--instructions", "off", "--out", out, "--allow-debug"
        ])
        #expect(run.0 == 0, "\(run.2)")
        #expect(run.2.contains("1 cell is the same as an earlier one"))
        let rows = try ResultsCSV.decode(try String(contentsOfFile: out, encoding: .utf8), file: out)
        #expect(rows.filter { $0.metric == .correct }.map(\.scenario) == ["mixed", "filter"])
        #expect(try BenchProcess.run(["compare", out, out]).0 == 0)
    }

    /// An external differ answering hostile changesets (repeated deletes beside a reload of a
    /// later row, an index near Int.max, the shapes that once trapped the checker) costs only its
    /// own cells: every other cell is written and the run exits 3, naming them.
    @Test func aHostileExternalCellCostsOnlyItself() throws {
        let hostile =
            #"{"format":"diffbench-changeset/1","stages":[{"deleteItems":[[0,0],[0,0]],"#
            + #""reloadItems":[[0,1],[0,9223372036854775806]],"insertItems":[[0,0]]}]}"#
        let changeset = try BenchProcess.temporaryFile(hostile, name: "hostile.json")
        let suite = try BenchProcess.temporaryFile(
            "samples: 6\nmax-time-per-cell: 120\nmixed 200\nfilter 200\n",
            name: "t.suite")
        defer { BenchProcess.remove(changeset); BenchProcess.remove(suite) }
        let out = URL(fileURLWithPath: suite).deletingLastPathComponent().appendingPathComponent("run.csv").path
        let run = try BenchProcess.runWithPID([
            "run", "--suite", suite, "--algorithms", "heckel", "--out", out,
            "--allow-debug", "--quiet",
            "--external", "bad=cat >/dev/null; cat '\(changeset)'"
        ])
        #expect(run.0 == 3, "\(run.2)")
        #expect(run.2.contains("WRONG bad mixed") && run.2.contains("WRONG bad filter"))
        let rows = try ResultsCSV.decode(try String(contentsOfFile: out, encoding: .utf8), file: out)
        #expect(rows.filter { $0.algorithm == "heckel" && $0.metric == .correct }.map(\.summary.median) == [1, 1])
        #expect(rows.filter { $0.algorithm == "bad" && $0.metric == .correct }.allSatisfy { $0.status == .wrong })
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
        #expect(!leftovers.contains { $0.hasPrefix("diffbench-external-\(run.3)") })
    }

    /// The report's Reproduce block reruns the run: the same cell keys, for a suite run, a
    /// `--scenarios/--sizes` run, an `--ids` run and a shard; from any working directory the
    /// recorded commit is DiffBench's.
    @Test(arguments: [
        ["--suite", "TINY"], ["--scenarios", "mixed,filter", "--sizes", "200,300", "--samples", "6"],
        ["--suite", "TINY", "--ids", "string"], ["--suite", "TINY", "--shard", "2/2"]
    ])
    func theRecordedCommandReproducesTheCells(shape: [String]) throws {
        let tiny = "samples: 6\nmax-time-per-cell: 120\nmixed 200\nfilter 200\nshuffle 300\n"
        let suite = try BenchProcess.temporaryFile(tiny, name: "tiny.suite")
        defer { BenchProcess.remove(suite) }
        let folder = URL(fileURLWithPath: suite).deletingLastPathComponent()
        let first = folder.appendingPathComponent("first.csv").path
        let again = folder.appendingPathComponent("again.csv").path
        let args =
            ["run"] + shape.map { $0 == "TINY" ? suite : $0 }
            + ["--algorithms", "heckel", "--instructions", "off", "--allow-debug", "--quiet"]
        #expect(try BenchProcess.run(args + ["--out", first]).0 == 0)
        let rows = try ResultsCSV.decode(try String(contentsOfFile: first, encoding: .utf8), file: first)
        let command = try #require(rows.first?.meta.command)
        let words = ShellWords.split(RunReport.reproducible(command))
        #expect(Array(words.prefix(5)) == ["swift", "run", "-c", "release", "bench"])
        #expect(try BenchProcess.run(Array(words.dropFirst(5)) + ["--out", again]).0 == 0)
        let rerun = try ResultsCSV.decode(try String(contentsOfFile: again, encoding: .utf8), file: again)
        #expect(Set(rows.map(\.key)) == Set(rerun.map(\.key)))
        #expect(rows.first?.meta.gitCommit == Provenance.current().diffBench.commit)
    }

    /// From a working directory outside any repository, a run still records the commit of the
    /// code that was built (once it recorded `unknown`, or another repository's commit).
    @Test func provenanceDoesNotDependOnTheWorkingDirectory() throws {
        let out = try BenchProcess.temporaryFile("", name: "elsewhere.csv")
        defer { BenchProcess.remove(out) }
        let folder = URL(fileURLWithPath: out).deletingLastPathComponent()
        let process = Process()
        process.executableURL = BenchProcess.executable
        process.arguments = [
            "run", "--suite", BenchProcess.packageRoot.path + "/Corpus/suites/quick.suite",
            "--scenarios", "mixed", "--sizes", "1000", "--algorithms", "heckel", "--samples", "6",
            "--instructions", "off", "--allow-debug", "--quiet", "--out", out, "--force"
        ]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rows = try ResultsCSV.decode(try String(contentsOfFile: out, encoding: .utf8), file: out)
        let expected = Provenance.current().diffBench.commit
        #expect(expected != "unknown")
        #expect(rows.first?.meta.gitCommit == expected)
        #expect(rows.first?.meta.diffBenchCommit.hasPrefix(expected) == true)
    }

    @Test func aRepeatedExternalNameIsAUsageError() throws {
        let run = try BenchProcess.run(["run", "--allow-debug", "--external", "a=cat", "--external", "a=cat"])
        #expect(run.0 == 1 && run.2.contains("the name a is given twice"))
        let verify = try BenchProcess.run(["verify", "--external", "cat", "--external", "cat"])
        #expect(verify.0 == 1 && verify.2.contains("verify takes one external differ"))
    }

    @Test func theDiffableTargetCallsDuplicateIdentitiesUnsupported() throws {
        let (status, _, err) = try BenchProcess.run([
            "check", "Corpus/cases/edge-duplicate-ids.json",
            "Corpus/changesets/reload-data.json", "--target", "diffable"
        ])
        #expect(status == 1 && err.contains("unsupported on the diffable target") && err.contains("appears twice"))
    }
}

import DiffBenchCorpus
@testable import DiffBenchReports
@testable import DiffBenchFileFormats
