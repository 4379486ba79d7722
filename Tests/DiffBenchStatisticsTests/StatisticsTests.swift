// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import DiffBenchStatistics

@Suite struct StatisticsTests {
    @Test func summaryOfKnownData() {
        let s = Summary((1...10).map(Double.init))
        #expect(s.n == 10 && s.min == 1 && s.max == 10)
        #expect(s.median == 5.5)
        #expect(abs(s.p25 - 3.25) < 1e-12 && abs(s.p75 - 7.75) < 1e-12 && abs(s.p90 - 9.1) < 1e-12)
        #expect(s.mean == 5.5)
        #expect(abs(s.stddev - 3.0276503540974917) < 1e-12)
        #expect(Summary([1, 1, 2, 2, 4, 6, 9]).mad == 1)
        #expect(Summary([1, 2, 3, 4, 5, 6, 7, 8, 9, 1000]).outliers == 1)
        #expect(Summary([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).outliers == 0)
    }

    @Test func medianIntervalUsesExactOrderStatistics() {
        // Ranks k and n + 1 - k of 1...n are the values k and n + 1 - k.
        func ranks(_ n: Int, _ confidence: Double = 0.95) -> (Double, Double) {
            Summary.medianInterval((1...n).map(Double.init), confidence: confidence)
        }
        // Too few values for any pair: the range (5 values cover 93.75%).
        #expect(ranks(5) == (1, 5) && ranks(8) == (1, 8))
        // 9 values: ranks 2 and 8 cover 1 - 2 * 10/512 = 96.1%; 10: 2 and 9 cover 97.9%.
        #expect(ranks(9) == (2, 8) && ranks(10) == (2, 9))
        // 12: 3 and 10 (96.1%); 20: 6 and 15 (95.9%), where Conover's approximation said 5 and 16.
        #expect(ranks(12) == (3, 10) && ranks(20) == (6, 15))
        #expect(Summary((1...20).map(Double.init)).ciLow == 6)
        // 99%: 8 values give the range (99.2%), 20 give ranks 4 and 17 (99.7%; 5 and 16: 98.8%).
        #expect(ranks(8, 0.99) == (1, 8) && ranks(20, 0.99) == (4, 17))
    }

    @Test func medianIntervalIsTheNarrowestThatCovers() {
        // Against the binomial distribution summed exactly (integers up to n = 60), the interval
        // covers 95% or more and one rank further in would not.
        func coverage(_ n: Int, _ k: Int) -> Double {
            var choose: [Double] = [1]
            for i in 1...n { choose.append(choose[i - 1] * Double(n - i + 1) / Double(i)) }
            let below = choose[0..<k].reduce(0, +) / Foundation.pow(2, Double(n))
            return 1 - 2 * below  // ranks k and n + 1 - k miss the median when fewer than k lie below it
        }
        for n in 6...60 {
            let (low, high) = Summary.medianInterval((1...n).map(Double.init))
            let k = Int(low)
            #expect(Int(high) == n + 1 - k)
            #expect(coverage(n, k) >= 0.95)
            #expect(k + 1 > (n + 1) / 2 || coverage(n, k + 1) < 0.95)
        }
        // Large samples: no overflow, and ranks near n/2 -+ 1.96 sqrt(n)/2.
        let (low, high) = Summary.medianInterval((1...10_000).map(Double.init))
        #expect(abs(low - 4_902) <= 2 && abs(high - 5_099) <= 2)
    }

    @Test func mannWhitneyExactForSmallSamples() {
        // Complete separation: P = 2 / C(n1 + n2, n1).
        #expect(abs(MannWhitney.test([1, 2, 3], [4, 5, 6]).p - 0.1) < 1e-12)
        #expect(abs(MannWhitney.test([1, 2, 3, 4], [5, 6, 7, 8, 9]).p - 2.0 / 126) < 1e-12)
        #expect(MannWhitney.test([1, 2, 3, 4], [5, 6, 7, 8, 9]).u == 0)
        // U = 1 for n1 = n2 = 4: P(U <= 1) = 2/70, two-sided 4/70.
        #expect(abs(MannWhitney.test([1, 2, 3, 5], [4, 6, 7, 8]).p - 4.0 / 70) < 1e-12)
        #expect(MannWhitney.test([1, 3, 5, 7], [2, 4, 6, 8]).p > 0.5)
    }

    @Test func mannWhitneyNormalApproximation() {
        // n1 = n2 = 30, complete separation: z = (450 - 0.5) / sqrt(30 * 30 * 61 / 12) = 6.6455,
        // two-sided p = erfc(z / sqrt 2) = 3.02e-11.
        let p = MannWhitney.test((1...30).map(Double.init), (31...60).map(Double.init)).p
        #expect(p > 2.9e-11 && p < 3.2e-11)
        // Ties use the tie-corrected variance; identical samples give p = 1.
        #expect(MannWhitney.test([Double](repeating: 5, count: 40), [Double](repeating: 5, count: 40)).p == 1)
    }
}

/// Per-round ratios of two series timed side by side.
struct PairedRatioTests {
    @Test func ratiosPairRoundByRoundOverTheShorterSeries() throws {
        // A slow phase (rounds 3-5) slows both series alike: their per-round ratio stays 1.1.
        let base: [Double] = [100, 101, 99, 150, 160, 155, 100, 102]
        let slower = base.map { $0 * 1.1 } + [500]
        let ratio = try #require(PairedRatio.summary(slower, over: base))
        #expect(ratio.n == 8)
        #expect(abs(ratio.median - 1.1) < 1e-9 && abs(ratio.ciLow - 1.1) < 1e-9 && abs(ratio.ciHigh - 1.1) < 1e-9)
        // The medians' own intervals overlap: unpaired, the two could not be told apart.
        #expect(Summary(slower).ciLow < Summary(base).ciHigh)
    }

    @Test func tooFewRoundsOrANonPositiveBaseGiveNothing() {
        #expect(PairedRatio.summary([1, 2, 3], over: [1, 2, 3]) == nil)
        #expect(PairedRatio.summary([1, 1, 1, 1, 1, 1], over: [1, 1, 0, 1, 1, 1]) == nil)
        #expect(PairedRatio.summary([2, 2, 2], over: [1, 1, 1], minimum: 3)?.median == 2)
    }
}
