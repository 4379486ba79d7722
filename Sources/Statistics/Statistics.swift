import Foundation

/// Summary statistics of one metric's samples (DESIGN: Harness, Statistics per metric).
public struct Summary: Sendable, Equatable {
    public var n = 0
    public var min = 0.0, p25 = 0.0, median = 0.0, p75 = 0.0, p90 = 0.0, max = 0.0
    public var mean = 0.0, stddev = 0.0, mad = 0.0
    /// 95% confidence interval of the median (order statistics; the range when n < 6).
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

    /// Distribution-free 95% interval of the median (Conover): 1-based ranks
    /// floor(n/2 - 1.96 sqrt(n)/2) and ceil(1 + n/2 + 1.96 sqrt(n)/2).
    static func medianInterval(_ sorted: [Double]) -> (Double, Double) {
        let n = sorted.count
        guard n >= 6 else { return (sorted[0], sorted[n - 1]) }
        let half = 1.959964 * Double(n).squareRoot() / 2
        let low = Int((Double(n) / 2 - half).rounded(.down))
        let high = Int((1 + Double(n) / 2 + half).rounded(.up))
        return (sorted[Swift.max(0, low - 1)], sorted[Swift.min(n - 1, high - 1)])
    }
}
