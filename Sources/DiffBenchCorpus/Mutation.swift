// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Rates of one random mutation pass over a sectioned list, the engine behind most scenarios.
package struct MutationRates: Sendable, Equatable {
    package var delete = 0.0, insert = 0.0, moveWithin = 0.0, moveAcross = 0.0, update = 0.0
    /// Share of moved items whose content also changes.
    package var updateMoved = 0.0
    package var sectionDelete = 0.0, sectionInsert = 0.0, sectionMove = 0.0, sectionUpdate = 0.0

    package init() {}
}

/// Applies `MutationRates` in one streaming pass: every old item is kept, deleted, updated or
/// lifted out to move; moved items are dropped into random positions of their target sections
/// with one merge per section, so the pass stays O(*n* log *m*) for *m* moves.
struct Mutator {
    var rng: SeededGenerator
    var nextItemID: Int
    var nextSectionID: Int

    mutating func apply(
        _ rates: MutationRates,
        to old: [Section<IntElement, IntElement>]
    ) -> [Section<IntElement, IntElement>] {
        let averageSize = max(1, old.reduce(0) { $0 + $1.items.count } / max(1, old.count))
        var sections = old.filter { _ in !rng.chance(rates.sectionDelete) }
        for s in sections.indices where rng.chance(rates.sectionUpdate) { sections[s].model.rev += 1 }
        // Section moves lift a few sections out, then drop each at a random position of the
        // growing list; section inserts do the same with new sections. Both are one sequence of
        // insertions at random positions, placed in O(s log s) by `Mutator.place`.
        let picked = sections.indices.filter { _ in rng.chance(rates.sectionMove) }
        var lifted = [Bool](repeating: false, count: sections.count)
        for s in picked { lifted[s] = true }
        var arriving = picked.reversed().map { sections[$0] }
        sections = sections.indices.filter { !lifted[$0] }.map { sections[$0] }
        let inserts =
            Int((Double(old.count) * rates.sectionInsert).rounded())
            + (old.isEmpty
                && rates.sectionInsert > 0 ? 1 : 0)
        for _ in 0..<inserts {
            let items = (0..<averageSize).map { _ in IntElement(freshItem()) }
            arriving.append(Section(IntElement(freshSection()), items: items))
        }
        let positions = arriving.indices.map { rng.below(sections.count + $0 + 1) }
        sections = Mutator.place(arriving, at: positions, into: sections)
        guard !sections.isEmpty else { return sections }

        var pool: [(item: IntElement, section: Int, key: UInt64)] = []
        for s in sections.indices {
            var kept: [IntElement] = []
            kept.reserveCapacity(sections[s].items.count + 8)
            for var item in sections[s].items {
                if rng.chance(rates.insert) { kept.append(IntElement(freshItem())) }
                let r = Double(rng.next() >> 11) * 0x1p-53
                if r < rates.delete { continue }
                if r < rates.delete + rates.moveWithin + rates.moveAcross {
                    if rng.chance(rates.updateMoved) { item.rev += 1 }
                    let across = r >= rates.delete + rates.moveWithin && sections.count > 1
                    let target = across ? (s + 1 + rng.below(sections.count - 1)) % sections.count : s
                    pool.append((item, target, rng.next()))
                    continue
                }
                if rng.chance(rates.update) { item.rev += 1 }
                kept.append(item)
            }
            sections[s].items = kept
        }
        return Mutator.scatter(pool, into: sections)
    }

    /// The list that inserting `arriving[j]` at index `positions[j]` of the list as it then
    /// is, one after the other, makes of `base`, in O((*b* + *a*) log (*b* + *a*)) instead of the
    /// O(*b* *a*) of inserting one by one.
    ///
    /// Processed last to first, each arriving element takes the `positions[j]`-th slot still
    /// free: the elements present when it arrived end up in exactly the slots that later
    /// arrivals leave free, in their order. The base elements fill the remaining slots in order.
    static func place<Element>(_ arriving: [Element], at positions: [Int], into base: [Element]) -> [Element] {
        guard !arriving.isEmpty else { return base }
        let total = base.count + arriving.count
        var free = FreeSlots(count: total)
        var slots = [Element?](repeating: nil, count: total)
        for j in arriving.indices.reversed() {
            let slot = free.take(rank: positions[j])
            slots[slot] = arriving[j]
        }
        var next = 0
        return slots.map { element in
            if let element { return element }
            defer { next += 1 }
            return base[next]
        }
    }

    /// Inserts pooled items at random positions: each item's `key` picks its slot uniformly.
    static func scatter(
        _ pool: [(item: IntElement, section: Int, key: UInt64)],
        into sections: [Section<IntElement, IntElement>]
    ) -> [Section<IntElement, IntElement>] {
        guard !pool.isEmpty else { return sections }
        var result = sections
        var bySection = [[(position: Int, order: Int, item: IntElement)]](repeating: [], count: sections.count)
        for (order, entry) in pool.enumerated() {
            let count = sections[entry.section].items.count
            let position = Int(truncatingIfNeeded: entry.key.multipliedFullWidth(by: UInt64(count + 1)).high)
            bySection[entry.section].append((position, order, entry.item))
        }
        for s in sections.indices where !bySection[s].isEmpty {
            let incoming = bySection[s].sorted { ($0.position, $0.order) < ($1.position, $1.order) }
            var merged: [IntElement] = []
            merged.reserveCapacity(sections[s].items.count + incoming.count)
            var next = 0
            for (k, item) in sections[s].items.enumerated() {
                while next < incoming.count && incoming[next].position == k {
                    merged.append(incoming[next].item); next += 1
                }
                merged.append(item)
            }
            while next < incoming.count { merged.append(incoming[next].item); next += 1 }
            result[s].items = merged
        }
        return result
    }

    mutating func freshItem() -> Int {
        defer { nextItemID += 1 }
        return nextItemID
    }

    mutating func freshSection() -> Int {
        defer { nextSectionID += 1 }
        return nextSectionID
    }
}

/// Slots 0..<count, each free or taken, with the `k`-th free slot found in O(log count): a
/// Fenwick tree of free counts, searched by descending powers of two.
struct FreeSlots {
    private var tree: [Int]
    private let count: Int

    init(count: Int) {
        self.count = count
        tree = [Int](repeating: 0, count: count + 1)
        // Every slot starts free: the tree of all ones, built in O(count).
        for i in 1...max(count, 1) where i <= count {
            tree[i] += 1
            let parent = i + (i & -i)
            if parent <= count { tree[parent] += tree[i] }
        }
    }

    /// Takes the `rank`-th free slot (0-based) and returns its index.
    mutating func take(rank: Int) -> Int {
        // Invariant: `position` is the largest index whose prefix of free slots is <= `remaining`.
        var position = 0, remaining = rank
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        var i = position + 1
        while i <= count {
            tree[i] -= 1
            i += i & -i
        }
        return position
    }
}
