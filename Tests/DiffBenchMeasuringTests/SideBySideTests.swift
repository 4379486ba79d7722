// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchCorpus
import DiffBenchStatistics
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring

/// A case's contenders timed side by side in one process: the schedule, and what each gets.
@Suite(.serialized) struct SideBySideTests {
    static func spec(
        _ algorithms: [String], samples: Int = 7, precision: Double? = nil,
        budget: Double = 5
    ) -> SideBySideSpec {
        let cells = algorithms.map { name -> CellSpec in
            var cell = CellSpec(
                algorithm: name, cell: SuiteCell(scenario: .mixed, size: 300), samples: samples,
                budget: budget)
            cell.precision = precision
            return cell
        }
        return SideBySideSpec(cells: cells, rivals: algorithms.map { $0 != "reload" }, tieFloor: 1.05)
    }

    @Test func theOrderRotatesSoThatEveryContenderLeadsAsOften() {
        #expect(SideBySideSchedule.order(round: 0, of: [0, 1, 2]) == [0, 1, 2])
        #expect(SideBySideSchedule.order(round: 1, of: [0, 1, 2]) == [1, 2, 0])
        #expect(SideBySideSchedule.order(round: 2, of: [0, 1, 2]) == [2, 0, 1])
        #expect(SideBySideSchedule.order(round: 3, of: [0, 1, 2]) == [0, 1, 2])
        #expect(SideBySideSchedule.order(round: 5, of: [1, 4]) == [4, 1])
        #expect(SideBySideSchedule.order(round: 9, of: []).isEmpty)
        // Over 12 rounds of 3, each contender runs 12 batches and leads 4 times; within a round,
        // each follows its cyclic predecessor whenever it does not lead (8 times).
        var batches = [0, 0, 0], leads = [0, 0, 0], after = [[Int]](repeating: [0, 0, 0], count: 3)
        for round in 0..<12 {
            let order = SideBySideSchedule.order(round: round, of: [0, 1, 2])
            #expect(Set(order) == [0, 1, 2] && order.count == 3)
            leads[order[0]] += 1
            for k in order { batches[k] += 1 }
            for (a, b) in zip(order, order.dropFirst()) { after[b][a] += 1 }
        }
        #expect(batches == [12, 12, 12] && leads == [4, 4, 4])
        #expect(after[1][0] == 8 && after[2][1] == 8 && after[0][2] == 8)
        #expect(after[0][1] == 0 && after[1][2] == 0 && after[2][0] == 0)
    }

    @Test func everyContenderGetsTheSameNumberOfBatches() {
        let results = SideBySide.run(
            Self.spec(["heckel", "lis", "reload"]),
            differs: [Differ(Heckel()), Differ(Lis()), Differ(ReloadAlgorithm())])
        #expect(results.count == 3)
        for result in results {
            #expect(result.status == .ok, "\(result.note)")
            #expect(result.cpuNs.count == 7 && result.wallNs.count == 7)
            #expect(result.batch >= 1 && result.warmup >= 1 && result.elapsed > 0)
            #expect(!result.checked, "the check is the first visit's")
        }
    }

    /// The baseline's batches are sized for 1 ms, the others' for 10 ms: decided from what the
    /// differ answered, alone and side by side alike. (Before, the test multiplied a measured
    /// batch by its measured time, a figure that follows the machine's load.)
    @Test func aBaselineBatchIsSizedForAMillisecondAndOthersForTen() {
        #expect(CellMeasurement.batchSpan(reloadData: true) == 1_000_000)
        #expect(CellMeasurement.batchSpan(reloadData: false) == 10_000_000)
    }

    @Test func aContenderPastItsBudgetStopsAndTheOthersGoOn() {
        var spec = Self.spec(["heckel", "sleepy"], samples: 6)
        spec.cells[1].budget = 0.05
        let results = SideBySide.run(spec, differs: [Differ(Heckel()), Differ(SleepyAlgorithm(nap: 20_000))])
        #expect(results[0].status == .ok && results[0].cpuNs.count == 6)
        // It stops short of its samples: a timeout with too few to tell its median, otherwise finished
        // at its budget with its interval in the note (load stretches the wall clock, not the work).
        #expect(results[1].cpuNs.count < 6)
        if results[1].cpuNs.count < CellMeasurement.minimumSamples {
            #expect(results[1].status == .timeout && results[1].note.contains("left after the check reached"))
        } else {
            #expect(results[1].status == .ok && results[1].note.hasPrefix("stopped at the budget of 0.05 s"))
        }
    }

    /// With a precision, each contender stops somewhere between the fewest samples and its
    /// samples. Which stops when follows the times measured, so it is left to
    /// SideBySideStopTests, which drives the stop with made-up rounds: this run asserted that a
    /// rival napping 2 ms came out slower than heckel, a comparison of timings.
    @Test func withAPrecisionEachContenderStopsBetweenTheFewestAndItsSamples() {
        let spec = Self.spec(["heckel", "sleepy"], samples: 30, precision: 0.5)
        let results = SideBySide.run(spec, differs: [Differ(Heckel()), Differ(SleepyAlgorithm(nap: 2_000))])
        for result in results {
            #expect(result.status == .ok, "\(result.note)")
            #expect((CellMeasurement.outOfRaceMinimum...30).contains(result.cpuNs.count), "\(result.cpuNs.count)")
            #expect(result.wallNs.count == result.cpuNs.count)
        }
    }

    @Test func theLabelNamesTheContendersAndTheCase() {
        let spec = Self.spec(["heckel", "lis"]), sections = spec.cells[0].sections
        #expect(spec.label == "heckel, lis (mixed n=300 sections=\(sections) seed=1)")
    }
}
