// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchCorpus
import DiffBenchDiffers
import DiffBenchFileFormats
import DiffBenchMeasuring
@testable import DiffBenchRunning

/// A timeout the suite expects says so in the cell's note, where `bench compare` reads it; no
/// other cell's note changes.
@Suite struct RunOutcomeTests {
    @Test func anExpectedTimeoutIsNotedInItsCell() throws {
        var plan = try RunPlan(
            cells: [SuiteCell(scenario: .mixed, size: 1_000)], algorithms: ["heckel", "stdlib"],
            registry: DifferRegistry.builtIn)
        plan.expectedTimeouts = ["stdlib"]
        var late = CellResult(status: .timeout)
        late.note = "budget 4 s reached after 1 sample"
        RunOutcome.noteExpectedTimeout(&late, plan: plan, algorithm: "stdlib")
        #expect(late.note == "budget 4 s reached after 1 sample; \(CellStatus.expectedTimeout)")
        // Once only, and only for a timeout of an expected differ.
        RunOutcome.noteExpectedTimeout(&late, plan: plan, algorithm: "stdlib")
        #expect(late.note.components(separatedBy: CellStatus.expectedTimeout).count == 2)
        var gated = CellResult(status: .timeout)
        RunOutcome.noteExpectedTimeout(&gated, plan: plan, algorithm: "heckel")
        #expect(gated.note.isEmpty)
        var finished = CellResult(status: .ok)
        RunOutcome.noteExpectedTimeout(&finished, plan: plan, algorithm: "stdlib")
        #expect(finished.note.isEmpty)
    }
}
