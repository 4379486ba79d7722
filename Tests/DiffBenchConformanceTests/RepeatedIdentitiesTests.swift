// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchConformance

/// ``RepeatedIdentities`` must answer for every item as a `Set<CaseID>` insert does, whether
/// the numbering takes its array (narrow integer ids) or its dictionary.
@Suite struct RepeatedIdentitiesTests {
    /// Walks `ids` split into sections of three and compares each answer with a `Set`'s.
    func answersAlike(_ ids: [CaseID]) -> Bool {
        let snapshot = CaseSnapshot(
            stride(from: 0, to: ids.count, by: 3).map { start in
                Section(CaseElement(.int(start)), items: ids[start..<min(ids.count, start + 3)].map { CaseElement($0) })
            })
        var repeats = RepeatedIdentities(snapshot), reference = Set<CaseID>()
        return ids.allSatisfy { repeats.next() == !reference.insert($0).inserted }
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func narrowIntegerRangesWithDuplicates(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let count = Int.random(in: 1...300, using: &rng)
        let low = Int.random(in: -1_000...1_000, using: &rng)
        // Values in a range at most twice the count: the array; duplicates are likely.
        let ids = (0..<count).map { _ in CaseID.int(low + Int.random(in: 0..<(2 * count), using: &rng)) }
        #expect(answersAlike(ids))
    }

    @Test func wideRangesExtremesAndStringsTakeTheDictionary() {
        #expect(answersAlike([.int(0), .int(1 << 40), .int(0)]))
        #expect(answersAlike([.int(Int.min), .int(Int.max), .int(Int.min), .int(Int.max)]))
        #expect(answersAlike([.int(7), .string("7"), .int(7), .string("7")]))
        #expect(answersAlike([.int(3), .int(64), .int(65), .int(3), .int(127), .int(64)]))
        #expect(answersAlike([]))
    }
}
