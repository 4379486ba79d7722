import Testing
import Foundation
import Corpus
@testable import Harness

@Suite struct ExternalDifferTests {
    static let reload = #"{"format":"diffbench-changeset/1","reloadData":true,"elapsed_ns":42}"#

    @Test func perCaseReadsTheCaseAndReturnsTheOutput() throws {
        // The command echoes the case's name back, proving it read stdin.
        let driver = try ExternalDiffer(command: "grep -o '\"name\": \"[a-z]*\"'", mode: .perCase, timeout: 10)
        guard case .output(let bytes) = driver.run(caseJSON: Array(#"{"name": "hello"}"#.utf8)) else {
            Issue.record("no output"); return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "\"name\": \"hello\"\n")
    }

    @Test func aChangesetWithSelfReportedTimeDecodes() throws {
        let driver = try ExternalDiffer(command: "cat >/dev/null; printf '%s' '\(Self.reload)'", mode: .perCase, timeout: 10)
        guard case .output(let bytes) = driver.run(caseJSON: Array("{}".utf8)) else { Issue.record("no output"); return }
        let decoded = try ChangesetFile.decodeTimed(bytes, file: "out")
        #expect(decoded.elapsedNs == 42)
        guard case .reloadData = decoded.changeset else { Issue.record("not reloadData"); return }
    }

    @Test func aCrashReportsTheStatusAndTheFirstLineOfStderr() throws {
        let driver = try ExternalDiffer(command: "echo 'boom: no such key' >&2; echo more >&2; exit 4",
                                        mode: .perCase, timeout: 10)
        guard case .failed(let why) = driver.run(caseJSON: []) else { Issue.record("no failure"); return }
        #expect(why == "exited with status 4: boom: no such key")
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
              case .output(let second) = driver.run(caseJSON: Array("{}".utf8)) else {
            Issue.record("no output"); return
        }
        #expect(!first.isEmpty && first == second)
    }
}
