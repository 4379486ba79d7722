// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

@inlinable
package func heckelChangeset<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    trimmingSharedEnds(old, new, core: heckelCore)
}

/// The diff itself, on whatever the shared ends leave.
///
/// - Complexity: as ``Heckel``.
@inlinable
package func heckelCore<Model: DiffElement, Item: DiffElement>(
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
