// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
@testable import DiffBenchConformance

/// ``IdentityNumbering`` gives the same numbers by its array lookup (narrow integer ids) as by
/// its dictionary (every other id).
@Suite struct IdentityNumberingTests {
    /// Sections of `ids`, `width` items each.
    func snapshot<ID: Hashable & Sendable>(_ ids: [ID], width: Int = 7) -> Snapshot<Element<Int>, Element<ID>> {
        Snapshot(
            stride(from: 0, to: ids.count, by: width).map { start in
                Section(Element(start), items: ids[start..<min(ids.count, start + width)].map { Element($0) })
            })
    }

    func numbers<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID]) -> IdentityNumbering {
        IdentityNumbering(old: snapshot(old), new: snapshot(new, width: 5))
    }

    func same(_ a: IdentityNumbering, _ b: IdentityNumbering) -> Bool {
        a.old == b.old && a.new == b.new && a.count == b.count
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func arrayAndDictionaryAgree(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let count = Int.random(in: 0...200, using: &rng)
        let low = Int.random(in: -500...500, using: &rng)
        // Old values in a range twice the count (duplicates likely); new ones also outside it.
        let old = (0..<count).map { _ in low + Int.random(in: 0..<(2 * count + 1), using: &rng) }
        let new = (0..<Int.random(in: 0...200, using: &rng)).map { _ in
            low + Int.random(in: -20..<(2 * count + 20), using: &rng)
        }
        let byArray = numbers(old, new)
        let byDictionary = numbers(old.map { "\($0)" }, new.map { "\($0)" })
        #expect(same(byArray, byDictionary))
        #expect(same(numbers(old.map(CaseID.int), new.map(CaseID.int)), byDictionary))
        // Numbers follow first old appearance; a new id has its old id's number or -1.
        #expect(byArray.count == Set(old).count)
        for (f, value) in new.enumerated() {
            #expect(byArray.new[f] == (old.firstIndex(of: value).map { byArray.old[$0] } ?? -1))
        }
    }

    @Test func wideRangesExtremesAndMixedIdsStillNumberAlike() {
        let wide = numbers([0, 1 << 40, 0, 5], [5, 1 << 40, 9])
        #expect(wide.old == [0, 1, 0, 2] && wide.new == [2, 1, -1] && wide.count == 3)
        let extremes = numbers([Int.min, Int.max, Int.min], [Int.max, 0])
        #expect(extremes.old == [0, 1, 0] && extremes.new == [1, -1])
        // A string id in the new snapshot is never an old integer id.
        let mixed = numbers([CaseID.int(7), .int(8)], [.string("7"), .int(8), .int(7)])
        #expect(mixed.old == [0, 1] && mixed.new == [-1, 1, 0])
        let empty = numbers([Int](), [1, 2])
        #expect(empty.old.isEmpty && empty.new == [-1, -1] && empty.count == 0)
    }
}
