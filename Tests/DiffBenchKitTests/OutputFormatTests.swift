// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
@testable import DiffBenchKit

/// Each command takes the output formats it declares, says so in its help, and refuses any other
/// with the list. Before, five commands each checked `--format` against a string list of their
/// own, and compare quietly took an undocumented `table`.
@Suite struct OutputFormatTests {
    /// An invocation of each command that gets as far as reading `--format`.
    static let invocations: [String: [String]] = [
        "run": ["run", "--allow-debug", "--quiet"],
        "merge": ["merge", "Results/baseline.csv", "--out", "/nonexistent-dir/merged.csv"],
        "compare": ["compare", "Results/baseline.csv", "Results/baseline.csv"],
        "report": ["report", "Results/baseline.csv"],
        "verify": ["verify", "--quiet"],
        "check": ["check", "Corpus/cases/e01-delete-and-move.json", "Corpus/changesets/e01-dk-stages.json"],
        "rules": ["rules"]
    ]

    @Test func eachCommandsHelpListsTheFormatsItTakes() {
        #expect(DiffBench.formats.count == Self.invocations.count)
        for (command, help, formats) in DiffBench.formats {
            #expect(help.contains("[--format \(formats.usage)"), "bench \(command) --help")
            #expect(!formats.isEmpty && Set(formats).count == formats.count)
        }
        #expect(CompareCommand.formats == [.markdown, .json] && !CompareCommand.formats.contains(.table))
    }

    @Test func everyFormatACommandDoesNotDeclareIsRefusedWithTheList() throws {
        for (command, _, formats) in DiffBench.formats {
            let base = try #require(Self.invocations[command])
            for other in OutputFormat.allCases where !formats.contains(other) {
                let (status, _, err) = try BenchProcess.run(base + ["--format", other.rawValue])
                #expect(status == 1, "bench \(command) --format \(other.rawValue)")
                #expect(
                    err.contains("--format \(other.rawValue): expected \(formats.expected)"),
                    "bench \(command) --format \(other.rawValue): \(err)")
            }
        }
    }
}
