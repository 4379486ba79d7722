// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchTestSupport
import Foundation
import DiffBenchCorpus
@testable import DiffBenchDiffers
@testable import DiffBenchFileFormats

@Suite struct ExternalDifferTests {

    @Test func perCaseReadsTheCaseAndReturnsTheOutput() throws {
        // The command echoes the case's name back, proving it read stdin.
        let driver = try ExternalDiffer(command: "grep -o '\"name\": \"[a-z]*\"'", mode: .perCase, timeout: 10)
        guard case .output(let bytes) = driver.run(caseJSON: Array(#"{"name": "hello"}"#.utf8)) else {
            Issue.record("no output"); return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "\"name\": \"hello\"\n")
    }

    @Test func aChangesetWithSelfReportedTimeDecodes() throws {
        let driver = try ExternalDiffer(
            command: "cat >/dev/null; printf '%s' '\(externalReloadReply)'",
            mode: .perCase,
            timeout: 10
        )
        guard case .output(let bytes) = driver.run(caseJSON: Array("{}".utf8)) else {
            Issue.record("no output"); return
        }
        let decoded = try ChangesetFile.decodeTimed(bytes, file: "out")
        #expect(decoded.elapsedNs == 42)
        guard case .reloadData = decoded.changeset else { Issue.record("not reloadData"); return }
    }

    @Test func aCrashReportsTheStatusAndTheLastLineOfStderr() throws {
        // As Python does: "Traceback (most recent call last):" first, the exception last.
        let driver = try ExternalDiffer(
            command: "echo 'Traceback (most recent call last):' >&2; "
                + "echo 'ZeroDivisionError: division by zero' >&2; exit 4",
            mode: .perCase, timeout: 10)
        guard case .failed(let why) = driver.run(caseJSON: []) else { Issue.record("no failure"); return }
        #expect(why == "exited with status 4: ZeroDivisionError: division by zero")
    }

    @Test(arguments: [ExternalDiffer.Mode.perCase, .lines])
    func aBackgroundHelperNeitherDelaysTheAnswerNorSurvives(mode: ExternalDiffer.Mode) throws {
        // A unique duration marks the helper's command line (`sleep 25.123456`); the helper
        // leaves a file when its sleep ends.
        let marker = "25.\(Int.random(in: 100_000...999_999))"
        let ended = FileManager.default.temporaryDirectory.appendingPathComponent("helper-\(marker)").path
        defer { try? FileManager.default.removeItem(atPath: ended) }
        let answer = mode == .lines ? "while read -r line; do echo '{}'; done" : "cat >/dev/null; echo '{}'"
        let driver = try ExternalDiffer(
            command: "( sleep \(marker) && touch '\(ended)' & ); \(answer)", mode: mode, timeout: 60)
        guard case .output = driver.run(caseJSON: Array("{}".utf8)) else { Issue.record("no output"); return }
        if mode == .lines { #expect(Self.processes(named: marker) >= 1, "the helper runs while the server does") }
        // The answer came before the helper's sleep ended (the old driver waited for it): no
        // clock read, so load cannot decide it.
        #expect(!FileManager.default.fileExists(atPath: ended))
        driver.shutdown()
        usleep(100_000)
        #expect(Self.processes(named: marker) == 0)
    }

    /// How many processes have `name` in their command line.
    static func processes(named name: String) -> Int {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { Int($0) != nil }.filter { pid in
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: line, as: UTF8.self).contains(name)
        }.count
    }

    @Test func threeTimeoutsInARowStopTheCases() throws {
        // Each start of the differ adds a line to `starts`.
        let starts = FileManager.default.temporaryDirectory.appendingPathComponent("starts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: starts) }
        let driver = try ExternalDiffer(command: "echo x >> '\(starts)'; sleep 30", mode: .perCase, timeout: 0.2)
        for _ in 0..<3 { _ = driver.run(caseJSON: Array("{}".utf8)) }
        guard case .failed(let why) = driver.run(caseJSON: Array("{}".utf8)) else { Issue.record("no failure"); return }
        #expect(why.hasPrefix("not answering: 3 cases in a row"))
        // The fourth case was refused without starting the differ (not timed: counted).
        let lines = (try? String(contentsOfFile: starts, encoding: .utf8))?.split(separator: "\n").count
        #expect(lines == 3)
    }

    @Test(arguments: [ExternalDiffer.Mode.perCase, .lines])
    func aHangIsKilledAtTheTimeout(mode: ExternalDiffer.Mode) throws {
        let driver = try ExternalDiffer(command: "sleep 30", mode: mode, timeout: 0.3)
        guard case .failed(let why) = driver.run(caseJSON: Array("{}".utf8)) else { Issue.record("no failure"); return }
        #expect(why.hasPrefix("no answer within"))
    }

    @Test func linesModeAnswersCaseAfterCaseFromOneProcess() throws {
        // Each answer carries the shell's pid: one process answers both cases.
        let driver = try ExternalDiffer(command: "while read -r line; do echo \"$$\"; done", mode: .lines, timeout: 10)
        guard case .output(let first) = driver.run(caseJSON: Array("{\n}".utf8)),
            case .output(let second) = driver.run(caseJSON: Array("{}".utf8))
        else {
            Issue.record("no output"); return
        }
        #expect(!first.isEmpty && first == second)
    }
}

/// A single command replaces the shell, so that its closing its output ends the answer.
@Suite struct ExternalShellCommandTests {
    @Test(arguments: [
        ("./differ --fast", "exec ./differ --fast"),
        ("  python3 differ.py 'a b'", "exec python3 differ.py 'a b'"),
        ("cat > /dev/null; echo x", "cat > /dev/null; echo x"),
        ("cd tool && ./differ", "cd tool && ./differ"),
        ("FAST=1 ./differ", "FAST=1 ./differ"),
        ("exec ./differ", "exec ./differ"),
        ("./differ $FLAGS", "./differ $FLAGS"),
        ("while read -r l; do echo; done", "while read -r l; do echo; done")
    ])
    func singleCommandsAreExeced(command: String, expected: String) {
        #expect(ExternalDiffer.shellCommand(command) == expected)
    }

    /// A differ that answers, closes its output and goes on running has answered.
    @Test func anAnswerCountsOnceTheOutputCloses() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("linger-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: script) }
        try "#!/bin/sh\ncat > /dev/null\necho '{}'\nexec >&-\nsleep 30\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let driver = try ExternalDiffer(command: script.path, mode: .perCase, timeout: 5)
        defer { driver.shutdown() }
        guard case .output(let bytes) = driver.run(caseJSON: Array("{}".utf8)) else {
            Issue.record("the answer was discarded"); return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "{}\n")
    }
}
