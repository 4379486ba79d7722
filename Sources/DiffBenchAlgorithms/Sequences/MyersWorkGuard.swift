// SPDX-License-Identifier: Apache-2.0
/// Refuses, before the search, a Myers diff that would run for minutes: a 2,000,000-section
/// reversal is trillions of steps.
///
/// Linear-space Myers takes up to (*n* + *m*) *D* steps for *D* edits (measured here: a flat
/// reversal of 50,000 items, 10^10 steps, takes 3.4 s; a flat 5,000,000-item `mixed` case took
/// 570 s). For a pair of sequences without repeated symbols *D* is known exactly before the
/// search: *n* + *m*
/// minus twice the longest common subsequence, which is then the longest increasing subsequence
/// of the new sequence's positions in the old one (O(*n* log *n*)). A pair is estimated only
/// when its worst case, (*n* + *m*)², added to the estimate so far could cross the limit: the
/// 100k-item cells of the default suite are never estimated, so they pay nothing. Pairs of
/// under ``threshold`` symbols, and pairs with repeats, are not estimated either.
@usableFromInline
struct MyersWorkGuard {
    /// Symbols (both sides) below which a pair is not estimated.
    @usableFromInline static let threshold = 20_000
    /// (*n* + *m*) *D* steps, summed over the pairs, above which the diff is refused: one to two
    /// minutes of this implementation, above every cell of the suites (the full suite's largest,
    /// `differencekit` at 1,000,000 items, estimates 1.6 x 10^11).
    @usableFromInline static let limit = 3e11

    /// The limit this guard applies (``limit`` unless a test sets a smaller one).
    @usableFromInline let maximum: Double
    /// Whose search the refusal names (`Myers' search`, `the standard library's search`).
    @usableFromInline let search: String
    @usableFromInline var steps = 0.0
    /// Why the diff is refused, once it is.
    @usableFromInline var refusal: String?
    @usableFromInline var position: [Int] = []
    /// `seen[s] == round` once symbol `s` of the new sequence was read in this round.
    @usableFromInline var seen: [Int] = []
    @usableFromInline var round = 0

    @inlinable
    init(limit: Double = MyersWorkGuard.limit, search: String = "Myers' search") {
        maximum = limit
        self.search = search
    }

    /// Adds the estimate of one pair of sequences of (non-negative) symbols; whether to search it.
    ///
    /// - Complexity: O((*n* + *m*) log *m*) for pairs at or above ``threshold``, else O(1).
    @inlinable
    mutating func admit<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
        where A.Element == Int, B.Element == Int {
        let size = Double(a.count + b.count)
        guard a.count + b.count >= Self.threshold, steps + size * size > maximum else { return true }
        var top = -1
        for s in a where s > top { top = s }
        for s in b where s > top { top = s }
        if position.count <= top {
            position = [Int](repeating: -1, count: top + 1)
            seen = [Int](repeating: 0, count: top + 1)
        }
        round += 1
        defer { for s in a { position[s] = -1 } }
        for (i, s) in a.enumerated() {
            guard position[s] < 0 else { return true }  // a repeat: no exact estimate
            position[s] = i
        }
        // Patience sorting: tails[k] is the smallest end of an increasing run of length k + 1.
        var tails: [Int] = []
        tails.reserveCapacity(min(a.count, b.count))
        for s in b {
            guard seen[s] != round else { return true }  // a repeat
            seen[s] = round
            let p = position[s]
            guard p >= 0 else { continue }
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tails[mid] < p { lo = mid + 1 } else { hi = mid }
            }
            if lo == tails.count { tails.append(p) } else { tails[lo] = p }
        }
        let edits = Double(a.count + b.count - 2 * tails.count)
        steps += Double(a.count + b.count) * edits
        guard steps > maximum else { return true }
        refusal = "about \(Int(steps / 1e9)) billion steps of \(search) (\(Int(edits)) edits in one sequence "
            + "of \(a.count + b.count) elements); use heckel or lis, which are linear"
        return false
    }
}
