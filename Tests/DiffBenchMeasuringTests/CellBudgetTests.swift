// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchTestSupport
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchPlatform
import DiffBenchAlgorithms
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring
@testable import DiffBenchReports
@testable import DiffBenchFileFormats

/// An algorithm that sleeps before answering: the budget must stop it.
struct SleepyAlgorithm: DiffAlgorithm {
    var name: String { "sleepy" }
    var summary: String { "reloadData after a nap" }
    let nap: UInt32
    func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        usleep(nap)
        return .reloadData
    }
}

/// Heckel after a one-time cost on its first call (a table built lazily): once per instance, as a
/// real one is once per process.
struct FirstCallCost: DiffAlgorithm {
    final class Paid: @unchecked Sendable {
        var done = false
    }
    var name: String { "first-call-cost" }
    var summary: String { "heckel after a one-time nap" }
    let nap: UInt32
    let paid = Paid()
    func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        if !paid.done {
            paid.done = true
            usleep(nap)
        }
        return try Heckel().diff(from: old, to: new)
    }
}

@Suite(.serialized) struct CellBudgetTests {
    /// A first call of 300 ms (past the 50 ms from which a cell is timed alone) must not send the
    /// cell to be timed alone: a second diff shows the time of a diff, and the cell is left to the
    /// side-by-side rounds, timing nothing in its first visit. Before, it was timed alone, and one
    /// of two runs called it 1.54x slower than heckel instead of tied.
    @Test func aOneTimeFirstCallCostDoesNotDecideToTimeACellAlone() {
        // A budget of 1 s: the first diff's 300 ms, taken for the time of every diff, left no room
        // for the allocation pass and the fewest samples, so the cell was timed alone.
        var spec = Self.spec(budget: 1)
        spec.algorithm = "first-call-cost"
        spec.sideBySideBelow = SuiteRun.aloneFrom
        let result = CellMeasurement.run(
            spec, differ: Differ(FirstCallCost(nap: 300_000)),
            start: Clock.monotonicNanoseconds())
        #expect(result.status == .ok && result.checked, "\(result.note)")
        #expect((result.firstDiffNs ?? 0) >= 300_000_000)
        #expect(result.cpuNs.isEmpty && result.wallNs.isEmpty, "timed alone: \(result.cpuNs.count) samples")
    }

    static func spec(budget: Double, samples: Int = 20) -> CellSpec {
        CellSpec(algorithm: "sleepy", cell: SuiteCell(scenario: .mixed, size: 200), samples: samples, budget: budget)
    }

    @Test func graceIsTwoSecondsOrAQuarter() {
        #expect(CellBudget.grace(budget: 4) == 2)
        #expect(CellBudget.grace(budget: 40) == 10)
        #expect(CellBudget.nanoseconds(1e300) == UInt64.max / 2 && CellBudget.nanoseconds(.infinity) == UInt64.max / 2)
    }

    @Test func aSlowDiffStillGetsThreeSamplesWithinBudgetAndGrace() {
        // 0.3 s per diff, 1 s budget: the first diff and the allocation count eat most of it.
        let start = Clock.monotonicNanoseconds()
        var checkpoints: [CellResult] = []
        let result = CellMeasurement.run(
            Self.spec(budget: 1),
            differ: Differ(SleepyAlgorithm(nap: 300_000)),
            start: start
        ) {
            checkpoints.append($0)
        }
        #expect(result.wallNs.count == CellMeasurement.minimumSamples)
        // Three samples tell a median: the cell is finished at its budget, not timed out.
        #expect(result.status == .ok)
        #expect(result.note.hasPrefix("stopped at the budget of 1 s after 3 of 20 samples, its median known to ±"))
        #expect(result.firstDiffNs ?? 0 >= 300_000_000)
        #expect(checkpoints.first?.minimumRelocations != nil && checkpoints.first?.status == .timeout)
        #expect(result.checked && result.minimumRelocations == checkpoints.first?.minimumRelocations)
    }

    @Test func aHangingChildIsKilledAtBudgetPlusGraceAndKeepsItsCaseFigures() throws {
        // A stand-in child: it writes the figures it has (as `bench _cell` does), then hangs.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var partial = CellResult(status: .timeout, note: "stopped before the first diff ended")
        partial.minimumRelocations = 42
        let json = String(decoding: try JSONEncoder().encode(partial), as: UTF8.self)
        let script = directory.appendingPathComponent("hang.sh")
        try "#!/bin/sh\nprintf '%s' '\(json)' > \"$2\"\nexec sleep 60\n".write(
            to: script,
            atomically: true,
            encoding: .utf8
        )
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

        let runner = try CellRunner(command: [script.path])
        let result = runner.run(Self.spec(budget: 0.5))
        // Killed, not ended by its 60 s sleep, and never before the budget and grace less the
        // tenth of a second kept for reaping (2.4 s): a lower bound, which load cannot break,
        // where an upper bound (the test had one, `< 4`) follows the machine.
        #expect(result.status == .timeout)
        #expect(
            result.note.hasPrefix("killed at ") && result.note.contains("past the budget of 0.50 s plus 2 s grace"),
            "\(result.note)")
        let killedAt = Double(result.note.dropFirst("killed at ".count).prefix { $0 == "." || $0.isNumber }) ?? 0
        #expect(killedAt >= 0.5 + CellBudget.grace(budget: 0.5) - 0.1, "\(result.note)")
        #expect(result.minimumRelocations == 42)
        let rows = CellRecord(spec: Self.spec(budget: 0.5), result, meta: RunMetadata()).rows
        #expect(rows.first { $0.metric == .minimumRelocations }?.samples == [42])
        #expect(rows.first { $0.metric == .wallNs }?.samples.isEmpty == true)
        #expect(rows.first { $0.metric == .relocations }?.samples.isEmpty == true, "never a made-up 0")
        #expect(ResultTable.render(figures(rows), markdown: false).contains("> \(Int(killedAt))."))
    }
}
