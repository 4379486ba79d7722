// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchCorpus
@testable import DiffBenchMeasuring

/// When a contender timed side by side stops, driven with made-up rounds: the ratio the verdicts
/// read is what has to be known, not a median that the machine's drift widens.
struct SideBySideStopTests {
    static let cell: CellSpec = {
        var cell = CellSpec(
            algorithm: "heckel", cell: SuiteCell(scenario: .mixed, size: 300), samples: 20,
            budget: 5)
        cell.precision = 0.01
        return cell
    }()

    /// Rounds that drift 1.5x (as this machine kind's speed does), the same for every contender.
    static func drifting(_ rounds: Int, times factor: Double, jitter: [Double] = []) -> [Double] {
        (0..<rounds).map { i in
            let base = i < rounds / 2 ? 60.0 : 40.0
            return base * factor * (jitter.isEmpty ? 1 : jitter[i % jitter.count])
        }
    }

    /// After `rounds` rounds of `samples`, which contenders are done.
    static func done(
        _ samples: [[Double]], rivals: [Int]? = nil, precise: Bool = false,
        cell: CellSpec = cell
    ) -> [Bool] {
        let rivals = rivals ?? Array(samples.indices)
        return samples.indices.map { k in
            SideBySideStop.isDone(
                k, samples: samples, rivals: rivals, isRival: rivals.contains(k), reloadData: false,
                active: samples.map { _ in true }, cell: cell, tieFloor: 1.05, precise: precise)
        }
    }

    @Test func aTieKnownWithinThePrecisionStopsBothAtTheEighthRoundThoughTheMediansDrift() {
        let leader = Self.drifting(8, times: 1), rival = Self.drifting(8, times: 1.002)
        #expect(Self.done([leader, rival]) == [true, true])
        #expect(
            Self.done([Array(leader.prefix(7)), Array(rival.prefix(7))]) == [false, false],
            "fewer than 8 rounds decide nothing in the race")
    }

    @Test func aRivalThatIsNeitherTiedNorSlowerKeepsBothSampling() {
        // Ratios 1.01-1.08 per round: the interval straddles the tie floor.
        let jitter = [1.01, 1.08, 1.03, 1.06, 1.02, 1.07, 1.04, 1.05, 1.01, 1.08]
        let leader = Self.drifting(10, times: 1), rival = Self.drifting(10, times: 1, jitter: jitter)
        #expect(Self.done([leader, rival]) == [false, false])
    }

    @Test func aTieStopsOnceDecidedAndASlowerRivalWaitsForThePrecision() {
        // Tied (all below 1.05) but spread 0.99-1.04: the tie is decided, its precision is not asked.
        let tied = [0.99, 1.03, 0.99, 1.04, 0.99, 1.03, 0.99, 1.04]
        let leader = Self.drifting(8, times: 1)
        #expect(Self.done([leader, Self.drifting(8, times: 1, jitter: tied)]) == [true, true])
        // Slower (all of 1.06-1.11): decided, but known to ±2.5% where the precision asks ±1%.
        let slower = [1.06, 1.11, 1.06, 1.10, 1.07, 1.11, 1.06, 1.10]
        #expect(Self.done([leader, Self.drifting(8, times: 1, jitter: slower)]) == [true, false])
        let steady = [1.08, 1.085, 1.08, 1.085, 1.08, 1.085, 1.08, 1.085]
        #expect(Self.done([leader, Self.drifting(8, times: 1, jitter: steady)]) == [true, true])
    }

    @Test func aRivalOutOfTheRaceStopsAfterSixRounds() {
        let leader = Self.drifting(6, times: 1), rival = Self.drifting(6, times: 2)
        #expect(Self.done([leader, rival]) == [false, true])
        #expect(Self.done([Array(leader.prefix(5)), Array(rival.prefix(5))]) == [false, false])
    }

    @Test func withoutAPrecisionOnlyTheSamplesEndIt() {
        var cell = Self.cell
        cell.precision = nil
        let leader = Self.drifting(19, times: 1), rival = Self.drifting(19, times: 2)
        #expect(Self.done([leader, rival], cell: cell) == [false, false])
        #expect(Self.done([leader + [40], rival + [80]], cell: cell) == [true, true])
    }

    @Test func aContenderWithNoRivalWaitsForItsOwnMedian() {
        let alone = Self.drifting(8, times: 1)
        #expect(Self.done([alone]) == [false])
        #expect(Self.done([alone], precise: true) == [true])
    }

    @Test func theBaselineStopsAfterSixRounds() {
        let leader = Self.drifting(6, times: 100), baseline = Self.drifting(6, times: 1)
        #expect(Self.done([leader, baseline], rivals: [0]) == [false, true])
    }
}
