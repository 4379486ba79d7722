// SPDX-License-Identifier: Apache-2.0
/// The nearest known name to a mistyped one, for errors that say "did you mean".
package enum Suggestion {
    /// ` (did you mean "run"?)` when one of `known` is within a small edit distance of `name`
    /// (one edit for names of up to four characters, two up to eight, three beyond: a swapped
    /// pair counts as one), the nearest first; empty otherwise.
    ///
    /// - Complexity: O(*k* · *n* · *m*) for *k* known names of about *m* characters and a name of *n*.
    package static func didYouMean(_ name: String, among known: [String]) -> String {
        let limit = name.count <= 4 ? 1 : name.count <= 8 ? 2 : 3
        let scored = known.map { ($0, distance(name.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return "" }
        return " (did you mean \"\(best.0)\"?)"
    }

    /// The optimal string alignment distance of `a` and `b`: insertions, deletions, substitutions
    /// and swaps of two neighbours, one each.
    ///
    /// - Complexity: O(*n* · *m*).
    package static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        // Invariant: d[i][j] is the distance of the first i characters of x and the first j of y.
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
