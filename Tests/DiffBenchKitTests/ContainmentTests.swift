// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchFileFormats

/// External differs never outlive bench: not a helper they start in a session of their own, not
/// the differ itself nor its children when bench is killed with SIGKILL; and no temporary folder
/// outlives bench, whatever signal ends it and whenever.
@Suite(.serialized) struct ContainmentTests {
    /// Whether process `pid` runs (exists and is not a zombie), asked for up to a second.
    static func stillRunning(_ pid: Int32) -> Bool {
        for _ in 0..<50 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let state = stat[stat.index(close, offsetBy: 2)]
            if state == "Z" || state == "X" { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// The pid an external command wrote into `file`, waited for up to 10 s.
    static func pid(in file: String) throws -> Int32 {
        for _ in 0..<500 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw ContainmentError.noPID
    }

    enum ContainmentError: Error { case noPID }

    @Test func aHelperInASessionOfItsOwnDiesWithTheDiffer() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-setsid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("helper.pid").path
        // The differ answers with a changeset after starting a helper that leaves its process group.
        let command =
            "setsid sh -c 'echo $$ > \(pidFile); exec sleep 60' >/dev/null 2>&1 < /dev/null & "
            + "while [ ! -s \(pidFile) ]; do sleep 0.01; done; "
            + "cat >/dev/null; echo '{\"format\": \"diffbench-changeset/1\", \"reloadData\": true}'"
        let (status, _, err) = try BenchProcess.run([
            "verify", "--external", command, "--quiet",
            "Corpus/cases/edge-single-row-swap.json"
        ])
        #expect(status == 0, "\(err)")
        let helper = try Self.pid(in: pidFile)
        #expect(!Self.stillRunning(helper), "the setsid helper \(helper) outlived bench")
    }

    @Test func theDifferDiesWhenBenchIsKilledWithSIGKILL() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-sigkill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("differ.pid").path
        let process = Process()
        process.executableURL = BenchProcess.executable
        process.arguments = [
            "verify", "--external", "echo $$ > \(pidFile); exec sleep 60", "--timeout", "100",
            "--quiet", "Corpus/cases/edge-single-row-swap.json"
        ]
        process.currentDirectoryURL = BenchProcess.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let differ = try Self.pid(in: pidFile)
        #expect(Self.stillRunning(differ))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!Self.stillRunning(differ), "the external differ \(differ) outlived a SIGKILLed bench")
    }

    /// A private temporary folder for one bench, and bench started in it with `args`.
    /// The signals' default actions are restored first (`env --default-signal`): the test process
    /// may ignore them, and an ignored signal is inherited ignored until bench's handlers start.
    static func start(_ args: [String], temporary: URL, environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=TERM,HUP,INT", BenchProcess.executable.path] + args
        process.currentDirectoryURL = BenchProcess.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The `diffbench-*` entries left in `folder` once the janitor had up to 5 s to act (none:
    /// `waiting` false, those there now).
    static func leftovers(in folder: URL, waiting: Bool = true) -> [String] {
        var names: [String] = []
        for _ in 0..<(waiting ? 250 : 1) {
            names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasPrefix("diffbench-") }
            if names.isEmpty || !waiting { return names }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return names
    }

    /// The differ (a shell) starts a child and waits for it: the parent-death signal reaches the
    /// shell only. Before the janitor, the child and the differ's folder outlived a SIGKILLed bench.
    @Test func theDiffersChildAndItsFolderGoWhenBenchIsKilledWithSIGKILL() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("containment-\(UUID().uuidString)")
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("child.pid").path
        let process = try Self.start(
            [
                "verify", "--external", "sleep 300 & echo $! > \(pidFile); wait",
                "--timeout", "100", "--quiet", "Corpus/cases/edge-single-row-swap.json"
            ],
            temporary: temporary)
        let child = try Self.pid(in: pidFile)
        #expect(Self.stillRunning(child))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!Self.stillRunning(child), "the external differ's child \(child) outlived a SIGKILLed bench")
        #expect(Self.leftovers(in: temporary).isEmpty, "\(Self.leftovers(in: temporary))")
    }

    /// SIGTERM, SIGHUP, SIGINT and SIGKILL at ten moments of a run (from its first milliseconds,
    /// before any folder exists, to cells under way): no `diffbench-*` folder is left. Before the
    /// janitor, SIGTERM and SIGHUP left one in about a third of the tries, SIGKILL always.
    @Test func noTemporaryFolderOutlivesASignalAtAnyMoment() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("containment-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var left: [String] = []
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGKILL] {
            for moment in [0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.45, 0.7, 1.0] {
                let temporary = folder.appendingPathComponent("\(signal)-\(moment)")
                try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
                let out = temporary.appendingPathComponent("run.csv").path
                let process = try Self.start(
                    [
                        "run", "--suite", "quick", "--algorithms", "heckel,lis",
                        "--out", out, "--quiet", "--allow-debug"
                    ], temporary: temporary)
                Thread.sleep(forTimeInterval: moment)
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                let names = Self.leftovers(in: temporary)
                if !names.isEmpty {
                    let inside = names.map { name in
                        let path = temporary.appendingPathComponent(name).path
                        return "\(name): \((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])"
                    }
                    left.append("signal \(signal) at \(moment) s: \(inside)")
                }
            }
        }
        #expect(left.isEmpty, "\(left)")
    }

