// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
@testable import DiffBenchFileFormats

/// `bench run` on case and trace files, directories and suites that name files; the errors of
/// bad input; `bench verify --save-failures`.
@Suite(.serialized) struct FileRunTests {
    /// A folder with a case file, a trace file and a suite naming the trace beside a scenario.
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let trace = """
            {"format": "diffbench-trace/1", "name": "tiny-trace", "snapshots": [
              [{"id": "s", "items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}],
              [{"id": "s", "items": [{"id": "c"}, {"id": "a"}, {"id": "b", "rev": 1}]}],
              [{"id": "s", "items": [{"id": "c"}, {"id": "d"}]}]]}
            """
        try trace.write(to: dir.appendingPathComponent("trace.json"), atomically: true, encoding: .utf8)
        let example = BenchProcess.packageRoot.path + "/Corpus/cases/e01-delete-and-move.json"
        try FileManager.default.copyItem(
            atPath: example,
            toPath: dir.appendingPathComponent("case.json").path)
        // Budgets far above what these tiny cells need in a debug build on a loaded machine.
        try "samples: 6\nmax-time-per-cell: 120\nswipe-delete 100\nfile trace.json\n"
            .write(to: dir.appendingPathComponent("mixed.suite"), atomically: true, encoding: .utf8)
        return dir.path
    }

    func rows(_ path: String) throws -> [ResultRow] {
        try ResultsCSV.decode(try String(contentsOfFile: path, encoding: .utf8), file: path)
    }

    /// A case file whose identities are integers and strings both is a `mixed` cell: the results
    /// say so, and read back (this column once lost it to `int`).
    @Test func aCaseOfMixedIdentitiesIsAMixedCell() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let mixed = """
            {"format": "diffbench-case/1", "name": "mixed-ids",
              "old": [{"id": "s", "items": [{"id": 1}, {"id": "b"}, {"id": 3}]}],
              "new": [{"id": "s", "items": [{"id": 3}, {"id": 1}]}]}
            """
        try mixed.write(toFile: "\(dir)/mixed.json", atomically: true, encoding: .utf8)
        let run = try BenchProcess.run(
            [
                "run", "\(dir)/mixed.json", "--algorithms", "heckel", "--samples", "6", "--max-time-per-cell", "120",
                "--allow-debug", "--quiet", "--instructions", "off", "--out", "\(dir)/m.csv"
            ])
        #expect(run.0 == 0, "\(run.2)")
        #expect(run.1.contains("mixed-ids (mixed ids)"), "\(run.1)")
        let rows = try rows("\(dir)/m.csv")
        #expect(!rows.isEmpty && rows.allSatisfy { $0.ids == .mixed })
        #expect(rows.filter { $0.metric == .correct }.allSatisfy { $0.summary.median == 1 })
    }

    @Test func runTimesACaseATraceAFolderAndASuiteOfBoth() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = [
            "--algorithms", "heckel,lis", "--samples", "6", "--max-time-per-cell", "120", "--allow-debug",
            "--quiet", "--instructions", "off"
        ]
        let files = try BenchProcess.run(
            ["run", "\(dir)/case.json", "\(dir)/trace.json", "--out", "\(dir)/a.csv"]
                + common)
        #expect(files.0 == 0, "\(files.2)")
        #expect(files.1.contains("tiny-trace (string ids), a trace of 2 steps"))
        #expect(files.1.contains("worst"))
        let a = try rows("\(dir)/a.csv")
        #expect(Set(a.map(\.scenario)) == ["tiny-trace", "E1: [A,B,C] -> [C,A]"])
        #expect(a.filter { $0.metric == .correct }.allSatisfy { $0.summary.median == 1 })
        let steps = a.filter { $0.scenario == "tiny-trace" && $0.metric == .stepCpuNs }
        #expect(steps.allSatisfy { $0.samples.count == 2 })
        #expect(a.allSatisfy { !$0.caseHash.isEmpty && $0.seed == 0 && $0.ids == .string })

        let folder = try BenchProcess.run(["run", dir, "--out", "\(dir)/b.csv"] + common)
        #expect(folder.0 == 0, "\(folder.2)")
        let b = try rows("\(dir)/b.csv")
        #expect(Set(b.map(\.scenario)) == Set(a.map(\.scenario)))
        // A run of files hashes identities with a secret seed of its own, written on every row.
        #expect(Set(a.map(\.meta.hashSeed)).count == 1 && Set(b.map(\.meta.hashSeed)).count == 1)
        #expect(a[0].meta.hashSeed != b[0].meta.hashSeed, "two runs of files drew the same seed")
        let fixed = try BenchProcess.run(
            ["run", "\(dir)/trace.json", "--hash-seed", "42", "--out", "\(dir)/f.csv"]
                + common)
        #expect(fixed.0 == 0, "\(fixed.2)")
        #expect(try rows("\(dir)/f.csv").allSatisfy { $0.meta.hashSeed == "42" })
        let compare = try BenchProcess.run(["compare", "\(dir)/a.csv", "\(dir)/b.csv", "--metrics", "exact"])
        #expect(compare.0 == 0, "\(compare.1)\(compare.2)")

        let suite = try BenchProcess.run(["run", "--suite", "\(dir)/mixed.suite", "--out", "\(dir)/c.csv"] + common)
        #expect(suite.0 == 0, "\(suite.2)")
        let c = try rows("\(dir)/c.csv")
        #expect(Set(c.map(\.scenario)) == ["swipe-delete", "tiny-trace"])
        #expect(Set(c.map(\.meta.hashSeed)).count == 1 && c[0].meta.hashSeed != "0")

        let report = try BenchProcess.run(["report", "\(dir)/a.csv", "--out", "\(dir)/report"])
        #expect(report.0 == 0, "\(report.2)")
        let readme = try String(contentsOfFile: "\(dir)/report/README.md", encoding: .utf8)
        #expect(readme.contains("## Traces") && readme.contains("| worst step | at step |"))
    }

    @Test func twoFilesOfOneNameAreRefusedByCompare() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["--algorithms", "heckel", "--samples", "6", "--allow-debug", "--quiet", "--instructions", "off"]
        _ = try BenchProcess.run(["run", "\(dir)/trace.json", "--out", "\(dir)/a.csv"] + common)
        let edited = try String(contentsOfFile: "\(dir)/trace.json", encoding: .utf8)
            .replacingOccurrences(of: "\"rev\": 1", with: "\"rev\": 2")
        try edited.write(toFile: "\(dir)/trace.json", atomically: true, encoding: .utf8)
        _ = try BenchProcess.run(["run", "\(dir)/trace.json", "--out", "\(dir)/b.csv"] + common)
        let compare = try BenchProcess.run(["compare", "\(dir)/a.csv", "\(dir)/b.csv"])
        #expect(compare.0 == 4)
        #expect(compare.2.contains("two different files under one name"), "\(compare.2)")
    }

    @Test(arguments: [
        (#"{"format": "diffbench-trace/1", "snapshots": [[]]}"#, "$.snapshots: a trace needs at least 2 snapshots"),
        (
            #"{"format": "diffbench-trace/1", "snapshots": [[], [{"id": 1, "items": [{"id": 5}, {"id": 5}]}]]}"#,
            "$.snapshots[1][0].items[1]: duplicate item id 5"
        ),
        (#"{"format": "diffbench-changeset/1", "stages": []}"#, "is neither diffbench-case/1 nor diffbench-trace/1")
    ])
    func malformedFilesStopTheRunNamingThem(text: String, expected: String) throws {
        let path = try BenchProcess.temporaryFile(text, name: "bad.json")
        defer { BenchProcess.remove(path) }
        let run = try BenchProcess.run(["run", path, "--allow-debug", "--quiet"])
        #expect(run.0 == 1)
        #expect(run.2.contains(path) && run.2.contains(expected), "\(run.2)")
        #expect(run.2.split(separator: "\n").count == 1)
    }

    @Test func foldersAndNamesAreChecked() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: "\(dir)/trace.json", toPath: "\(dir)/again.json")
        let clash = try BenchProcess.run(["run", dir, "--allow-debug", "--quiet"])
        #expect(clash.0 == 1 && clash.2.contains("its name \"tiny-trace\" is also the name of"), "\(clash.2)")
        let empty = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try BenchProcess.run(["run", empty.path, "--allow-debug", "--quiet"])
        #expect(none.0 == 1 && none.2.contains("no case (diffbench-case/1) or trace (diffbench-trace/1) files"))
        let seed = try BenchProcess.run(["run", "\(dir)/trace.json", "--seed", "3", "--allow-debug", "--quiet"])
        #expect(seed.0 == 1 && seed.2.contains("--seed sets generated cells"))
    }

    @Test func saveFailuresKeepsWhatADifferGotWrong() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-fails-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Answers every case with no update at all: wrong whenever the snapshots differ.
        let empty = #"cat > /dev/null; printf '{"format": "diffbench-changeset/1", "stages": []}\n'"#
        let verify = try BenchProcess.run([
            "verify", "--random", "3", "--seed", "40", "--external", empty,
            "--external-name", "lazy", "--save-failures", dir, "--quiet"
        ])
        #expect(verify.0 == 3)
        let failed = verify.1.split(separator: "\n").filter { $0.hasPrefix("FAIL lazy") }.count
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(failed >= 2 && saved.count == failed)
        #expect(saved.allSatisfy { $0.hasPrefix("seed-4") && $0.hasSuffix("-lazy.json") }, "\(saved)")
        let again = try BenchProcess.run(["verify", dir, "--external", empty, "--external-name", "lazy"])
        #expect(again.0 == 3 && again.1.contains("\(failed) failed"), "\(again.1)")
        let builtIn = try BenchProcess.run(["verify", dir, "--algorithms", "lis", "--quiet"])
        #expect(builtIn.0 == 0, "the saved cases are valid cases: \(builtIn.1)")
        // A second run into the same folder is refused unless --force: nothing of the first is lost.
        let over = try BenchProcess.run([
            "verify", "--random", "3", "--seed", "40", "--external", empty,
            "--external-name", "lazy", "--save-failures", dir, "--quiet"
        ])
        #expect(over.0 == 1 && over.2.contains("holds \(failed) case files of an earlier run"), "\(over.2)")
        let forced = try BenchProcess.run([
            "verify", "--random", "3", "--seed", "40", "--external", empty,
            "--external-name", "lazy", "--save-failures", dir, "--force", "--quiet"
        ])
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(forced.0 == 3 && kept.count == failed)
    }

    /// A per-case external differ whose processes take noticeable time gets the hint to
    /// `--external-mode lines` (the command sleeps: its cells last at least 60 ms each).
    @Test func aSlowPerCaseExternalDifferGetsTheLinesHint() throws {
        let slow = #"sleep 0.06; cat > /dev/null; printf '{"format": "diffbench-changeset/1", "reloadData": true}\n'"#
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hint-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try BenchProcess.run([
            "run", "--scenarios", "swipe-delete", "--sizes", "10,20,30,40,50",
            "--algorithms", "reload", "--external", "slow=\(slow)", "--samples", "6",
            "--out", out, "--allow-debug", "--quiet", "--instructions", "off"
        ])
        #expect(run.0 == 0, "\(run.2)")
        #expect(run.2.contains("slow ran one process per case (5 cells"), "\(run.2)")
        #expect(run.2.contains("--external-mode lines keeps one process"))
    }
}
