// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchCorpus
import DiffBenchPlatform
import DiffBenchModel
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring

/// When sampling may stop early (`bench run --precision`), and against which rival.
@Suite struct AdaptiveSamplingTests {
    /// A result with `count` samples evenly spread over ± `spread` (a share) around `center`.
    static func result(_ count: Int, around center: Double, spread: Double) -> CellResult {
        var result = CellResult(status: .ok)
        result.cpuNs = (0..<count).map { center * (1 + spread * (2 * Double($0) / Double(max(count - 1, 1)) - 1)) }
        result.wallNs = result.cpuNs
        return result
    }

    @Test func aTightCellStopsAfterEightSamplesAndNotBefore() {
        let tight = Self.result(8, around: 100, spread: 0.005)
        #expect(CellMeasurement.isPrecise(tight, within: 0.01))
        #expect(!CellMeasurement.isPrecise(Self.result(7, around: 100, spread: 0.005), within: 0.01))
        #expect(!CellMeasurement.isPrecise(tight, within: 0))
        // The interval of eight samples is their whole range: ±2% is not within ±1%.
        #expect(!CellMeasurement.isPrecise(Self.result(8, around: 100, spread: 0.02), within: 0.01))
    }

    @Test func fromNineSamplesOneStraySampleEachSideDoesNotKeepSamplingGoing() {
        // Nine samples: the exact 95% interval is the 2nd to the 8th (96.1%), so one slow and
        // one fast batch outside ±1% no longer decide; two slow ones still do.
        var result = Self.result(9, around: 100, spread: 0.004)
        result.cpuNs[0] = 90; result.cpuNs[8] = 110
        result.wallNs = result.cpuNs
        #expect(CellMeasurement.isPrecise(result, within: 0.01))
        result.cpuNs[7] = 110
        result.wallNs = result.cpuNs
        #expect(!CellMeasurement.isPrecise(result, within: 0.01))
    }

    @Test func noisyWallTimeKeepsSamplingGoing() {
        var result = Self.result(12, around: 100, spread: 0.002)
        result.wallNs = Self.result(12, around: 100, spread: 0.2).wallNs
        #expect(!CellMeasurement.isPrecise(result, within: 0.01))
    }

    @Test func aCellOutOfTheRaceStopsAtThreeTimesThePrecisionAfterSix() {
        let loose = Self.result(6, around: 300, spread: 0.025)
        #expect(!CellMeasurement.isPrecise(loose, within: 0.01))
        #expect(CellMeasurement.isPrecise(loose, within: 0.01, fastest: 100))
        // Within 1.5x of the fastest it is still in the race: eight samples and ±1%.
        #expect(!CellMeasurement.isPrecise(loose, within: 0.01, fastest: 250))
        #expect(!CellMeasurement.isPrecise(Self.result(5, around: 300, spread: 0.001), within: 0.01, fastest: 100))
    }

    @Test func aCellWhoseWholeIntervalIsOutOfTheRaceStopsAfterSixWhateverItsSpread() {
        // 100x the fastest, ±30%: no verdict reads its precision.
        let far = Self.result(6, around: 10_000, spread: 0.3)
        #expect(CellMeasurement.isPrecise(far, within: 0.01, fastest: 100))
        #expect(!CellMeasurement.isPrecise(Self.result(5, around: 10_000, spread: 0.3), within: 0.01, fastest: 100))
        // Median 2x, but the interval reaches down to 1.4x: still ±3% asked.
        #expect(!CellMeasurement.isPrecise(Self.result(6, around: 200, spread: 0.3), within: 0.01, fastest: 100))
    }

    @Test func theBaselineStopsAtTheFewestSamplesOthersAtTheirPrecision() {
        func spec(_ algorithm: String, precision: Double? = 0.01) -> CellSpec {
            var spec = CellSpec(
                algorithm: algorithm, cell: SuiteCell(scenario: .mixed, size: 1_000), samples: 20,
                budget: 4)
            spec.precision = precision
            return spec
        }
        let wide = Self.result(6, around: 10, spread: 0.1), five = Self.result(5, around: 10, spread: 0.001)
        // A cell whose differ answered reloadData, whatever its name, stops at the fewest samples.
        #expect(CellMeasurement.isEnough(wide, spec("floor"), reloadData: true))
        #expect(!CellMeasurement.isEnough(five, spec("floor"), reloadData: true))
        #expect(!CellMeasurement.isEnough(wide, spec("floor", precision: nil), reloadData: true))
        #expect(!CellMeasurement.isEnough(wide, spec("reload"), reloadData: false))
        #expect(CellMeasurement.isEnough(Self.result(8, around: 100, spread: 0.001), spec("heckel"), reloadData: false))
    }

    @Test func aBaselineIsTimedInBatchesATenthAsLong() {
        let call = PreparedDiff<Int, Int>(run: { 0 }, convert: { _ in .reloadData })
        var spec = CellSpec(algorithm: "reload", cell: SuiteCell(scenario: .mixed, size: 1_000), samples: 6, budget: 4)
        spec.precision = 0.01
        func batch(reloadData: Bool) -> Int {
            var result = CellResult(status: .ok)
            CellMeasurement.takeSamples(
                call, perDiff: 1_000, spec,
                CellBudget(
                    start: Clock.monotonicNanoseconds(),
                    budget: 4), failure: "", reloadData: reloadData, into: &result)
            #expect(result.cpuNs.count == 6 || !reloadData)
            return result.batch
        }
        // A 1 µs diff: 1,000 per 1 ms batch for a baseline, 10,000 per 10 ms batch otherwise.
        #expect(batch(reloadData: true) == 1_000 && batch(reloadData: false) == 10_000)
    }

