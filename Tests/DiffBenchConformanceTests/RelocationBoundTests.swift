// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
@testable import DiffBenchConformance

/// The relocation figures (README: quality figures): what no changeset can beat or game.
@Suite struct RelocationBoundTests {
    /// Figures of a one-stage changeset.
    func figures(_ old: Snap, _ new: Snap, _ update: BatchUpdate) -> (QualityFigures, Bool) {
        let changeset = Changeset<CaseElement, CaseElement>.staged([Stage(update, after: nil)])
        let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: changeset)
        return (QualityFigures.measure(old: old, new: new, changeset: changeset, report: report), report.passed)
    }

    @Test func itemsLeavingADeletedSectionAreNotRelocatable() {
        // 2 leaves deleted section a for b: it can only be deleted and re-inserted.
        let old = sections(("a", ["1", "2"]), ("b", ["3"])), new = sections(("b", ["2", "3"]))
        #expect(QualityFigures.minimumRelocations(old: old, new: new) == 0)
        let (q, passed) = figures(old, new, batch(ins: [p(0, 0)], secDel: [0]))
        #expect(passed)
        #expect(q.relocations == 0 && q.minimumRelocations == 0 && q.excessMoves == 0)
        // Entering an inserted section likewise.
        #expect(
            QualityFigures.minimumRelocations(
                old: sections(("a", ["1", "2"])),
                new: sections(("c", ["2"]), ("a", ["1"]))
            ) == 0)
    }

    @Test func deleteAndInsertOfAKeptItemCountsAsARelocation() {
        // Moving A to the end needs one relocation; a delete + insert of A is one as well, so
        // turning moves into delete + insert cannot lower the excess.
        let old = one("ABCD"), new = one("BCDA")
        let (moved, movedPassed) = figures(old, new, batch(mv: [(p(0, 0), p(0, 3))]))
        #expect(movedPassed && moved.relocations == 1 && moved.excessMoves == 0)
        let (reinserted, passed) = figures(old, new, batch(del: [p(0, 0)], ins: [p(0, 3)]))
        #expect(passed && reinserted.itemMoves == 0 && reinserted.relocations == 1 && reinserted.excessMoves == 0)
        // Deleting and re-inserting everything relocates all four.
        let (all, allPassed) = figures(old, new, batch(del: (0..<4).map { p(0, $0) }, ins: (0..<4).map { p(0, $0) }))
        #expect(allPassed && all.relocations == 4 && all.minimumRelocations == 1 && all.excessMoves == 3)
    }

    @Test func reloadsStayInPlace() {
        let (q, passed) = figures(one("AB"), one(["A'", "B"]), batch(rel: [p(0, 0)]))
        #expect(passed && q.relocations == 0 && q.minimumRelocations == 0)
    }

    @Test func duplicatesUseTheLongestCommonSubsequence() {
        // A A B -> A B A: two As and one B survive; the LCS (A B or A A) keeps two.
        #expect(QualityFigures.minimumRelocations(old: one("AAB"), new: one("ABA")) == 1)
        // A A -> A: one A survives and can stay.
        #expect(QualityFigures.minimumRelocations(old: one("AA"), new: one("A")) == 0)
        #expect(QualityFigures.minimumRelocations(old: one("ABAB"), new: one("BABA")) == 1)
    }

    /// The bound against a plain O(n m) LCS on small random cases, duplicates included.
    @Test func agreesWithQuadraticLCS() {
        var disagreements = 0
        for seed in 0..<UInt64(3_000) {
            let drawn = RandomCases.draw(seed: seed)
            let expected = Self.quadraticMinimum(drawn.old, drawn.new)
            if QualityFigures.minimumRelocations(old: drawn.old, new: drawn.new) != expected { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }

    static func quadraticMinimum(_ old: IntSnapshot, _ new: IntSnapshot) -> Int {
        let (oldPartner, newPartner) = RelocationBound.pairSections(old, new)
        var oldCount: [Int: Int] = [:], newCount: [Int: Int] = [:]
        for (i, s) in old.sections.enumerated() where oldPartner[i] >= 0 {
            for x in s.items { oldCount[x.id, default: 0] += 1 }
        }
        for (j, s) in new.sections.enumerated() where newPartner[j] >= 0 {
            for x in s.items { newCount[x.id, default: 0] += 1 }
        }
        let relocatable = oldCount.reduce(0) { $0 + min($1.value, newCount[$1.key] ?? 0) }
        var kept = 0
        for (j, s) in new.sections.enumerated() where newPartner[j] >= 0 {
            let a = old.sections[newPartner[j]].items.map(\.id), b = s.items.map(\.id)
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for x in 0..<a.count {
                for y in 0..<b.count {
                    table[x + 1][y + 1] = a[x] == b[y] ? table[x][y] + 1 : max(table[x][y + 1], table[x + 1][y])
                }
            }
            kept += table[a.count][b.count]
        }
        return relocatable - kept
    }
}
