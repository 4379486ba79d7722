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
/// ``pairLimit(_:)`` (few distinct symbols, each repeated thousands of times) sets its most
/// repeated symbols apart and bounds their part in order too, by the bit-parallel LCS
/// (``commonBound(_:_:)``); only past ``bitParallelLimit`` word steps is that part bounded by its
/// multiset (at most min(count in *a*, count in *b*) of each symbol). Bounded by the multiset
/// alone, a reversal of 100,000 elements over 10 identities had *D* = 0 and ran for minutes.
///
/// Measured here (`bench diff` on one section, `/usr/bin/time`): a reversal of 20,000 items over
/// 450 repeated identities (*D* near 40,000) takes Myers 0.61 s and the standard library 5.9 s;
/// the full suite's 1,000,000-item `differencekit` case (*D* near 80,000, 2 x 10^6 elements)
/// takes Myers 5.5 s. 100,000 items over 10 identities against their reversal (*D* = 160,002) are
/// refused in 0.19 s of CPU by Myers and 0.23 s by the standard library (before, both searched
/// until `--timeout 20` stopped them); the same list against its 10 identities in blocks, in
/// 0.20-0.22 s. A pair is estimated only when its worst case, (*n* + *m*)², added to the
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
    ///   ``pairLimit(_:)``), plus at most ``bitParallelLimit`` word steps; else O(1).
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
            + "sequence of \(size) elements\(common.counted ? ", bounded by its counts of repeated identities" : ""))"
            + "; use heckel or lis, which are linear"
        return false
    }

    /// An upper bound of the length of a longest common subsequence of `a` and `b`, and how it
    /// was found: `exact` when it is the LCS itself, `counted` when part of it is the multiset
    /// bound (see ``heavySplit(_:_:countA:countB:)``).
    ///
    /// Up to ``pairLimit(_:)`` matching pairs, the LCS itself (Hunt and Szymanski). Above it, the
    /// symbols repeated most (the *heavy* ones, each occurring thousands of times on both sides)
    /// are set apart until the rest has at most ``pairLimit(_:)`` pairs, and then as many more as
    /// fit (``heavySplit(_:_:countA:countB:)``: every shared symbol when they all fit); the LCS of
    /// the whole is at most the LCS of the heavy subsequences plus that of the rest (a common
    /// subsequence, restricted to either set of symbols, is common to the two restrictions), and
    /// is that sum when the rest shares no symbol. The rest's is computed as before; the heavy
    /// part's, in order, by the bit-parallel LCS (``bitParallelLength(_:_:symbols:)``) when it
    /// costs at most ``bitParallelLimit`` word steps, else by its counts. 100,000 elements over 10
    /// identities against their reversal: 10^9 pairs, once bounded by counts alone (the whole list,
    /// so *D* = 0 and the search ran for minutes); now 1.6 x 10^8 word steps and the LCS itself.
    ///
    /// - Complexity: O((*n* + *m* + *r*) log *n* + *s*) for *r* ≤ ``pairLimit(_:)`` matching pairs
    ///   and *s* the largest symbol; above the limit, plus O(*s* log *s*) to choose the heavy
    ///   symbols and at most ``bitParallelLimit`` word steps for their LCS.
    @inlinable
    static func commonBound(_ a: [Int], _ b: [Int]) -> (length: Int, exact: Bool, counted: Bool) {
        var top = -1
        for s in a where s > top { top = s }
        guard top >= 0 else { return (0, true, false) }
        var countA = [Int](repeating: 0, count: top + 1), countB = [Int](repeating: 0, count: top + 1)
        for s in a where s >= 0 { countA[s] += 1 }
        var pairs = 0
        for s in b where s >= 0 && s <= top {
            countB[s] += 1
            pairs += countA[s]
        }
        guard pairs > pairLimit(a.count + b.count) else {
            return (huntSzymanski(a, b, top: top, counts: countA), true, false)
        }
        let heavy = heavySplit(pairs, pairLimit(a.count + b.count), countA: countA, countB: countB)
        // The rest: the symbols the two share that are not heavy, exactly (their pairs are
        // within the limit); none when every shared symbol is heavy.
        var restCounts = countA
        for s in 0...top where heavy[s] >= 0 || countB[s] == 0 { restCounts[s] = 0 }
        let shared = { (s: Int) in s >= 0 && s <= top && restCounts[s] > 0 }
        let restA = a.filter(shared), restB = b.filter(shared)
        let rest = restA.isEmpty ? 0 : huntSzymanski(restA, restB, top: top, counts: restCounts)
        // The heavy part, in order when affordable; each heavy symbol renamed to its rank.
        let heavyA = a.compactMap { $0 >= 0 && heavy[$0] >= 0 ? heavy[$0] : nil }
        let heavyB = b.compactMap { $0 >= 0 && $0 <= top && heavy[$0] >= 0 ? heavy[$0] : nil }
        let symbols = heavy.reduce(0) { max($0, $1 + 1) }, words = (heavyB.count + 63) / 64
        if heavyA.count * words <= bitParallelLimit && symbols * words <= bitParallelMasks {
            return (rest + bitParallelLength(heavyA, heavyB, symbols: symbols), restA.isEmpty, false)
        }
        var byCounts = 0
        for s in 0...top where heavy[s] >= 0 { byCounts += min(countA[s], countB[s]) }
        return (rest + byCounts, false, true)
    }

    /// Word steps (64 positions of one sequence against one element of the other) the
    /// bit-parallel LCS may take: about a third of a second here (100,000 against 100,000 is
    /// 1.6 x 10^8).
    @usableFromInline static let bitParallelLimit = 1 << 30
    /// Words of the bit-parallel LCS's masks (one bit per element of one sequence and heavy
    /// symbol): 2^24, 128 MiB.
    @usableFromInline static let bitParallelMasks = 1 << 24

    /// The heavy symbols of a pair with `pairs` matching pairs: those with the most pairs (count
    /// in *a* times count in *b*) first, until the pairs of the others are at most `limit`, then
    /// as many more as the bit-parallel LCS affords (``bitParallelLimit`` word steps and
    /// ``bitParallelMasks`` words of masks): every symbol the two share, when they fit, so that
    /// the bound is the LCS itself. Each heavy symbol's rank (0, 1, ...) by symbol, -1 for the
    /// others.
    ///
    /// - Complexity: O(*s* log *s*) for *s* symbols.
    @inlinable
    static func heavySplit(_ pairs: Int, _ limit: Int, countA: [Int], countB: [Int]) -> [Int] {
        var order = countA.indices.filter { countA[$0] > 0 && countB[$0] > 0 }
        order.sort { countA[$0] * countB[$0] > countA[$1] * countB[$1] }
        var heavy = [Int](repeating: -1, count: countA.count), rest = pairs, rank = 0
        var inA = 0, inB = 0
        // Invariant: `rest` counts the matching pairs of the symbols not yet heavy, `inA` and
        // `inB` the elements of the heavy ones, and `rank` how many there are.
        for s in order {
            let words = (inB + countB[s] + 63) / 64
            let affordable =
                (rank + 1) * words <= bitParallelMasks && (inA + countA[s]) * words <= bitParallelLimit
            guard rest > limit || affordable else { break }
            heavy[s] = rank
            rank += 1
            rest -= countA[s] * countB[s]
            inA += countA[s]
            inB += countB[s]
        }
        return heavy
    }

    /// The length of a longest common subsequence of `a` and `b` over symbols `0..<symbols`, by
    /// the bit-parallel algorithm (Allison and Dix, 1986; in the form of Hyyrö, 2004): a bit per
    /// element of `b`, 64 to a word, and for each element of `a` one addition over the words.
    ///
    /// - Complexity: O(*n* ⌈*m* / 64⌉ + *symbols* ⌈*m* / 64⌉) time and O(*symbols* ⌈*m* / 64⌉) words.
    @inlinable
    static func bitParallelLength(_ a: [Int], _ b: [Int], symbols: Int) -> Int {
        let words = (b.count + 63) / 64
        guard words > 0 && !a.isEmpty else { return 0 }
        // masks[s * words + w]: bit k set when b[64 w + k] is symbol s.
        var masks = [UInt64](repeating: 0, count: symbols * words)
        for (j, s) in b.enumerated() { masks[s * words + j >> 6] |= 1 << UInt64(j & 63) }
        var row = [UInt64](repeating: ~0, count: words)
        masks.withUnsafeBufferPointer { masks in
            row.withUnsafeMutableBufferPointer { row in
                // Invariant: after the first i elements of `a`, the zero bits among the first j + 1
                // of `row` number the LCS of a[..<i] and b[...j] (Hyyrö's V); bits past b's end
                // only ever receive carries and are not counted.
                for s in a {
                    let base = s * words
                    var carry: UInt64 = 0
                    for w in 0..<words {
                        let v = row[w], match = masks[base + w]
                        let u = v & match
                        let sum = v &+ u
                        let total = sum &+ carry
                        carry = (sum < v ? 1 : 0) | (total < sum ? 1 : 0)
                        row[w] = total | (v & ~match)
                    }
                }
            }
        }
        var zeros = 0
        for w in 0..<words {
            let valid = w == words - 1 && b.count & 63 != 0 ? (UInt64(1) << UInt64(b.count & 63)) - 1 : ~0
            zeros += (~row[w] & valid).nonzeroBitCount
        }
        return zeros
    }

    /// The exact length of a longest common subsequence of `a` and `b` (symbols up to `top`,
    /// `counts` each one's occurrences in `a`), as the longest increasing subsequence of the
    /// matching pairs (Hunt and Szymanski, 1977).
    ///
    /// - Complexity: O((*n* + *m* + *r*) log *n* + *s*) for *r* matching pairs and *s* = `top`.
    @inlinable
    static func huntSzymanski(_ a: [Int], _ b: [Int], top: Int, counts: [Int]) -> Int {
        // start[s] ..< start[s + 1]: where symbol s occurs in `a`, in order.
        var start = [Int](repeating: 0, count: top + 2)
        for s in 0...top { start[s + 1] = start[s] + counts[s] }
        var positions = [Int](repeating: 0, count: a.count)
        var fill = start
        for (i, s) in a.enumerated() where s >= 0 && counts[s] > 0 {
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
        return tails.count
    }
}
