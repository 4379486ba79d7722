// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The two-sided Mann-Whitney U test: exact for small samples without ties, the normal
/// approximation with tie and continuity correction otherwise.
package enum MannWhitney {
    /// The U statistic of `a` against `b` and the two-sided p-value.
    ///
    /// - Complexity: O((*n* + *m*) log(*n* + *m*)), plus O(*n* *m* (*n* + *m*)) for the exact
    ///   distribution when both samples have at most 25 values.
    package static func test(_ a: [Double], _ b: [Double]) -> (u: Double, p: Double) {
        let n1 = a.count, n2 = b.count
        guard n1 > 0 && n2 > 0 else { return (0, 1) }
        var pooled = a.map { ($0, 0) } + b.map { ($0, 1) }
        pooled.sort { $0.0 < $1.0 }
        var ranks = [Double](repeating: 0, count: pooled.count)
        var tieTerm = 0.0, hasTies = false
        var i = 0
        while i < pooled.count {
            var j = i
            while j + 1 < pooled.count && pooled[j + 1].0 == pooled[i].0 { j += 1 }
            let rank = Double(i + j + 2) / 2
            for k in i...j { ranks[k] = rank }
            let t = Double(j - i + 1)
            if t > 1 { hasTies = true; tieTerm += t * t * t - t }
            i = j + 1
        }
        let r1 = zip(pooled, ranks).filter { $0.0.1 == 0 }.reduce(0) { $0 + $1.1 }
        let u1 = r1 - Double(n1 * (n1 + 1)) / 2
        let u = min(u1, Double(n1 * n2) - u1)
        if !hasTies && n1 <= 25 && n2 <= 25 {
            return (u, min(1, 2 * exactLowerTail(Int(u.rounded()), n1, n2)))
        }
        let n = Double(n1 + n2)
        let meanU = Double(n1 * n2) / 2
        let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return (u, 1) }
        let z = (abs(u1 - meanU) - 0.5) / variance.squareRoot()
        return (u, min(1, erfc(max(0, z) / 2.0.squareRoot())))
    }

    /// P(U <= u) under the null hypothesis, by counting rank arrangements.
    static func exactLowerTail(_ u: Int, _ n1: Int, _ n2: Int) -> Double {
        // counts[i][j][s]: arrangements of i values of a and j of b with U = s, built row by row.
        let maxU = n1 * n2
        var previous = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
        for j in 0...n2 { previous[j][0] = 1 }
        for i in 1...n1 {
            var current = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
            current[0][0] = 1
            for j in 1...n2 {
                for s in 0...(i * j) {
                    // The largest value belongs to a (it beats all j values of b) or to b.
                    current[j][s] = (s >= j ? previous[j][s - j] : 0) + current[j - 1][s]
                }
            }
            previous = current
        }
        let counts = previous[n2]
        let total = counts.reduce(0, +)
        return counts[0...min(u, maxU)].reduce(0, +) / total
    }
}
