// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchCorpus
@testable import DiffBenchMeasuring

/// A cell whose single diff cannot fit its budget is skipped with the forecast, not started.
struct BudgetForecastTests {
    static func spec(_ size: Int, budget: Double = 4) -> CellSpec {
        CellSpec(
            algorithm: "stdlib", cell: SuiteCell(scenario: .differencekit, size: size), samples: 20,
            budget: budget)
    }

    static func measured(_ ns: Double) -> CellResult {
        var result = CellResult(status: .ok)
        result.cpuNs = [ns, ns, ns]
        return result
    }

    @Test func theThresholdIsTheBudgetUnlessFiveDiffsFitWithTheGrace() {
        #expect(BudgetForecast.threshold(budget: 4) == 4)
        // 0.05 s plus 1.5 s of grace: five diffs of 0.3 s still fit.
        #expect(abs(BudgetForecast.threshold(budget: 0.05) - 0.31) < 1e-9)
    }

    @Test func aForecastPastTheBudgetSkipsTheCell() throws {
        var forecast = BudgetForecast()
        // stdlib differencekit in the default run of 2026-11-29: 2.7 ms warm at 1k, 119 ms at 10k.
        forecast.record(Self.spec(1_000), Self.measured(2_700_000))
        forecast.record(Self.spec(10_000), Self.measured(119_000_000))
        let reason = try #require(forecast.skipReason(Self.spec(100_000)))
        #expect(reason.hasPrefix("predicted past the budget of 4 s"))
        #expect(reason.contains("n^1.64"))
        #expect(forecast.skipReason(Self.spec(100_000, budget: 6)) == nil, "5.2 s fits a budget of 6 s")
    }

    @Test func aForecastWithinTheBudgetRunsAndLinearIsTheLeastGrowth() {
        var forecast = BudgetForecast()
        forecast.record(Self.spec(1_000), Self.measured(20_000_000))
        forecast.record(Self.spec(10_000), Self.measured(30_000_000))
        // Growth below linear counts as linear: 300 ms at 100k.
        #expect(forecast.skipReason(Self.spec(100_000)) == nil)
        #expect(forecast.skipReason(Self.spec(1_000_000)) == nil, "3 s per diff fits 4 s")
        #expect(forecast.skipReason(Self.spec(10_000_000)) != nil)
    }

    @Test func aSmallerSizeThatRanOutOfItsBudgetSkipsTheLargerOnes() {
        var forecast = BudgetForecast()
        forecast.record(Self.spec(1_000), CellResult(status: .timeout))
        #expect(forecast.skipReason(Self.spec(10_000))?.contains("size 1000 already ran out of it") == true)
        #expect(forecast.skipReason(Self.spec(1_000)) == nil, "only larger sizes are forecast")
    }
}
