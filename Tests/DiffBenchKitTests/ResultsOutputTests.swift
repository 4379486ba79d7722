// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation

/// `bench run` and `bench merge` print their results through one renderer.
@Suite struct ResultsOutputTests {
    @Test func mergePrintsTheCSVItWritesAndATableLikeRuns() throws {
        let out = try BenchProcess.temporaryFile("", name: "merged.csv")
        defer { BenchProcess.remove(out) }
        let (status, printed, err) = try BenchProcess.run([
            "merge", "Results/baseline.csv", "--out", out, "--force", "--format", "csv"
        ])
        #expect(status == 0, "\(err)")
        // The file, and the line end standard output closes with.
        #expect(printed == (try String(contentsOfFile: out, encoding: .utf8)) + "\n")
        let (_, table, _) = try BenchProcess.run([
            "merge", "Results/baseline.csv", "--out", out, "--force", "--format", "markdown"
        ])
        let lines = table.split(separator: "\n")
        #expect(lines.first?.hasPrefix("| ") == true && lines.contains { $0.contains("heckel") })
        #expect(!table.contains("\u{1B}["), "no colour in Markdown")
    }
}
