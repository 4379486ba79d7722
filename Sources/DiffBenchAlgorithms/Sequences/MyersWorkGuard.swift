// SPDX-License-Identifier: Apache-2.0
/// Refuses, before the search, a Myers diff that would run for more than seconds: a 2,000,000-section
/// reversal is trillions of steps.
///
/// Myers' search visits 2*d* + 1 diagonals at each depth *d* up to the edit distance *D* (the
/// linear-space variant meets in the middle: about *D*² / 2 visits), each following its snake;
/// so its work lies between *D*² and (*n* + *m*) *D*. The guard refuses when either passes its
/// limit, summed over the pairs of one diff: *D*² for reversals and shuffles, where the two meet,
/// and (*n* + *m*) *D* for long sequences with scattered edits, where the search re-reads long
/// snakes (a flat 5,000,000-item `mixed` case took 570 s with *D*² under 10^11).
///
/// *D* comes from a lower bound: *n* + *m* minus twice an upper bound of the longest common
/// subsequence (LCS), which the guard computes exactly, repeated symbols included, as the longest
/// increasing subsequence of the matching pairs (Hunt and Szymanski, 1977): for each symbol of the
/// second sequence, the positions of the same symbol in the first, last first, in one patience
/// sort; O((*n* + *m* + *r*) log *n*) for *r* matching pairs. A pair whose *r* is above
/// ``pairLimit(_:)`` (few distinct symbols, each repeated thousands of times) is bounded by its
/// multiset instead: the LCS keeps at most min(count in *a*, count in *b*) of each symbol.
///
/// Measured here (`bench diff` on one section, `/usr/bin/time`): a reversal of 20,000 items over
/// 450 repeated identities (*D* near 40,000) takes Myers 0.61 s and the standard library 5.9 s;
/// the full suite's 1,000,000-item `differencekit` case (*D* near 80,000, 2 x 10^6 elements)
/// takes Myers 5.5 s. A pair is estimated only when its worst case, (*n* + *m*)², added to the
/// sums so far could cross a limit: the 100k-item cells of the default suite are never estimated,
/// so they pay nothing. Pairs of under ``threshold`` symbols are not estimated either.
@usableFromInline
struct MyersWorkGuard {
    /// The two limits of one search: on the sum of *D*² and on the sum of (*n* + *m*) *D*.
    @usableFromInline
    struct Limits: Sendable {
        /// *D*², summed over the pairs.
        @usableFromInline let squared: Double
        /// (*n* + *m*) *D*, summed over the pairs.
        @usableFromInline let spread: Double

        @inlinable
        init(squared: Double, spread: Double) {
            self.squared = squared
            self.spread = spread
        }
    }

    /// Symbols (both sides) below which a pair is not estimated.
    @usableFromInline static let threshold = 20_000
    /// Myers' limits: about ten seconds of a reversal's search (*D*²), and the (*n* + *m*) *D* it
    /// has refused since 2026-11 (one to two minutes on long sequences). The full suite's largest
    /// cell, `differencekit` at 1,000,000 items, is 6.4 x 10^9 and 1.6 x 10^11.
    @usableFromInline static let limit = Limits(squared: 2.5e10, spread: 3e11)
    /// The standard library's: its search does about a tenth of Myers' steps per second.
    @usableFromInline static let stdlibLimit = Limits(squared: 2.5e9, spread: 2e10)

    /// The limits this guard applies (``limit`` unless a test sets smaller ones).
    @usableFromInline let maximum: Limits
    /// Whose search the refusal names (`Myers' search`, `the standard library's search`).
    @usableFromInline let search: String
    /// The sum of *D*² over the pairs estimated so far.
    @usableFromInline var steps = 0.0
    /// The sum of (*n* + *m*) *D* over the pairs estimated so far.
    @usableFromInline var spread = 0.0
    /// Why the diff is refused, once it is.
    @usableFromInline var refusal: String?

