// SPDX-License-Identifier: Apache-2.0
/// Lookups over one batch's moves without hashing: the moves sorted by source (the order UIKit
/// scans them in) and a permutation of them sorted by target, searched by bisection. A changeset
/// of a million rows has hundreds of thousands of moves, and hashing each index path into sets
/// and dictionaries cost more than the rest of the check.
///
/// - Complexity: O(*k* log *k*) to build for *k* moves (one sort when they come in target
///   order, two otherwise); O(log *k*) per lookup, O(1) for the other moves to a move's target
///   when it has none.
struct MoveIndex {
    /// The moves, sorted by `from` (ties in their original order).
    let moves: [OpMove]
    /// Positions in `moves`, sorted by (`to`, position).
    let byTarget: [Int]
    /// Whether some other move goes where `moves[k]` goes. Most moves share no target, and for
    /// them a lookup by target is skipped (a million-row check spent a sixth of its time in
    /// those bisections, two cache misses per step).
    private let sharesTarget: [Bool]

    /// Indexes `batch`, a batch's moves in the order it gives them.
    ///
    /// Differs emit moves in target order (heckel's million-row changeset: 878,899 moves, none
    /// out of target order, 26,605 places out of source order); then the order by target is
    /// where each move landed in the order by source, and only one sort is needed.
    init(_ batch: [OpMove]) {
        let bySource = batch.indices.sorted { a, b in
            batch[a].from != batch[b].from ? batch[a].from < batch[b].from : a < b
        }
        let moves = bySource.map { batch[$0] }
        self.moves = moves
        if zip(batch, batch.dropFirst()).allSatisfy({ $0.to < $1.to }) {
            var byTarget = [Int](repeating: 0, count: batch.count)
            for (k, original) in bySource.enumerated() { byTarget[original] = k }
            self.byTarget = byTarget
        } else {
            byTarget = moves.indices.sorted { a, b in moves[a].to != moves[b].to ? moves[a].to < moves[b].to : a < b }
        }
        var shares = [Bool](repeating: false, count: moves.count)
        for j in byTarget.indices.dropFirst() where moves[byTarget[j]].to == moves[byTarget[j - 1]].to {
            shares[byTarget[j]] = true
            shares[byTarget[j - 1]] = true
        }
        sharesTarget = shares
    }

    /// The positions `lo..<hi` in `moves` whose source is `op`.
    func withSource(_ op: Op) -> Range<Int> {
        lowerBound(moves.count) { moves[$0].from < op }..<lowerBound(moves.count) { !(op < moves[$0].from) }
    }

    /// The positions in `byTarget` whose moves go to `op`.
    func withTarget(_ op: Op) -> Range<Int> {
        lowerBound(byTarget.count) {
            moves[byTarget[$0]].to < op
        }..<lowerBound(byTarget.count) {
            !(op < moves[byTarget[$0]].to)
        }
    }

    /// The positions in `moves` of the other moves that go where `moves[k]` goes, if any.
    ///
    /// - Complexity: O(1) when no other move goes there, else O(log *k* + *r*) for *r* such moves.
    func othersWithTarget(ofMoveAt k: Int) -> [Int] {
        guard sharesTarget[k] else { return [] }
        return byTarget[withTarget(moves[k].to)].filter { $0 != k }
    }

    /// Whether some move starts at `op`.
    func hasSource(_ op: Op) -> Bool { !withSource(op).isEmpty }

    /// The source of the first move (in source order) that goes to `op`.
    func firstSource(to op: Op) -> Op? {
        let range = withTarget(op)
        return range.isEmpty ? nil : moves[byTarget[range.lowerBound]].from
    }

    /// The first position in `0..<count` where `before` turns false (`before` is monotone).
    private func lowerBound(_ count: Int, _ before: (Int) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(mid) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
