// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchVerdicts
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchMeasuring
@testable import DiffBenchRunning

/// Which cells a run looks at twice.
@Suite struct CloseCallsTests {
    /// heckel at 100 and lis at `lis` per size, in `scenario`, with tight samples.
    static func cells(_ scenario: Scenario, lis: Double) -> [(CellSpec, CellResult)] {
        [1_000, 10_000, 100_000].flatMap { size in
            [("heckel", 100.0), ("lis", lis)].map { name, time in
                let spec = CellSpec(
                    algorithm: name, cell: SuiteCell(scenario: scenario, size: size), samples: 8,
                    budget: 4)
                var result = CellResult(status: .ok)
                result.checked = true
                result.correct = true
                result.identityPreserved = 1
                result.minimumRelocations = 0
                result.cpuNs = (0..<8).map { time * (1 + Double($0 % 3 - 1) * 0.001) }
                result.wallNs = result.cpuNs
                return (spec, result)
            }
        }
    }

    @Test func theLeaderAndTheCloseAlgorithmOfACloseScenarioAreLookedAtAgain() {
        // insert-one: lis 4% behind, a close call; append: 20% behind, far from the floor.
        let all = Self.cells(.insertOne, lis: 104) + Self.cells(.append, lis: 120)
        let specs = all.map(\.0)
        var results = all.map(\.1)
        func again(excluded: Set<String> = []) -> [Int] {
            CloseCalls.cells(specs, results, meta: RunMetadata(), options: RankingOptions(), excluded: excluded)
        }
        #expect(again() == Array(0..<6))
        #expect(again(excluded: ["lis"]) == [0, 2, 4])
        // With a lis cell unfinished, lis is not ranked there: no gap, no close call, no second look.
        results[1].status = .timeout
        #expect(again().isEmpty)
    }

    @Test func anUnsettledCellInTheRaceIsLookedAtWithARivalOfItsCase() {
        // append: lis 20% behind, far from the floor; no close call.
        var all = Self.cells(.append, lis: 120)
        func again() -> [Int] {
            CloseCalls.cells(all.map(\.0), all.map(\.1), meta: RunMetadata(), options: RankingOptions(), excluded: [])
        }
        #expect(again().isEmpty)
        // The leader's 10k cell slowed down halfway (±20%): looked at with lis, its fastest rival.
        all[2].1.cpuNs = (0..<8).map { 80 + Double($0) * 6 }
        all[2].1.wallNs = all[2].1.cpuNs
        #expect(again() == [2, 3])
        // The same spread in lis's 100k cell: looked at with the leader's cell of that case.
        all[2].1.cpuNs = Self.cells(.append, lis: 120)[2].1.cpuNs
        all[5].1.cpuNs = (0..<8).map { 100 + Double($0) * 6 }
        #expect(again() == [4, 5])
        // Out of the race (1.5x the case's fastest or more), an unsettled cell decides nothing.
        all[5].1.cpuNs = (0..<8).map { 160 + Double($0) * 10 }
        #expect(again().isEmpty)
    }
}
