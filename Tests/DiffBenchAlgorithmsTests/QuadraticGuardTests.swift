// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchAlgorithms
import DiffBenchDiffCore

/// The standard library's difference refuses, before it runs, work that would take minutes,
/// counting the elements on one side only on the joined identities; small input is never refused.
@Suite struct QuadraticGuardTests {
    /// `sections` sections of `perSection` items, ids from `first` on (sections from `first` too).
    func sectioned(_ sections: Int, _ perSection: Int, from first: Int) -> IntSnapshot {
        IntSnapshot(
            (0..<sections).map { s in
                let start = first + s * perSection
                return Section(IntElement(first + s), items: (start..<start + perSection).map { IntElement($0) })
            })
    }

    @Test func oneSidedCountsEveryElementOnOneSideOnly() {
        let old = IntSnapshot([Section(IntElement(0), items: [1, 2, 2, 3, 4].map { IntElement($0) })])
        let new = IntSnapshot([Section(IntElement(0), items: [2, 5, 5, 4, 6].map { IntElement($0) })])
        // Old only: 1, 3 and one of the two 2s (the new list holds one); new only: 5, 5 and 6.
        // Before, a repeated identity counted as kept however often it repeated: 5.
        #expect(QuadraticGuard.oneSided(DenseIdentities(itemsOf: old, new)) == 6)
        #expect(QuadraticGuard.oneSided(DenseIdentities(sectionsOf: old, new)) == 0)
        #expect(QuadraticGuard.oneSided(DenseIdentities(itemsOf: old, old)) == 0)
    }

    /// 160,000 items over 10 identities become 60,000 over the same 10 (in another order, so that
    /// no end is shared): every identity is on both sides, so counting identities alone saw no
    /// edit and nothing to refuse; by their counts 100,000 items go, and (n + m) D =
    /// 220,002 x 100,000 is past the limit.
    @Test func repeatedIdentitiesCountByHowOftenTheyRepeat() throws {
        let old = IntSnapshot([Section(IntElement(0), items: (0..<160_000).map { IntElement($0 % 10) })])
        let new = IntSnapshot([Section(IntElement(0), items: (0..<60_000).map { IntElement(9 - $0 % 10) })])
        #expect(QuadraticGuard.oneSided(DenseIdentities(itemsOf: old, new)) == 100_000)
        #expect(throws: DiffError.self) {
            try QuadraticGuard.check(
                sections: DenseIdentities(sectionsOf: old, new), items: DenseIdentities(itemsOf: old, new),
                algorithm: "stdlib")
        }
    }

    @Test func aLargeReplacementIsRefusedWithItsEstimate() throws {
        let old = sectioned(1_000, 100, from: 0), new = sectioned(1_000, 100, from: 1_000_000)
        // 202,000 elements, every one on one side only.
        #expect(throws: DiffError.self) { try StdlibDifference().diff(from: old, to: new) }
        do {
            _ = try StdlibDifference().diff(from: old, to: new)
        } catch {
            #expect(error.description.contains("202000 elements and at least 202000 edits"))
        }
    }

    @Test func largeAlikeInputAndSmallInputPass() throws {
        let old = sectioned(1_000, 100, from: 0)
        var new = old
        new.sections[500].items.remove(at: 50)
        new.sections[10].items.append(IntElement(-7))
        let changeset = try StdlibDifference().diff(from: old, to: new)
        #expect(changeset.stages.count > 0)
        // Under the threshold nothing is estimated: a full replacement runs.
        let small = try StdlibDifference().diff(from: sectioned(10, 10, from: 0), to: sectioned(10, 10, from: 1_000))
        #expect(small.stages.count > 0)
    }

    @Test func aReversalOrAShuffleIsRefusedThoughNothingIsOnOneSide() throws {
        // One flat section of 100,000 items, reversed: every item kept, D = 199,998.
        let old = sectioned(1, 100_000, from: 0)
        var reversed = old
        reversed.sections[0].items.reverse()
        do {
            _ = try StdlibDifference().diff(from: old, to: reversed)
            Issue.record("a flat reversal of 100,000 items ran (minutes of the standard library's search)")
        } catch {
            #expect(
                error.description.contains(
                    "billion steps of the standard library's search (at least 199998 edits"))
        }
        // The same reversal within 1,000 sections of 100 is cheap per pair: it runs.
        let sectionedOld = sectioned(1_000, 100, from: 0)
        var sectionedReversed = sectionedOld
        for k in sectionedReversed.sections.indices { sectionedReversed.sections[k].items.reverse() }
        let runs = try StdlibDifference().diff(from: sectionedOld, to: sectionedReversed)
        #expect(runs.stages.count > 0)
    }
}
