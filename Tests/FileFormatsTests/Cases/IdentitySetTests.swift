import Testing
import DiffModel
import Corpus
@testable import FileFormats

/// ``IdentitySet`` must answer every insert as a `Set<CaseID>` does, whether it keeps bits or
/// falls back to the set.
@Suite struct IdentitySetTests {
    /// One section holding `ids` in order.
    func snapshot(_ ids: [CaseID]) -> CaseSnapshot {
        CaseSnapshot([Section(CaseElement(.int(0)), items: ids.map { CaseElement($0) })])
    }

    /// Inserts every id in order into an ``IdentitySet`` and a `Set`, and compares each answer.
    func answersAlike(_ ids: [CaseID]) -> Bool {
        var bits = IdentitySet(snapshot(ids)), reference = Set<CaseID>()
        return ids.allSatisfy { bits.insert($0) == reference.insert($0).inserted }
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func narrowIntegerRangesWithDuplicates(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let count = Int.random(in: 1...300, using: &rng)
        let low = Int.random(in: -1_000...1_000, using: &rng)
        // Values in a range at most twice the count: the bit array; duplicates are likely.
        let ids = (0..<count).map { _ in CaseID.int(low + Int.random(in: 0..<(2 * count), using: &rng)) }
        #expect(answersAlike(ids))
    }

    @Test func wideRangesExtremesAndStringsFallBackToTheSet() {
        #expect(answersAlike([.int(0), .int(1 << 40), .int(0)]))
        #expect(answersAlike([.int(Int.min), .int(Int.max), .int(Int.min), .int(Int.max)]))
        #expect(answersAlike([.int(7), .string("7"), .int(7), .string("7")]))
        #expect(answersAlike([.int(3), .int(64), .int(65), .int(3), .int(127), .int(64)]))
        #expect(answersAlike([]))
    }

    @Test func aDuplicateIntegerIdIsReportedWhereTheSetReportsIt() throws {
        // The direct reader: the first repeated value, with its path.
        let text = "{ \"format\": \"diffbench-case/1\", \"old\": [{\"id\": 1, \"items\": [{\"id\": 4}, {\"id\": 5}, "
            + "{\"id\": 6}, {\"id\": 5}]}], \"new\": [] }"
        #expect(throws: InputError.self) { try CaseFile.decode(Array(text.utf8), file: "t.json") }
        do { _ = try CaseFile.decode(Array(text.utf8), file: "t.json") } catch {
            #expect(error.description == "t.json: $.old[0].items[3]: duplicate item id 5 (item ids must be unique "
                + "across the snapshot unless the case is marked \"duplicates\": true)")
        }
    }
}