    @Test func theWarmUpCountsWhatRanBeforeItAndEveryDiffItRuns() {
        final class Calls { var count = 0 }
        let calls = Calls()
        let call = PreparedDiff<Int, Int>(
            run: {
                calls.count += 1; return calls.count
            }, convert: { _ in .reloadData })
        let clock = CellBudget(start: Clock.monotonicNanoseconds(), budget: 60)
        var perDiff = 1_000.0
        // A slow cell's first diff and allocation passes that reached the span: no more warm-up.
        #expect(CellMeasurement.warmUp(call, perDiff: &perDiff, span: 1_000_000, warmed: 1_000_000, clock) == 0)
        #expect(calls.count == 0 && perDiff == 1_000)
        // Otherwise every diff run in its chunks is counted, and the estimate is refined from them.
        let ran = CellMeasurement.warmUp(call, perDiff: &perDiff, span: 1_000_000, warmed: 0, clock)
        #expect(ran > 0 && ran == calls.count && ran <= CellMeasurement.warmUpDiffs)
        #expect(perDiff < 1_000)
    }

    /// Load is never a failure: a cell with enough samples to tell its median is finished when the
    /// wall-clock budget ends, its interval in the note; one with too few samples is still a timeout.
    @Test func aCellWithEnoughSamplesIsFinishedAtTheBudget() throws {
        let spec = CellSpec(algorithm: "myers", cell: SuiteCell(scenario: .mixed, size: 1_000), samples: 20, budget: 4)
        var tight = CellResult(status: .ok)
        tight.cpuNs = (0..<14).map { 1_000 + Double($0 % 3) }
        tight.wallNs = tight.cpuNs.map { $0 * 3 }
        let note = CellMeasurement.finishedAtBudget(tight, spec, taken: 14)
        #expect(note?.hasPrefix("stopped at the budget of 4 s after 14 of 20 samples, its median known to ±") == true)
        var few = tight
        few.cpuNs = [1_000, 1_001]
        #expect(CellMeasurement.finishedAtBudget(few, spec, taken: 2) == nil)
        var scattered = tight
        scattered.cpuNs = (0..<14).map { $0 % 2 == 0 ? 1_000 : 3_000 }
        let wide = try #require(CellMeasurement.finishedAtBudget(scattered, spec, taken: 14))
        #expect(!wide.hasSuffix("±0.0%") && wide != note)
        var wrong = tight
        wrong.status = .wrong
        #expect(CellMeasurement.finishedAtBudget(wrong, spec, taken: 14) == nil)
    }

    @Test func onlyACellFarOutOfTheRaceInARunThatStopsEarlyWarmsUpBriefly() {
        func spec(precision: Double?, fastest: Double?) -> CellSpec {
            var spec = CellSpec(
                algorithm: "myers", cell: SuiteCell(scenario: .mixed, size: 1_000), samples: 20,
                budget: 4)
            spec.precision = precision
            spec.fastestSoFarNs = fastest
            return spec
        }
        let short = CellMeasurement.outOfRaceWarmUpSpan, full = CellMeasurement.warmUpSpan
        #expect(short < full)
        #expect(CellMeasurement.warmUpSpan(spec(precision: 0.01, fastest: 100), perDiff: 200) == short)
        // Out of the race (1.5x) but not far: its first diffs may have run slow in a fresh process.
        #expect(CellMeasurement.warmUpSpan(spec(precision: 0.01, fastest: 100), perDiff: 199) == full)
        // No rival yet, or a run that takes every sample (rounds, a partner): the full warm-up.
        #expect(CellMeasurement.warmUpSpan(spec(precision: 0.01, fastest: nil), perDiff: 1e9) == full)
        #expect(CellMeasurement.warmUpSpan(spec(precision: nil, fastest: 100), perDiff: 1e9) == full)
        #expect(CellMeasurement.warmUpSpan(spec(precision: 0, fastest: 100), perDiff: 1e9) == full)
    }

    @Test func theRivalIsTheFastestCorrectAnimatingCellOfTheSameCase() {
        func spec(_ algorithm: String, size: Int = 1_000) -> CellSpec {
            CellSpec(algorithm: algorithm, cell: SuiteCell(scenario: .mixed, size: size), samples: 20, budget: 4)
        }
        func done(_ median: Double, identity: Double = 1, correct: Bool = true) -> CellResult {
            var result = Self.result(10, around: median, spread: 0.001)
            result.correct = correct
            result.identityPreserved = identity
            return result
        }
        let specs = [
            spec("reload"), spec("flat"), spec("wrong"), spec("slow"), spec("fast"), spec("other", size: 9),
            spec("next")
        ]
        let results: [CellResult?] = [
            done(1, identity: 0), done(2, identity: 0), done(3, correct: false), done(50),
            done(40), done(4), nil
        ]
        #expect(SuiteRun.fastest(before: 6, specs, results) == 40)
        #expect(SuiteRun.fastest(before: 3, specs, Array(results.prefix(3)) + [nil, nil, nil, nil]) == nil)
    }
}
