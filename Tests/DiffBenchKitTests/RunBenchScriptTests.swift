// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation

/// run-bench.sh's gate never passes what it did not see end: a bench that dies of a signal, or
/// exits with a status no command of bench has, fails it and is named.
@Suite(.serialized) struct RunBenchScriptTests {
    /// Runs run-bench.sh with `BENCH` set to a stand-in script whose `compare` does `compare`.
    static func gate(compare: String) throws -> (Int32, String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = folder.appendingPathComponent("bench").path
        // `run` writes a copy of the baseline where --out says; `compare` behaves as asked.
        try """
        #!/bin/sh
        case "$1" in
          run) while [ $# -gt 0 ]; do [ "$1" = --out ] && cp Results/baseline.csv "$2"; shift; done; exit 0 ;;
          compare) \(compare) ;;
        esac
        exit 0
        """.write(toFile: standIn, atomically: true, encoding: .utf8)
        chmod(standIn, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [BenchProcess.packageRoot.appendingPathComponent("run-bench.sh").path]
        process.currentDirectoryURL = BenchProcess.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["BENCH"] = standIn
        environment["CI"] = nil
        process.environment = environment
        let results = BenchProcess.packageRoot.appendingPathComponent("Results").path
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: results)) ?? [])
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The stand-in leaves this run's head file in Results/: remove what appeared.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: results)) ?? []
        where !before.contains(name) && name.hasSuffix("-head.csv") {
            try? FileManager.default.removeItem(atPath: (results as NSString).appendingPathComponent(name))
        }
        return (process.terminationStatus, text)
    }

    @Test func aCompareKilledByASignalFailsTheGate() throws {
        for signal in ["KILL", "ILL"] {
            let (status, err) = try Self.gate(compare: "kill -\(signal) $$")
            #expect(status != 0, "SIG\(signal): \(err)")
            #expect(err.contains("FAIL: bench compare died of signal"), "SIG\(signal): \(err)")
        }
    }

    @Test func anUnknownStatusFailsTheGate() throws {
        let (status, err) = try Self.gate(compare: "exit 7")
        #expect(status == 7 && err.contains("FAIL: bench compare exited with status 7"), "\(err)")
    }

    @Test func aCleanCompareStillPasses() throws {
        let (status, err) = try Self.gate(compare: "exit 0")
        #expect(status == 0 && err.contains("run-bench.sh: PASS"), "\(err)")
    }
}
