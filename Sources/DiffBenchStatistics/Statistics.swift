// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Summary statistics of one metric's samples (DESIGN: Harness, Statistics per metric).
public struct Summary: Sendable, Equatable {
    public var n = 0
    public var min = 0.0, p25 = 0.0, median = 0.0, p75 = 0.0, p90 = 0.0, max = 0.0
    public var mean = 0.0, stddev = 0.0, mad = 0.0
    /// 95% confidence interval of the median (exact order statistics, ``medianInterval(_:confidence:)``;
    /// the range when n < 6).
    public var ciLow = 0.0, ciHigh = 0.0
    /// Samples beyond 3 x IQR from the quartiles (Tukey's far-out rule): counted, never dropped.
    public var outliers = 0

    public init() {}

    /// Summarizes `samples`.
    ///
    /// - Complexity: O(*n* log *n*).
    public init(_ samples: [Double]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        n = sorted.count
        min = sorted[0]
        max = sorted[n - 1]
        p25 = Summary.percentile(sorted, 0.25)
        median = Summary.percentile(sorted, 0.5)
        p75 = Summary.percentile(sorted, 0.75)
        p90 = Summary.percentile(sorted, 0.90)
        mean = sorted.reduce(0, +) / Double(n)
        stddev = n > 1 ? (sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)).squareRoot() : 0
        mad = Summary.percentile(sorted.map { abs($0 - median) }.sorted(), 0.5)
        let iqr = p75 - p25
        outliers = sorted.filter { $0 < p25 - 3 * iqr || $0 > p75 + 3 * iqr }.count
        (ciLow, ciHigh) = Summary.medianInterval(sorted)
    }

    /// Linear interpolation between closest ranks (R's type 7, NumPy's default).
    public static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    /// The distribution-free interval of the median of `sorted` at `confidence` or more: the
    /// order statistics *k* and *n* + 1 - *k* for the largest *k* with
    /// 2 P(Binomial(*n*, 1/2) < *k*) <= 1 - `confidence`, whose coverage is exactly
    /// 1 - 2 P(Binomial(*n*, 1/2) < *k*). No narrower pair of order statistics reaches the
    /// confidence. When *n* is too small for any pair to reach it (under 6 values at 95%, 8 at
    /// 99%), the whole range (coverage 1 - 2^(1-*n*)).
    ///
    /// Exact, not Conover's normal approximation (ranks n/2 -+ 1.96 sqrt(n)/2), which rounds
    /// outward: it gave the whole range up to 10 values where the second-smallest and
    /// second-largest already cover 96.1% (9 values) or 97.9% (10), and ranks 5 and 16 of 20
    /// where 6 and 15 cover 95.9%.
    ///
    /// - Complexity: O(*n*).
    public static func medianInterval(_ sorted: [Double], confidence: Double = 0.95) -> (Double, Double) {
        let n = sorted.count
        guard n > 0 else { return (0, 0) }
        let tail = (1 - confidence) / 2
        // X ~ Binomial(n, 1/2). Once the loop has added the term for k - 1, below = P(X < k); rank
        // k + 1 is taken while P(X < k + 1) stays within the tail. Each term comes from its
        // logarithm, so that 2^-n does not underflow for large n.
        let logHalf = Double(n) * Foundation.log(0.5)
        func logChoose(_ k: Int) -> Double {
            lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
        }
        // Invariant: ranks k and n + 1 - k cover at least `confidence` (or k == 1, the range).
        var k = 1, below = 0.0
        while k < (n + 1) / 2 {
            below += exp(logChoose(k - 1) + logHalf)
            guard below + exp(logChoose(k) + logHalf) <= tail else { break }
            k += 1
        }
        return (sorted[k - 1], sorted[n - k])
    }
}
