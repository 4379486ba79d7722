import DiffModel

/// Rates of one random mutation pass over a sectioned list, the engine behind most scenarios.
public struct MutationRates: Sendable, Equatable {
    public var delete = 0.0, insert = 0.0, moveWithin = 0.0, moveAcross = 0.0, update = 0.0
    /// Share of moved items whose content also changes.
    public var updateMoved = 0.0
    public var sectionDelete = 0.0, sectionInsert = 0.0, sectionMove = 0.0, sectionUpdate = 0.0

    public init() {}
}

/// Applies `MutationRates` in one streaming pass: every old item is kept, deleted, updated or
/// lifted out to move; moved items are dropped into random positions of their target sections
/// with one merge per section, so the pass stays O(*n* log *m*) for *m* moves.
struct Mutator {
    var rng: SeededGenerator
    var nextItemID: Int
    var nextSectionID: Int

    mutating func apply(_ rates: MutationRates, to old: [Section<IntElement, IntElement>]) -> [Section<IntElement, IntElement>] {
        let averageSize = max(1, old.reduce(0) { $0 + $1.items.count } / max(1, old.count))
        var sections = old.filter { _ in !rng.chance(rates.sectionDelete) }
        for s in sections.indices where rng.chance(rates.sectionUpdate) { sections[s].model.rev += 1 }
        // Section moves: lift a few out and drop them elsewhere (sections are few).
        let moving = sections.indices.filter { _ in rng.chance(rates.sectionMove) }.reversed().map { sections.remove(at: $0) }
        for section in moving { sections.insert(section, at: rng.below(sections.count + 1)) }
        let inserts = Int((Double(old.count) * rates.sectionInsert).rounded()) + (old.isEmpty && rates.sectionInsert > 0 ? 1 : 0)
        for _ in 0..<inserts {
            let items = (0..<averageSize).map { _ in IntElement(freshItem()) }
            sections.insert(Section(IntElement(freshSection()), items: items), at: rng.below(sections.count + 1))
        }
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

    /// Inserts pooled items at random positions: each item's `key` picks its slot uniformly.
    static func scatter(_ pool: [(item: IntElement, section: Int, key: UInt64)], into sections: [Section<IntElement, IntElement>]) -> [Section<IntElement, IntElement>] {
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
                while next < incoming.count && incoming[next].position == k { merged.append(incoming[next].item); next += 1 }
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
