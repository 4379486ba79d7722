// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffCore

/// The Swift standard library's `difference(from:)` plus `inferringMoves()`, adapted to
/// sections: the reference every Swift user already has. It runs on each level (sections, then
/// the items of matched section pairs) over dense identity symbols; removals and insertions it
/// does not associate (across sections, or repeated identities) pair as moves afterwards.
///
/// - Complexity: the standard library's Myers implementation, O((*n* + *m*) *D*).
public struct StdlibDifference: DiffAlgorithm {
    public var name: String { "stdlib" }
    public var summary: String {
        "Swift's difference(from:) + inferringMoves(), per level; the reference every Swift user has"
    }

    /// Creates the algorithm.
    public init() {}

    /// A staged changeset from `old` to `new`.
    ///
    /// - Throws: `DiffError.tooLarge` when the search would take minutes: over 200,000 elements of
    ///   which too many are on one side only, or pairs of sections whose edit distance *D* (at
    ///   least *n* + *m* minus twice their longest common subsequence, repeated identities
    ///   included) makes *D*² over ``MyersWorkGuard/stdlibLimit``, about ten seconds of its search.
    /// - Complexity: O((*n* + *m*) *D*) for *n* old and *m* new items and *D* edits.
    @inlinable
    public func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        try stdlibChangeset(old, new)
    }
}

@inlinable
@_specialize(where Model == IntElement, Item == IntElement)
@_specialize(where Model == StringElement, Item == StringElement)
@_specialize(where Model == UUIDElement, Item == UUIDElement)
@_specialize(where Model == CaseElement, Item == CaseElement)
func stdlibChangeset<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) throws(DiffError) -> Changeset<Model, Item> {
    let sections = DenseIdentities(sectionsOf: old, new), items = DenseIdentities(itemsOf: old, new)
    try QuadraticGuard.check(sections: sections, items: items, algorithm: "stdlib")
    // Elements on one side only do not see a reversal or a shuffle (every element kept, D near
    // n + m); each pair's exact D does, from its longest common subsequence, before the search.
    var workGuard = MyersWorkGuard(limit: MyersWorkGuard.stdlibLimit, search: "the standard library's search")
    let matching = levelMatching(old, new, sections: sections, items: items) { a, b, keep, move in
        guard workGuard.refusal == nil, workGuard.admit(a, b) else { return }
        // Identities absent from the old list get distinct negative symbols, so the standard
        // library cannot associate two of them with each other.
        var negative = -1
        let newSymbols = b.map { s -> Int in
            guard s < 0 else { return s }
            negative -= 1
            return negative
        }
        let difference = newSymbols.difference(from: a).inferringMoves()
        var removed = [Bool](repeating: false, count: a.count)
        var inserted = [Bool](repeating: false, count: b.count)
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed[offset] = true
            case .insert(let offset, _, let associated):
                inserted[offset] = true
                if let associated { move(associated, offset) }
            }
        }
        // Unchanged elements correspond in order.
        var i = 0
        for j in b.indices where !inserted[j] {
            while removed[i] { i += 1 }
            keep(i, j)
            i += 1
        }
    }
    if let reason = workGuard.refusal {
        throw .tooLarge(algorithm: "stdlib", reason: reason)
    }
    return StagedChangesetBuilder(old: old, new: new, matching: matching).build()
}
