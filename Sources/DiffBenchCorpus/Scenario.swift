// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchFileFormats

/// A named recipe that makes a case from a size, a section count and a seed.
/// Names are stable: they appear on the command line, in suites and in CSV reports.
public enum Scenario: String, CaseIterable, Sendable {
    case mixed, append, prepend, filter, unfilter, shuffle, reverse, replace, update
    case swipeDelete = "swipe-delete"
    case dragMove = "drag-move"
    case insertOne = "insert-one"
    case sectionShuffle = "section-shuffle"
    case expandCollapse = "expand-collapse"
    case crossMove = "cross-move"
    case duplicates
    case emptyToFull = "empty-to-full"
    case fullToEmpty = "full-to-empty"
    case differencekit
    case unchanged
    case touchOne = "touch-one"
    case liveFeed = "live-feed"

    /// Which app action it models and which rates it uses.
    public var summary: String {
        switch self {
        case .mixed:
            return "a busy feed refresh: 5% deletes, 5% inserts, 2% moves within and 1% across sections "
                + "(both ways, 1 in 4 also updated), 5% updates, 2% each of section inserts, deletes, moves and updates"
        case .append: return "loading the next page: 10% new items appended after the last"
        case .prepend: return "pull to refresh: 10% new items on top of the first section"
        case .filter: return "search narrowing: keep 30% of the items, drop sections left empty"
        case .unfilter: return "clearing a search: the 30% filter reversed"
        case .shuffle: return "re-sorting: every section's items shuffled (same multiset)"
        case .reverse: return "sort order flipped: sections and items reversed"
        case .replace: return "switching accounts: same shape, no common identity"
        case .update: return "live data: 20% of the items change content only"
        case .swipeDelete: return "swipe to delete: one item removed"
        case .dragMove: return "drag and drop: one item moved anywhere, often to another section"
        case .insertOne: return "compose: one new item inserted"
        case .sectionShuffle: return "re-grouping: section order shuffled, items unchanged"
        case .expandCollapse: return "accordion: a quarter of the sections collapse, another quarter expand"
        case .crossMove:
            return "re-categorizing: 10% of items move to earlier and later sections (1 in 4 also "
                + "updated), 2% move within"
        case .duplicates:
            return "a buggy model: ids drawn from a pool of n/4, then the mixed rates, 5% of new ids "
                + "repeated"
        case .emptyToFull: return "first load: nothing to everything"
        case .fullToEmpty: return "logout: everything to nothing"
        case .unchanged: return "re-applying what is shown: the same items, rebuilt one by one (equal, not shared)"
        case .touchOne: return "a live counter: one item in the middle half changes content, nothing else moves"
        case .liveFeed:
            return "a feed updated while it is read: 1% of the items change content, 0.05% are deleted and 0.05% "
                + "inserted, 0.2% move to another section, two sections swap places"
        case .differencekit:
            return "DifferenceKit's published benchmark: delete [0.4n, 0.6n), insert 0.2n new at "
                + "0.6n, shuffle the first 0.04n (flat)"
        }
    }

    /// Whether the scenario is a flat list (one section) by nature.
    public var isFlat: Bool { self == .differencekit }

    /// The default section count for `size` items: about 100 items per section, or 1 when flat.
    public func defaultSections(size: Int) -> Int { isFlat ? 1 : max(1, size / 100) }

    /// Validates the parameters; the message names the problem.
    /// The largest case the generator makes.
    public static let maximumSize = 10_000_000

    package func validate(size: Int, sections: Int) throws(CorpusError) {
        guard size >= 1 else { throw CorpusError("size \(size): a case needs at least 1 item") }
        // Memory, not time, sets the limit: a 10,000,000-item case and one algorithm's diff
        // take several GB (README, Limits).
        guard size <= Scenario.maximumSize else {
            throw CorpusError(
                "size \(size): at most 10,000,000 items (about 1 GB of memory per million; README, "
                    + "Limits)")
        }
        guard sections >= 1 && sections <= size else {
            throw CorpusError("sections \(sections): must be between 1 and the size (\(size))")
        }
        if isFlat && sections != 1 {
            throw CorpusError("sections \(sections): \(rawValue) is a flat shape and takes 1 section")
        }
    }