    @inlinable
    init(limit: Limits = MyersWorkGuard.limit, search: String = "Myers' search") {
        maximum = limit
        self.search = search
    }

    /// Matching pairs above which a pair's LCS is bounded by its multiset instead of computed:
    /// 32 per element, and at least 2^25 (under a second).
    ///
    /// - Complexity: O(1).
    @inlinable
    static func pairLimit(_ size: Int) -> Int { max(32 * size, 1 << 25) }

    /// Adds the estimate of one pair of sequences; whether to search it. Symbols are dense
    /// identity symbols; a negative one matches nothing (an element on one side only).
    ///
    /// - Complexity: O((*n* + *m* + *r*) log *n*) for pairs at or above ``threshold`` whose
    ///   worst case could cross the limit, *r* their matching pairs (bounded by
    ///   ``pairLimit(_:)``); else O(1).
    @inlinable
    mutating func admit<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == Int, B.Element == Int {
        let size = a.count + b.count, worst = Double(size) * Double(size)
        guard size >= Self.threshold,
            steps + worst > maximum.squared || spread + worst > maximum.spread
        else { return true }
        let common = Self.commonBound(Array(a), Array(b))
        let edits = Double(size - 2 * common.length)
        steps += edits * edits
        spread += Double(size) * edits
        guard steps > maximum.squared || spread > maximum.spread else { return true }
        let figure = steps > maximum.squared ? steps : spread
        refusal =
            "about \(Int(figure / 1e9)) billion steps of \(search) (at least \(Int(edits)) edits in one "
            + "sequence of \(size) elements\(common.exact ? "" : ", bounded by its counts of repeated identities"))"
            + "; use heckel or lis, which are linear"
        return false
    }

    /// An upper bound of the length of a longest common subsequence of `a` and `b`: exact unless
    /// the pair has more than ``pairLimit(_:)`` matching pairs, then the multiset bound.
    ///
    /// - Complexity: O((*n* + *m* + *r*) log *n* + *s*) for *r* matching pairs and *s* the
    ///   largest symbol.
    @inlinable
    static func commonBound(_ a: [Int], _ b: [Int]) -> (length: Int, exact: Bool) {
        var top = -1
        for s in a where s > top { top = s }
        guard top >= 0 else { return (0, true) }
        // start[s] ..< start[s + 1]: where symbol s occurs in `a`, in order.
        var start = [Int](repeating: 0, count: top + 2)
        for s in a where s >= 0 { start[s + 1] += 1 }
        var pairs = 0, multiset = 0
        var usedInB = [Int](repeating: 0, count: top + 1)
        for s in b where s >= 0 && s <= top {
            let inA = start[s + 1]
            pairs += inA
            if usedInB[s] < inA { multiset += 1 }
            usedInB[s] += 1
        }
        guard pairs <= pairLimit(a.count + b.count) else { return (multiset, false) }
        for s in 0...top { start[s + 1] += start[s] }
        var positions = [Int](repeating: 0, count: a.count)
        var fill = start
        for (i, s) in a.enumerated() where s >= 0 {
            positions[fill[s]] = i
            fill[s] += 1
        }
        // Patience sorting over the matching pairs. Invariant: tails[k] is the smallest position
        // in `a` that ends a common subsequence of length k + 1 of `a` and the part of `b` read so
        // far. An element of `b` offers its positions last first, so it extends a run at most once.
        var tails: [Int] = []
        tails.reserveCapacity(min(a.count, b.count))
        for s in b where s >= 0 && s <= top {
            var k = start[s + 1]
            while k > start[s] {
                k -= 1
                let p = positions[k]
                var lo = 0, hi = tails.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if tails[mid] < p { lo = mid + 1 } else { hi = mid }
                }
                if lo == tails.count { tails.append(p) } else { tails[lo] = p }
            }
        }
        return (tails.count, true)
    }
}
