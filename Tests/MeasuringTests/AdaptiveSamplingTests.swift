import Testing
import Corpus
@testable import Measuring

/// When sampling may stop early (`bench run --precision`), and against which rival.
@Suite struct AdaptiveSamplingTests {
    /// A result with `count` samples evenly spread over ± `spread` (a share) around `center`.
    static func result(_ count: Int, around center: Double, spread: Double) -> CellResult {
        var result = CellResult(status: "ok")
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
        let specs = [spec("reload"), spec("flat"), spec("wrong"), spec("slow"), spec("fast"), spec("other", size: 9),
                     spec("next")]
        let results: [CellResult?] = [done(1), done(2, identity: 0), done(3, correct: false), done(50), done(40),
                                      done(4), nil]
        #expect(SuiteRun.fastest(before: 6, specs, results) == 40)
        #expect(SuiteRun.fastest(before: 3, specs, Array(results.prefix(3)) + [nil, nil, nil, nil]) == nil)
    }
}