    /// Makes the case: the same parameters give the same case on every machine and run.
    ///
    /// - Complexity: O(*n*) for most scenarios; O(*n* log *n*) where items are scattered.
    package func generate(size: Int, sections: Int, seed: UInt64) throws(CorpusError) -> GeneratedCase {
        try validate(size: size, sections: sections)
        var rng = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: rawValue.hashValueStable))
        let base = Scenario.base(size: size, sections: sections)
        var mutator = Mutator(rng: rng, nextItemID: size, nextSectionID: sections)
        var old = base, new: [Section<IntElement, IntElement>]
        if let evolved = evolve(base, size: size, mutator: &mutator, rng: &rng) {
            return GeneratedCase(
                scenario: self, size: size, sections: sections, seed: seed, old: Snapshot(base),
                new: Snapshot(evolved))
        }
        switch self {
        case .unfilter:
            var kept = base
            for s in kept.indices { kept[s].items = kept[s].items.filter { _ in rng.chance(0.3) } }
            kept.removeAll { $0.items.isEmpty }
            old = kept
            new = base
        case .expandCollapse:
            func collapse(
                _ sections: [Section<IntElement, IntElement>],
                _ rng: inout SeededGenerator
            ) -> [Section<IntElement, IntElement>] {
                sections.map { rng.chance(0.25) ? Section($0.model, items: []) : $0 }
            }
            old = collapse(base, &rng)
            new = collapse(base, &rng)
        case .duplicates:
            let pool = max(1, size / 4)
            old = base.map { Section($0.model, items: $0.items.map { _ in IntElement(rng.below(pool)) }) }
            var rates = MutationRates()
            rates.delete = 0.05; rates.insert = 0.05; rates.moveWithin = 0.02; rates.moveAcross = 0.01
            rates.update = 0.05
            mutator.rng = rng
            new = mutator.apply(rates, to: old)
            rng = mutator.rng
            for s in new.indices {
                for k in new[s].items.indices where rng.chance(0.05) { new[s].items[k].id = rng.below(pool) }
            }
        case .emptyToFull:
            old = []
            new = base
        case .fullToEmpty:
            new = []
        case .differencekit:
            var items = base[0].items
            items.removeSubrange(size * 4 / 10..<size * 6 / 10)
            let inserted = (0..<size / 5).map { _ in IntElement(mutator.freshItem()) }
            items.insert(contentsOf: inserted, at: min(items.count, size * 6 / 10))
            var head = Array(items[0..<size / 25])
            rng.shuffle(&head)
            items.replaceSubrange(0..<size / 25, with: head)
            new = [Section(base[0].model, items: items)]
        case .mixed, .crossMove, .append, .prepend, .filter, .shuffle, .reverse, .replace, .update, .swipeDelete,
            .dragMove, .insertOne, .sectionShuffle, .unchanged, .touchOne, .liveFeed:
            preconditionFailure("\(rawValue) is made by evolve(_:size:mutator:rng:)")
        }
        return GeneratedCase(
            scenario: self,
            size: size,
            sections: sections,
            seed: seed,
            old: Snapshot(old),
            new: Snapshot(new)
        )
    }

    /// Scenarios whose change applies to any snapshot, so that a trace can repeat it step after
    /// step (`bench corpus write-trace`); the others need a particular old snapshot.
    public static let streamable: [Scenario] = [
        .mixed, .crossMove, .append, .prepend, .filter, .shuffle, .reverse, .replace, .update, .swipeDelete, .dragMove,
        .insertOne, .sectionShuffle, .unchanged, .touchOne, .liveFeed
    ]

    /// The change of a streamable scenario applied to `base`; `nil` for the other scenarios.
    /// `size` sets how many items `append` and `prepend` add. A snapshot with no sections (or,
    /// for the single-item changes, no items) comes back unchanged.
    ///
    /// - Complexity: O(*n*) for most scenarios; O(*n* log *n*) where items are scattered.
    func evolve(
        _ base: [Section<IntElement, IntElement>], size: Int, mutator: inout Mutator,
        rng: inout SeededGenerator
    ) -> [Section<IntElement, IntElement>]? {
        var new = base
        let hasItems = base.contains { !$0.items.isEmpty }
        switch self {
        case .mixed, .crossMove:
            var rates = MutationRates()
            if self == .mixed {
                rates.delete = 0.05; rates.insert = 0.05; rates.moveWithin = 0.02; rates.moveAcross = 0.01
                rates.update = 0.05; rates.updateMoved = 0.25; rates.sectionDelete = 0.02; rates.sectionInsert = 0.02
                rates.sectionMove = 0.02; rates.sectionUpdate = 0.02
            } else {
                rates.moveAcross = 0.10; rates.moveWithin = 0.02; rates.updateMoved = 0.25
            }
            new = mutator.apply(rates, to: base)
        case .liveFeed:
            var rates = MutationRates()
            rates.delete = 0.0005; rates.insert = 0.0005; rates.moveAcross = 0.002; rates.update = 0.01
            new = mutator.apply(rates, to: base)
            if new.count >= 2 {
                let a = rng.below(new.count), b = (a + 1 + rng.below(new.count - 1)) % new.count
                new.swapAt(a, b)
            }
        case .append where !new.isEmpty:
            new[new.count - 1].items += (0..<max(1, size / 10)).map { _ in IntElement(mutator.freshItem()) }
        case .prepend where !new.isEmpty:
            new[0].items = (0..<max(1, size / 10)).map { _ in IntElement(mutator.freshItem()) } + new[0].items
        case .filter:
            for s in new.indices { new[s].items = new[s].items.filter { _ in rng.chance(0.3) } }
            new.removeAll { $0.items.isEmpty }
        case .shuffle:
            for s in new.indices { rng.shuffle(&new[s].items) }
        case .reverse:
            new = base.reversed().map { Section($0.model, items: $0.items.reversed()) }
        case .replace:
            new = base.map { section in
                Section(
                    IntElement(mutator.freshSection()),
                    items: section.items.map { _ in IntElement(mutator.freshItem()) })
            }
        case .update:
            for s in new.indices { for k in new[s].items.indices where rng.chance(0.2) { new[s].items[k].rev += 1 } }
        case .swipeDelete where hasItems:
            let s = Scenario.nonEmptySection(base, &rng)
            new[s].items.remove(at: rng.below(new[s].items.count))
        case .dragMove where hasItems:
            let s = Scenario.nonEmptySection(base, &rng)
            let item = new[s].items.remove(at: rng.below(new[s].items.count))
            let t = rng.below(new.count)
            new[t].items.insert(item, at: rng.below(new[t].items.count + 1))
        case .insertOne where !new.isEmpty:
            let t = rng.below(new.count)
            new[t].items.insert(IntElement(mutator.freshItem()), at: rng.below(new[t].items.count + 1))
        case .sectionShuffle:
            rng.shuffle(&new)
        case .unchanged:
            // Rebuilt element by element: a differ must not find the old storage shared.
            new = base.map { Section($0.model, items: $0.items.map { IntElement($0.id, rev: $0.rev) }) }
        case .touchOne where hasItems:
            new = base.map { Section($0.model, items: $0.items.map { IntElement($0.id, rev: $0.rev) }) }
            let total = base.reduce(0) { $0 + $1.items.count }
            var flat = total / 4 + rng.below(max(1, total / 2))
            var s = 0
            while flat >= new[s].items.count { flat -= new[s].items.count; s += 1 }
            new[s].items[flat].rev += 1
        case .append, .prepend, .swipeDelete, .dragMove, .insertOne, .touchOne:
            break
        case .unfilter, .expandCollapse, .duplicates, .emptyToFull, .fullToEmpty, .differencekit:
            return nil
        }
        return new
    }

    /// `size` items with ids `0..<size`, split evenly over sections with ids `0..<sections`.
    static func base(size: Int, sections: Int) -> [Section<IntElement, IntElement>] {
        var result: [Section<IntElement, IntElement>] = []
        result.reserveCapacity(sections)
        var next = 0
        for s in 0..<sections {
            let count = size / sections + (s < size % sections ? 1 : 0)
            result.append(Section(IntElement(s), items: (next..<next + count).map { IntElement($0) }))
            next += count
        }
        return result
    }

    static func nonEmptySection(_ sections: [Section<IntElement, IntElement>], _ rng: inout SeededGenerator) -> Int {
        let candidates = sections.indices.filter { !sections[$0].items.isEmpty }
        return candidates[rng.below(candidates.count)]
    }
}

/// A bad corpus parameter; the message names it.
package struct CorpusError: Error, Equatable, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

extension String {
    /// FNV-1a of the UTF-8 bytes: stable across runs and machines, unlike `hashValue`.
    var hashValueStable: UInt64 {
        ContentHash(utf8).value
    }
}
