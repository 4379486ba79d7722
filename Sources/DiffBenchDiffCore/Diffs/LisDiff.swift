// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

@inlinable
package func lisChangeset<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    trimmingSharedEnds(old, new, core: lisCore)
}

/// The diff itself, on whatever the shared ends leave.
///
/// - Complexity: as ``Lis``.
@inlinable
package func lisCore<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    let sections = DenseIdentities(sectionsOf: old, new)
    let sectionSource = sections.pairInOrder()
    let itemSource = DenseIdentities.itemSources(old, new)
    let oldLayout = FlatLayout(old), newLayout = FlatLayout(new)
    var largest = 0
    for j in new.sections.indices { largest = max(largest, newLayout.offsets[j + 1] - newLayout.offsets[j]) }

    // The scratch is freed before the builder runs, which allocates in its place.
    var sectionMoved = [Bool](repeating: false, count: new.sections.count)
    var itemMoved = [Bool](repeating: false, count: newLayout.total)
    do {
        // Two allocations per diff, uninitialized (every slot is written before it is read): the
        // values of up to two searches at a time (candidates: a new index; positions: its old one)
        // and the searches' scratch. Zeroed arrays, one allocation each, cost more than
        // `lisCore` itself when one section grows (callgrind, `append` 100k: 320,000 instructions of
        // memset and memcpy) and a tenth of a 1,000-item diff.
        let width = max(2 * largest, new.sections.count)
        let values = UnsafeMutablePointer<Int>.allocate(capacity: 2 * width)
        let scratch = PatienceScratch(capacity: width)
        defer { values.deallocate(); scratch.deallocate() }
        let candidates = values, positions = values + width

        // Sections: the matched ones whose old order is a longest increasing run stay.
        var matched = 0
        for (j, i) in sectionSource.enumerated() where i >= 0 {
            candidates[matched] = j
            positions[matched] = i
            sectionMoved[j] = true
            matched += 1
        }
        forEachInLongestIncreasingSubsequence(UnsafeBufferPointer(start: positions, count: matched), scratch) {
            sectionMoved[candidates[$0]] = false
        }

        // Items: per matched section pair, the items that stay in that section and whose old
        // positions form a longest increasing run keep their place; every other carried item moves.
        // Items that leave a deleted section or enter an inserted one are left to the builder,
        // which turns them into delete + insert. Two section pairs at a time (A from index 0, B from
        // `largest`), so that their searches run side by side.
        itemMoved.withUnsafeMutableBufferPointer { moved in
            itemSource.withUnsafeBufferPointer { itemSource in
                // The carried items that stay in section pair (i, j), in new order, from
                // candidates[start...], and their old positions from positions[start...].
                func gather(_ j: Int, _ i: Int, from start: Int) -> Int {
                    var count = 0
                    let low = oldLayout.offsets[i], high = oldLayout.offsets[i + 1]
                    for f in newLayout.offsets[j]..<newLayout.offsets[j + 1] {
                        let src = itemSource[f]
                        guard src >= 0 else { continue }
                        if src >= low && src < high {
                            candidates[start + count] = f
                            positions[start + count] = src
                            count += 1
                        }
                        moved[f] = true
                    }
                    return count
                }
                var pending = -1
                for (j, i) in sectionSource.enumerated() where i >= 0 {
                    guard pending >= 0 else { pending = j; continue }
                    let countA = gather(pending, sectionSource[pending], from: 0)
                    let countB = gather(j, i, from: largest)
                    forEachInLongestIncreasingSubsequences(
                        UnsafeBufferPointer(start: positions, count: countA),
                        UnsafeBufferPointer(start: positions + largest, count: countB), scratch,
                        { moved[candidates[$0]] = false }, { moved[candidates[largest + $0]] = false })
                    pending = -1
                }
                if pending >= 0 {
                    let count = gather(pending, sectionSource[pending], from: 0)
                    let run = UnsafeBufferPointer(start: positions, count: count)
                    forEachInLongestIncreasingSubsequence(run, scratch) { moved[candidates[$0]] = false }
                }
            }
        }
    }
    let matching = Matching(
        sectionSource: sectionSource, sectionMoved: sectionMoved,
        itemSource: itemSource, itemMoved: itemMoved)
    return StagedChangesetBuilder(old: old, new: new, matching: matching).build()
}
