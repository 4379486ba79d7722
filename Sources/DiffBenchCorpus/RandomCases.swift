// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Small random sectioned cases for property tests and `bench verify --random`: every kind of
/// mutation at once (section inserts, deletes, moves and updates; item inserts, deletes, moves
/// within and across sections in both directions, updates, moves with updates; empty
/// sections), and duplicate identities in one case out of eight.
package enum RandomCases {
    /// One drawn case.
    package struct Drawn: Sendable {
        package var label: String
        package var old: IntSnapshot
        package var new: IntSnapshot
        package var hasDuplicates: Bool
    }

    /// Alternates between `draw` and a small case of a scenario (cycling through all of them),
    /// so that `bench verify --random` covers the corpus's shapes too.
    package static func drawAny(seed: UInt64) -> Drawn {
        guard seed % 2 == 1 else { return draw(seed: seed) }
        var rng = SeededGenerator(seed: seed)
        let scenario = Scenario.allCases[Int((seed / 2) % UInt64(Scenario.allCases.count))]
        let size = 1 + rng.below(300)
        let sections = scenario.isFlat ? 1 : 1 + rng.below(min(size, 12))
        do {
            let generated = try scenario.generate(size: size, sections: sections, seed: seed)
            return Drawn(
                label: generated.label,
                old: generated.old,
                new: generated.new,
                hasDuplicates: scenario == .duplicates
            )
        } catch {
            preconditionFailure("valid parameters rejected: \(error)")
        }
    }

    /// The case for `seed`: the same seed always gives the same case.
    ///
    /// - Complexity: O(*n*) with *n* up to a few dozen items.
    package static func draw(seed: UInt64, maxSections: Int = 6, maxItems: Int = 12) -> Drawn {
        var rng = SeededGenerator(seed: seed)
        let duplicates = rng.below(8) == 0
        var nextID = 1
        func fresh() -> Int {
            defer { nextID += 1 }
            return duplicates && nextID > 3 && rng.chance(0.3) ? 1 + rng.below(nextID - 1) : nextID
        }
        var nextSection = 10_000
        var old: [Section<IntElement, IntElement>] = []
        for _ in 0..<rng.below(maxSections + 1) {
            let items = (0..<rng.below(maxItems + 1)).map { _ in IntElement(fresh()) }
            old.append(Section(IntElement(nextSection), items: items))
            nextSection += 1
        }

        var new = old
        // Sections: delete, update, insert, move.
        new.removeAll { _ in rng.chance(0.15) }
        for s in new.indices where rng.chance(0.1) { new[s].model.rev += 1 }
        for _ in 0..<rng.below(3) where rng.chance(0.5) {
            let items = (0..<rng.below(maxItems / 2 + 1)).map { _ in IntElement(fresh()) }
            new.insert(Section(IntElement(nextSection), items: items), at: rng.below(new.count + 1))
            nextSection += 1
        }
        if new.count > 1 && rng.chance(0.4) {
            for _ in 0..<1 + rng.below(2) { new.swapAt(rng.below(new.count), rng.below(new.count)) }
        }
        guard !new.isEmpty else {
            return Drawn(
                label: "random seed \(seed)",
                old: Snapshot(old),
                new: Snapshot(new),
                hasDuplicates: duplicates
            )
        }
        // Items: delete, update, move (within and across sections), insert.
        let deleteRate = [0.0, 0.1, 0.3][rng.below(3)]
        let updateRate = [0.0, 0.1, 0.3][rng.below(3)]
        var moving: [IntElement] = []
        for s in new.indices {
            new[s].items.removeAll { _ in rng.chance(deleteRate) }
            for k in new[s].items.indices where rng.chance(updateRate) { new[s].items[k].rev += 1 }
            var k = 0
            while k < new[s].items.count {
                if rng.chance(0.12) { moving.append(new[s].items.remove(at: k)) } else { k += 1 }
            }
        }
        for item in moving {
            let s = rng.below(new.count)
            new[s].items.insert(item, at: rng.below(new[s].items.count + 1))
        }
        for _ in 0..<rng.below(6) {
            let s = rng.below(new.count)
            new[s].items.insert(IntElement(fresh()), at: rng.below(new[s].items.count + 1))
        }
        return Drawn(label: "random seed \(seed)", old: Snapshot(old), new: Snapshot(new), hasDuplicates: duplicates)
    }
}
