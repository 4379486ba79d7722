// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchKit
@testable import DiffBenchLeague

/// The pieces every flat adapter shares, and the league's registry.
@Suite struct LeagueModelTests {
    @Test func keptSectionsPairByIdentityAndSkipWhatTheSectionDiffDeletesOrInserts() {
        let pairs = KeptSections.pairs(old: [1, 2, 3, 4], new: [4, 2, 5, 1], deleted: [0], inserted: [0])
        #expect(pairs.map { [$0.old, $0.new] } == [[1, 1]])
        #expect(KeptSections.pairs(old: [1, 2], new: [2, 1]).map { [$0.old, $0.new] } == [[0, 1], [1, 0]])
    }

    @Test func theLeagueNamesAtLeastSixDistinctDiffersBesideNoBuiltIn() {
        let names = League.differs.map(\.name)
        #expect(names.count >= 6 && Set(names).count == names.count)
        #expect(Set(names).isDisjoint(with: ["reload", "heckel", "myers", "stdlib", "lis"]))
    }

    @Test func rowsAndHeadersRoundTripTheCorpusElements() {
        let list = AppList(snapshot([(7, 2, [(1, 0), (2, 5)])]))
        #expect(list.headers.map(\.element) == [Element(7, rev: 2)])
        #expect(list.rows[0].map(\.element) == [Element(1, rev: 0), Element(2, rev: 5)])
    }
}
