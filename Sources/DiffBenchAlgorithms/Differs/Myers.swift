// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffCore

/// Eugene Myers' O((N+M)D) difference algorithm (1986) with the linear-space refinement,
/// applied to sections, then to the items of every matched section pair. Deleted and inserted
/// elements with the same identity become moves, across sections too; content changes of kept
/// items become reloads. The insert/delete script is minimal; the cost grows with D.
///
/// - Complexity: O((*n* + *m*) *D*) time, O(*n* + *m*) memory.
public struct Myers: DiffAlgorithm {
    public var name: String { "myers" }
    public var summary: String { "Myers (1986) O((N+M)D), linear space, per level; delete+insert pairs become moves" }

    /// Creates the algorithm.
    public init() {}

    /// A staged changeset from `old` to `new`; duplicates are handled (LCS, then in-order pairing).
    ///
    /// - Complexity: O((*n* + *m*) *D*) for *n* old and *m* new items and *D* edits.
    /// - Throws: `DiffError.tooLarge` when the squared edit distances of the compared sequences,
    ///   or their lengths times their edit distances, add up to more than ``MyersWorkGuard/limit``
    ///   (seconds to minutes of search; no suite comes near it).
    @inlinable
    public func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        try myersChangeset(old, new)
    }
}

@inlinable
@_specialize(where Model == IntElement, Item == IntElement)
@_specialize(where Model == StringElement, Item == StringElement)
@_specialize(where Model == UUIDElement, Item == UUIDElement)
@_specialize(where Model == CaseElement, Item == CaseElement)
func myersChangeset<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) throws(DiffError) -> Changeset<Model, Item> {
    var filter = CommonSymbols()
    let matching = levelMatching(old, new) { a, b, keep, _ in filter.matches(a, b, keep) }
    if let reason = filter.workGuard.refusal { throw .tooLarge(algorithm: "myers", reason: reason) }
    return StagedChangesetBuilder(old: old, new: new, matching: matching).build()
}

/// Sets aside the elements that occur on one side only before the O(ND) search, as GNU diff
/// does: they can never be part of a common subsequence, so the LCS (and the script's
/// minimality) is unchanged, while D drops by the number of pure inserts and deletes. The
/// stamp arrays are reused across the section pairs of one diff.
@usableFromInline
struct CommonSymbols {
    @usableFromInline var inA: [Int] = [], inB: [Int] = []
    @usableFromInline var stamp = 0
    /// The work estimate of the searches so far; once refused, no more searches run.
    @usableFromInline var workGuard = MyersWorkGuard()

    @inlinable
    init() {}

    /// Calls `match(i, j)` for every kept pair of a longest common subsequence of `a` and `b`.
    ///
    /// - Complexity: O(*n* + *m*) for the filter, plus Myers' search on what remains.
    @inlinable
    mutating func matches(_ a: [Int], _ b: [Int], _ match: (Int, Int) -> Void) {
        guard workGuard.refusal == nil else { return }
        var top = -1
        for s in a where s > top { top = s }
        for s in b where s > top { top = s }
        // The stamp arrays grow geometrically: symbols are flat old indices, so each section
        // pair's top is higher than the last, and growing to fit it alone reallocated and zeroed
        // them for nearly every pair (O(s x n) for s sections).
        if inA.count <= top {
            let size = max(top + 1, 2 * inA.count)
            inA = [Int](repeating: 0, count: size)
            inB = [Int](repeating: 0, count: size)
        }
        stamp += 1
        for s in a where s >= 0 { inA[s] = stamp }
        for s in b where s >= 0 { inB[s] = stamp }
        var keptA: [Int] = [], keptB: [Int] = []
        for (i, s) in a.enumerated() where s >= 0 && inB[s] == stamp { keptA.append(i) }
        for (j, s) in b.enumerated() where s >= 0 && inA[s] == stamp { keptB.append(j) }
        guard workGuard.admit(keptA.lazy.map { a[$0] }, keptB.lazy.map { b[$0] }) else { return }
        if keptA.count == a.count && keptB.count == b.count {
            MyersLCS.matches(a, b, match)
        } else if !keptA.isEmpty && !keptB.isEmpty {
            MyersLCS.matches(keptA.map { a[$0] }, keptB.map { b[$0] }) { i, j in match(keptA[i], keptB[j]) }
        }
    }
}

/// The matching shared by the LCS-based algorithms: `diff` reports kept pairs (and moves it
/// infers itself) for section symbols, then for the item symbols of each matched section pair;
/// leftovers with equal identity pair as moves, across sections too. `sections` and `items` are
/// the snapshots' identities (``DenseIdentities``), joined by the caller (the default joins them).
@inlinable
func levelMatching<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>,
    sections: DenseIdentities? = nil, items: DenseIdentities? = nil,
    diff: ([Int], [Int], _ keep: (Int, Int) -> Void, _ move: (Int, Int) -> Void) -> Void
) -> Matching {
    let sections = sections ?? DenseIdentities(sectionsOf: old, new)
    var sectionSource = [Int](repeating: -1, count: new.sections.count)
    var sectionMoved = [Bool](repeating: false, count: new.sections.count)
    diff(
        sections.old,
        sections.new,
        { i, j in sectionSource[j] = i },
        { i, j in
            sectionSource[j] = i; sectionMoved[j] = true
        }
    )
    pairLeftovers(
        oldSymbols: sections.old, newSymbols: sections.new, symbolCount: sections.symbolCount,
        source: &sectionSource, moved: &sectionMoved)

    let items = items ?? DenseIdentities(itemsOf: old, new)
    let oldLayout = FlatLayout(old)
    let newLayout = FlatLayout(new)
    var itemSource = [Int](repeating: -1, count: newLayout.total)
    var itemMoved = [Bool](repeating: false, count: newLayout.total)
    for (j, i) in sectionSource.enumerated() where i >= 0 {
        let oldStart = oldLayout.offsets[i], newStart = newLayout.offsets[j]
        diff(
            Array(items.old[oldStart..<oldLayout.offsets[i + 1]]),
            Array(items.new[newStart..<newLayout.offsets[j + 1]]),
            { a, b in itemSource[newStart + b] = oldStart + a },
            { a, b in
                itemSource[newStart + b] = oldStart + a; itemMoved[newStart + b] = true
            }
        )
    }
    pairLeftovers(
        oldSymbols: items.old, newSymbols: items.new, symbolCount: items.symbolCount,
        source: &itemSource, moved: &itemMoved)
    return Matching(
        sectionSource: sectionSource,
        sectionMoved: sectionMoved,
        itemSource: itemSource,
        itemMoved: itemMoved
    )
}

/// Pairs every unmatched old element with an unmatched new one of the same identity, as a move.
@inlinable
func pairLeftovers(oldSymbols: [Int], newSymbols: [Int], symbolCount: Int, source: inout [Int], moved: inout [Bool]) {
    var used = [Bool](repeating: false, count: oldSymbols.count)
    for s in source where s >= 0 { used[s] = true }
    let removed = oldSymbols.indices.filter { !used[$0] }
    let inserted = newSymbols.indices.filter { source[$0] < 0 }
    pairMoves(
        removed: removed, inserted: inserted, oldSymbols: oldSymbols, newSymbols: newSymbols,
        symbolCount: symbolCount, into: &source, moved: &moved)
}
