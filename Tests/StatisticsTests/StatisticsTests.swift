import Testing
@testable import Statistics

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

    @Test func medianIntervalUsesOrderStatistics() {
        // n = 20: ranks 5 and 16 (Conover's table).
        let s = Summary((1...20).map(Double.init))
        #expect(s.ciLow == 5 && s.ciHigh == 16)
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
