// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation

/// External differs never outlive bench: not a helper they start in a session of their own, and
/// not the differ itself when bench is killed with SIGKILL.
@Suite(.serialized) struct ContainmentTests {
    /// Whether process `pid` runs (exists and is not a zombie), asked for up to a second.
    static func stillRunning(_ pid: Int32) -> Bool {
        for _ in 0..<50 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
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
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
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
        let command = "setsid sh -c 'echo $$ > \(pidFile); exec sleep 60' >/dev/null 2>&1 < /dev/null & "
            + "while [ ! -s \(pidFile) ]; do sleep 0.01; done; "
            + "cat >/dev/null; echo '{\"format\": \"diffbench-changeset/1\", \"reloadData\": true}'"
        let (status, _, err) = try BenchProcess.run(["verify", "--external", command, "--quiet",
                                                     "Corpus/cases/edge-single-row-swap.json"])
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
        process.arguments = ["verify", "--external", "echo $$ > \(pidFile); exec sleep 60", "--timeout", "100",
                             "--quiet", "Corpus/cases/edge-single-row-swap.json"]
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
}
