// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// The lower bound on relocations for one case (see ``QualityFigures``).
///
/// Sections are paired by identity (duplicates in order of appearance). An item is relocatable
/// when both its old and its new section survive; per identity, as many items survive as the
/// smaller of its relocatable old and new counts. At most the longest common subsequence of
/// each surviving section pair can stay in place (without duplicates: the LIS of the old
/// positions of the items kept in that section), so
/// `minimum = relocatable - sum over section pairs of LCS(old items, new items)`.
struct RelocationBound {
    /// Relocatable items that survive (per identity, the smaller of its two counts).
    var relocatable = 0
    /// The fewest relocations any correct changeset makes.
    var minimum = 0

    /// Work allowed for the common-subsequence search before it settles for a weaker but still
    /// valid bound (a pathological case where one identity repeats thousands of times).
    static let workPerItem = 64

    init<Model: DiffElement, Item: DiffElement>(old: Snapshot<Model, Item>, new: Snapshot<Model, Item>) {
        let (oldPartner, newPartner) = Self.pairSections(old, new)
        let numbering = IdentityNumbering(old: old, new: new)
        // Old occurrences of each identity chained in old order: head, tail and next.
        var oldCount = [Int](repeating: 0, count: numbering.count)
        var newCount = [Int](repeating: 0, count: numbering.count)
        var head = [Int](repeating: -1, count: numbering.count), tail = head
        var next = [Int](repeating: -1, count: old.itemCount)
        var start = [Int](repeating: 0, count: old.sections.count + 1)
        var flat = 0
        for (i, section) in old.sections.enumerated() {
            start[i] = flat
            for _ in section.items.indices {
                let k = numbering.old[flat]
                if head[k] < 0 { head[k] = flat } else { next[tail[k]] = flat }
                tail[k] = flat
                if oldPartner[i] >= 0 { oldCount[k] += 1 }
                flat += 1
            }
        }
        start[old.sections.count] = flat

        var kept = 0
        var work = Self.workPerItem * (old.itemCount + new.itemCount) + 1_000_000
        var tails: [Int] = [], matches: [Int] = []
        var newFlat = 0
        for (j, section) in new.sections.enumerated() {
            let first = newFlat
            newFlat += section.items.count
            let i = newPartner[j]
            guard i >= 0 else { continue }
            let low = start[i], high = start[i + 1]
            tails.removeAll(keepingCapacity: true)
            var exhausted = false
            for f in first..<newFlat {
                let k = numbering.new[f]
                guard k >= 0 else { continue }
                newCount[k] += 1
                guard !exhausted else { continue }
                // Old positions of this identity inside section i, fed in decreasing order so
                // that one new item extends the increasing run at most once (Hunt-Szymanski).
                matches.removeAll(keepingCapacity: true)
                var p = head[k]
                while p >= 0 && p < high {
                    work -= 1
                    if p >= low { matches.append(p) }
                    p = next[p]
                }
                if work < 0 { exhausted = true; continue }
                for p in matches.reversed() { QualityFigures.insertIntoTails(&tails, p) }
            }
            // Without the search, the shorter section still bounds what can stay.
            kept += exhausted ? min(high - low, section.items.count) : tails.count
        }
        for k in oldCount.indices { relocatable += min(oldCount[k], newCount[k]) }
        minimum = max(0, relocatable - kept)
    }

    /// Sections paired by identity, duplicates in order: old -> new partner and new -> old, or -1.
    static func pairSections<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> ([Int], [Int]) {
        var positions = [Model.DiffID: [Int]](minimumCapacity: old.sections.count)
        for (i, section) in old.sections.enumerated() { positions[section.model.diffID, default: []].append(i) }
        var used = [Model.DiffID: Int]()
        var oldPartner = [Int](repeating: -1, count: old.sections.count)
        var newPartner = [Int](repeating: -1, count: new.sections.count)
        for (j, section) in new.sections.enumerated() {
            guard let list = positions[section.model.diffID] else { continue }
            let n = used[section.model.diffID, default: 0]
            guard n < list.count else { continue }
            used[section.model.diffID] = n + 1
            oldPartner[list[n]] = j
            newPartner[j] = list[n]
        }
        return (oldPartner, newPartner)
    }
}
