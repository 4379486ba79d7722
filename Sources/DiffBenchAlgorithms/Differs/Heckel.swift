// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Paul Heckel's symbol-table algorithm (1978) over sections and over all items, with
/// cross-section moves: the classic of RxDataSources, IGListKit and DifferenceKit.
///
/// Identities go into a symbol table once; every new element takes the next unused old
/// occurrence of its identity (duplicates pair in order, as DifferenceKit does). Moves are
/// reported as Heckel-style differs report them: an element is moved unless its source is the
/// next untracked source of its section, which over-reports moves (a single item moved from
/// the front to the back yields n - 1 moves). Content changes become reloads. Shared ends
/// (same sections, a common prefix and suffix per section) are read first and stay in place.
///
/// - Complexity: O(*n* + *m*) time and memory.
public struct Heckel: DiffAlgorithm {
    public var name: String { "heckel" }
    public var summary: String {
        "Heckel (1978) symbol table, O(n), sectioned, cross-section moves; over-reports moves"
    }

    /// Creates the algorithm.
    public init() {}

    /// A staged changeset from `old` to `new`; never throws (duplicates are paired in order).
    ///
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new items.
    @inlinable
    public func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        heckelChangeset(old, new)
    }
}

@inlinable
@_specialize(where Model == IntElement, Item == IntElement)
@_specialize(where Model == StringElement, Item == StringElement)
@_specialize(where Model == UUIDElement, Item == UUIDElement)
@_specialize(where Model == CaseElement, Item == CaseElement)
func heckelChangeset<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    trimmingSharedEnds(old, new, core: heckelCore)
}

/// The diff itself, on whatever the shared ends leave.
///
/// - Complexity: as ``Heckel``.
@inlinable
func heckelCore<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    let sections = DenseIdentities(sectionsOf: old, new)
    var matching = Matching(
        sectionSource: sections.pairInOrder(),
        sectionMoved: [], itemSource: DenseIdentities.itemSources(old, new),
        itemMoved: [])

    // Sections: moved unless the source is the next untracked old section.
    var sectionTarget = [Int](repeating: -1, count: old.sections.count)
    for (j, i) in matching.sectionSource.enumerated() where i >= 0 { sectionTarget[i] = j }
    var trackedSection = sectionTarget.map { $0 < 0 }
    matching.sectionMoved = [Bool](repeating: false, count: new.sections.count)
    var pointer = 0
    for (j, i) in matching.sectionSource.enumerated() {
        while pointer < trackedSection.count && trackedSection[pointer] { pointer += 1 }
        guard i >= 0 else { continue }
        trackedSection[i] = true
        matching.sectionMoved[j] = i != pointer
    }

    // Items, visited in new flat order: an old item is already placed when its target lies
    // before the new item at hand, and one that stays nowhere (target -1) counts as placed too
    // (DifferenceKit deletes it). So `carriedTo[k] < f` says it, with no array of flags.
    let oldLayout = FlatLayout(old)
    let newLayout = FlatLayout(new)
    let carriedTo = matching.carriedTo(oldLayout: oldLayout, newLayout: newLayout, sectionTarget: sectionTarget)
    matching.itemMoved = [Bool](repeating: false, count: newLayout.total)
    carriedTo.withUnsafeBufferPointer { carriedTo in
        for (j, i) in matching.sectionSource.enumerated() where i >= 0 {
            // Invariant: `untracked` is the first old item of section i at or after it not yet
            // placed nor deleted (carriedTo >= f), the one UIKit's fill rule puts next; an item
            // from elsewhere is a move.
            var untracked = oldLayout.offsets[i]
            let end = oldLayout.offsets[i + 1]
            for f in newLayout.offsets[j]..<newLayout.offsets[j + 1] {
                while untracked < end && carriedTo[untracked] < f { untracked += 1 }
                let src = matching.itemSource[f]
                guard src >= 0 && carriedTo[src] == f else { continue }
                matching.itemMoved[f] = untracked == end || src != untracked
            }
        }
    }
    return StagedChangesetBuilder(old: old, new: new, matching: matching).build(carriedTo: consume carriedTo)
}