    /// The attack on the janitor: `TMPDIR` set to `DIR` + newline + `x`. Bench told its janitor one
    /// folder per line, so the janitor read `DIR` and removed it, with everything in it, when a
    /// SIGKILL ended `bench run`. Now `DIR` and its file stay, and bench's own folder goes.
    @Test func aTemporaryDirectoryHoldingANewlineIsNeverRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("containment-\(UUID().uuidString)")
        let dir = folder.appendingPathComponent("dir")
        let temporary = URL(fileURLWithPath: dir.path + "\nx")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let keep = dir.appendingPathComponent("keep.txt").path
        try "keep".write(toFile: keep, atomically: true, encoding: .utf8)
        let process = try Self.start(
            [
                "run", "--suite", "quick", "--algorithms", "heckel,lis", "--out", folder.path + "/run.csv",
                "--quiet", "--allow-debug"
            ], temporary: temporary)
        // Killed once its folder exists (so the janitor was told of it), or after 10 s.
        let deadline = Date().addingTimeInterval(10)
        while Self.leftovers(in: temporary, waiting: false).isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(Self.leftovers(in: temporary).isEmpty, "\(Self.leftovers(in: temporary))")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(FileManager.default.fileExists(atPath: keep), "the janitor removed \(dir.path)")
    }

    /// A results file of `copies` times the baseline's cells (each under another seed): a report
    /// of it takes long enough to be caught writing.
    static func largeResults(_ copies: Int, in folder: URL) throws -> String {
        let rows = try ResultsCSV.decode(
            String(contentsOfFile: BenchProcess.packageRoot.path + "/Results/baseline.csv", encoding: .utf8),
            file: "baseline.csv")
        let many = (0..<copies).flatMap { k in
            rows.map { row in
                var r = row
                r.seed += UInt64(k)
                return r
            }
        }
        let path = folder.appendingPathComponent("large.csv").path
        try ResultsCSV.encode(many).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `bench report --out DIR` stopped while its staging folder `.DIR.<pid>.tmp` exists (it stops
    /// itself there, `DIFFBENCH_STOP_AT=report-staging`, so that no timing decides it), then sent
    /// SIGKILL (the janitor removes the folder) or SIGTERM (its handler does), then SIGCONT: no
    /// staging folder is left, and no half report. Before, 3 tries of 3 left the staging folder.
    @Test func noStagingFolderOutlivesASignalledReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("containment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = try Self.largeResults(2, in: folder)
        for (trial, signal) in [SIGKILL, SIGTERM, SIGKILL, SIGTERM].enumerated() {
            let out = folder.appendingPathComponent("out-\(trial)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let process = try Self.start(
                ["report", results, "--out", out.path + "/report"], temporary: folder,
                environment: ["DIFFBENCH_STOP_AT": "report-staging"])
            #expect(Self.waitUntilStopped(process), "signal \(signal), trial \(trial): bench never stopped")
            let staged = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter {
                $0.hasPrefix(".report.") && $0.hasSuffix(".tmp")
            }
            #expect(staged.count == 1, "stopped with its staging folder made: \(staged)")
            kill(process.processIdentifier, signal)
            kill(process.processIdentifier, SIGCONT)
            process.waitUntilExit()
            var names: [String] = []
            for _ in 0..<250 {
                names = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter {
                    $0.hasSuffix(".tmp")
                }
                if names.isEmpty { break }
                Thread.sleep(forTimeInterval: 0.02)
            }
            #expect(names.isEmpty, "signal \(signal), trial \(trial) left \(names)")
            // SIGTERM's handler may come after the last step: a whole report then, never a half one.
            let report = out.appendingPathComponent("report").path
            if FileManager.default.fileExists(atPath: report) {
                #expect(signal == SIGTERM && FileManager.default.fileExists(atPath: report + "/README.md"))
            }
        }
    }

    /// Whether `process` is stopped (state T) within a minute, as `ps` reports it.
    static func waitUntilStopped(_ process: Process) -> Bool {
        for _ in 0..<3_000 where process.isRunning {
            let ps = Process()
            ps.executableURL = URL(fileURLWithPath: "/bin/ps")
            ps.arguments = ["-o", "state=", "-p", String(process.processIdentifier)]
            let pipe = Pipe()
            ps.standardOutput = pipe
            guard (try? ps.run()) != nil else { return false }
            ps.waitUntilExit()
            let state = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if state.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("T") { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }
}
