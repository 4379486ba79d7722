// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchDiffers
import DiffBenchFileFormats
@testable import DiffBenchRunning
import DiffBenchErrors

/// A run from code: a plan, a session, an outcome; no argument vector.
@Suite struct RunSessionTests {
    /// The `bench` built beside this test binary: its `_cell` measures the cells.
    static var bench: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bench").path
    }

    @Test func aSuiteRunsFromCode() throws {
        let cells = [SuiteCell(scenario: .mixed, size: 200), SuiteCell(scenario: .shuffle, size: 200)]
        var plan = try RunPlan(
            cells: cells, algorithms: ["heckel", "lis"], registry: .builtIn, samples: 6,
            budget: 5, executable: Self.bench)
        plan.secondLook = false
        #expect(plan.specs.count == 4 && plan.caseCount == 2)
        var meta = RunMetadata()
        meta.runID = "from-code"
        let outcome = try RunSession(plan: plan, meta: meta).execute()
        #expect(outcome.results.count == 4)
        #expect(outcome.results.allSatisfy { $0.status == .ok && $0.correct }, "\(outcome.results.map(\.note))")
        #expect(outcome.exit.code == .pass && outcome.problems.isEmpty)
        #expect(Set(outcome.rows.map(\.algorithm)) == ["heckel", "lis"])
        #expect(outcome.rows.allSatisfy { $0.meta.runID == "from-code" && $0.meta.hashSeed == "0" })
        // The rows read back as a results file.
        let decoded = try ResultsCSV.decode(ResultsCSV.encode(outcome.rows), file: "from-code.csv")
        #expect(decoded.count == outcome.rows.count)
        // Each case's two cells were timed side by side, in the same 6 rounds.
        #expect(plan.sideBySide && decoded.allSatisfy { $0.timedWith == "heckel+lis" })
        let cpu = decoded.filter { $0.metric == .cpuNs }
        #expect(cpu.count == 4 && cpu.allSatisfy { $0.samples.count == 6 })
        // Timed alone, no cell names others.
        plan.sideBySide = false
        let alone = try RunSession(plan: plan, meta: meta).execute()
        #expect(alone.rows.allSatisfy { $0.timedWith.isEmpty } && alone.exit.code == .pass)
    }

    @Test func aPlanRefusesWhatCannotRun() {
        #expect(throws: DiffBenchError.self) {
            try RunPlan(cells: [SuiteCell(scenario: .mixed, size: 100)], algorithms: ["nope"], registry: .builtIn)
        }
        #expect(throws: DiffBenchError.self) { try RunPlan(cells: [], algorithms: ["heckel"], registry: .builtIn) }
    }
}
