import DiffModel

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
    @inlinable
    public func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        myersChangeset(old, new)
    }
}

@usableFromInline
@_specialize(where Model == IntElement, Item == IntElement)
@_specialize(where Model == StringElement, Item == StringElement)
@_specialize(where Model == CaseElement, Item == CaseElement)
func myersChangeset<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    let matching = levelMatching(old, new) { a, b, keep, _ in MyersLCS.matches(a, b, keep) }
    return StagedChangesetBuilder(old: old, new: new, matching: matching).build()
}

/// The matching shared by the LCS-based algorithms: `diff` reports kept pairs (and moves it
/// infers itself) for section symbols, then for the item symbols of each matched section pair;
/// leftovers with equal identity pair as moves, across sections too.
func levelMatching<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>,
    diff: ([Int], [Int], _ keep: (Int, Int) -> Void, _ move: (Int, Int) -> Void) -> Void
) -> Matching {
    let sections = DenseIdentities(sectionsOf: old, new)
    var sectionSource = [Int](repeating: -1, count: new.sections.count)
    var sectionMoved = [Bool](repeating: false, count: new.sections.count)
    diff(sections.old, sections.new, { i, j in sectionSource[j] = i }, { i, j in sectionSource[j] = i; sectionMoved[j] = true })
    pairLeftovers(oldSymbols: sections.old, newSymbols: sections.new, symbolCount: sections.symbolCount,
                  source: &sectionSource, moved: &sectionMoved)

    let items = DenseIdentities(itemsOf: old, new)
    let oldLayout = FlatLayout(old)
    let newLayout = FlatLayout(new)
    var itemSource = [Int](repeating: -1, count: newLayout.total)
    var itemMoved = [Bool](repeating: false, count: newLayout.total)
    for (j, i) in sectionSource.enumerated() where i >= 0 {
        let oldStart = oldLayout.offsets[i], newStart = newLayout.offsets[j]
        diff(Array(items.old[oldStart..<oldLayout.offsets[i + 1]]), Array(items.new[newStart..<newLayout.offsets[j + 1]]),
             { a, b in itemSource[newStart + b] = oldStart + a },
             { a, b in itemSource[newStart + b] = oldStart + a; itemMoved[newStart + b] = true })
    }
    pairLeftovers(oldSymbols: items.old, newSymbols: items.new, symbolCount: items.symbolCount,
                  source: &itemSource, moved: &itemMoved)
    return Matching(sectionSource: sectionSource, sectionMoved: sectionMoved, itemSource: itemSource, itemMoved: itemMoved)
}

/// Pairs every unmatched old element with an unmatched new one of the same identity, as a move.
func pairLeftovers(oldSymbols: [Int], newSymbols: [Int], symbolCount: Int, source: inout [Int], moved: inout [Bool]) {
    var used = [Bool](repeating: false, count: oldSymbols.count)
    for s in source where s >= 0 { used[s] = true }
    let removed = oldSymbols.indices.filter { !used[$0] }
    let inserted = newSymbols.indices.filter { source[$0] < 0 }
    pairMoves(removed: removed, inserted: inserted, oldSymbols: oldSymbols, newSymbols: newSymbols,
              symbolCount: symbolCount, into: &source, moved: &moved)
}
