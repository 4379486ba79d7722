// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchConformance

/// Rules the worked examples do not reach.
@Suite struct RuleTests {
    @Test func boundsOfDeletesAndMoves() {
        #expect(
            check(
                one("AB"),
                one("A"),
                batch(del: [p(0, 5)])
            ).message(.r6) == "attempt to delete row 5 from section 0 which only contains 2 rows before the update")
        #expect(
            check(
                one("AB"),
                one("A"),
                batch(del: [p(3, 0)])
            ).message(.r5) == "attempt to delete row 0 from section 3, but there are only 1 sections before the update"
        )
        #expect(
            check(
                one("AB"),
                Snap([]),
                batch(secDel: [4])
            ).message(.r4) == "attempt to delete section 4, but there are only 1 sections before the update")
        #expect(check(one("AB"), one("BA"), batch(mv: [(p(0, 9), p(0, 0))])).firstFailure?.ruleID == .r14d)
        #expect(check(one("AB"), one("BA"), batch(mv: [(p(0, 0), p(0, 9))])).firstFailure?.ruleID == .r14f)
        #expect(
            check(
                sections(("a", []), ("b", [])),
                sections(("b", []), ("a", [])),
                batch(secMv: [(0, 1), (1, 7)])
            ).message(.r14b)
                == "attempt to to move section 1 to section 7, but there are only 2 sections after the update")
    }

    @Test func conflictingMoves() {
        let both = check(one("ABC"), one("CAB"), batch(mv: [(p(0, 2), p(0, 0)), (p(0, 2), p(0, 1))]))
        #expect(both.firstFailure?.ruleID == .r15b)
        #expect(both.message(.r15b).hasPrefix("attempt to move row at index path"))
        let same = check(one("ABC"), one("CAB"), batch(mv: [(p(0, 1), p(0, 0)), (p(0, 2), p(0, 0))]))
        #expect(same.firstFailure?.ruleID == .r15c)
        let duplicate = check(one("ABC"), one("CAB"), batch(mv: [(p(0, 2), p(0, 0)), (p(0, 2), p(0, 0))]))
        #expect(duplicate.passed)
        #expect(duplicate.has(.r15a, .lint))
    }

    @Test func sectionCount() {
        let report = check(sections(("a", []), ("b", [])), sections(("a", [])), batch())
        #expect(
            report.message(.r16) == "Invalid update: invalid number of sections.  The number of sections "
                + "contained in the table view after the update (1) must be equal to the number of sections "
                + "contained in "
                + "the table view before the update (2), plus or minus the number of sections inserted or deleted (0 "
                + "inserted, 0 deleted).")
    }

    @Test func reloadSectionsMixedWithOtherOperations() {
        let report = check(
            sections(("a", ["1"]), ("b", ["2"])),
            sections(("a'", ["1"]), ("b", ["2", "3"])),
            batch(ins: [p(1, 1)], secRel: [0])
        )
        #expect(report.has(.r19, .lint) && report.passed)
        let alone = check(sections(("a", ["1"])), sections(("a'", ["1"])), batch(secRel: [0]))
        #expect(alone.passed)
        // A reloaded section redraws its rows in place, as an item reload does.
        #expect(alone.identityPreserved == 1 && alone.keptInPlace == 1)
    }

    @Test func reloadInsideDeletedSection() {
        let report = check(
            sections(("a", ["1", "2"]), ("b", ["3"])),
            sections(("b", ["3"])),
            batch(rel: [p(0, 1)], secDel: [0])
        )
        #expect(report.firstFailure?.ruleID == .r13b)
    }

    @Test func reconfigureRefreshesCarriedCells() {
        #expect(check(one("AB"), one(["A'", "B"]), batch(reconfigure: [p(0, 0)])).passed)
        #expect(check(one("AB"), one(["A'", "B"]), batch()).has(.r22, .stale))
        let fresh = check(one("A"), one("BA"), batch(ins: [p(0, 0)], reconfigure: [p(0, 0)]))
        #expect(fresh.has(.r23, .lint))
    }

    @Test func stagesNeedAfterSnapshots() {
        let report = check(one("AB"), one("B"), [(batch(del: [p(0, 0)]), nil), (batch(), nil)])
        #expect(report.firstFailure?.ruleID == .stage)
        let wrongEnd = check(one("AB"), one("B"), [(batch(del: [p(0, 1)]), one("A"))])
        #expect(wrongEnd.firstFailure?.ruleID == .final)
    }

    @Test func deleteAndReinsertIsANote() {
        let report = check(one("ABC"), one("CAB"), batch(del: [p(0, 2)], ins: [p(0, 0)]))
        #expect(report.passed)
        #expect(report.has(.note, .note))
        #expect(abs(report.identityPreserved - 2.0 / 3.0) < 1e-9)
    }

    @Test func diffableRules() {
        let dup = Snap([Section(element("s"), items: [element("A"), element("A")])])
        #expect(
            ConformanceChecker(target: .diffable).check(
                old: dup,
                new: one("A"),
                changeset: .reloadData
            ).has(.d2, .exception))
        #expect(check(one("AB"), one(["A'", "B"]), batch(), target: .diffable).has(.d6, .stale))
        #expect(check(one("AB"), one(["A'", "B"]), batch(rel: [p(0, 0)]), target: .diffable).passed)
        #expect(check(one("AB"), one("B"), batch(rel: [p(0, 0)]), target: .diffable).has(.d4, .exception))
    }

    /// Two deletes of one item, or a delete and a reload of it, are refused on the diffable target
    /// (they passed as `PASS (diffable)` before D8), and one of each still passes.
    @Test func diffableRefusesRepeatedOperationsOnOneItem() {
        let twice = check(one("ABC"), one("AC"), batch(del: [p(0, 1), p(0, 1)]), target: .diffable)
        #expect(twice.has(.d8, .exception))
        #expect(!twice.passed)
        let deleteAndReload = check(one("ABC"), one("AC"), batch(del: [p(0, 1)], rel: [p(0, 1)]), target: .diffable)
        #expect(deleteAndReload.has(.d8, .exception))
        #expect(check(one("ABC"), one("AC"), batch(del: [p(0, 1)]), target: .diffable).passed)
        #expect(check(one("ABC"), one(["A", "B'", "C"]), batch(rel: [p(0, 1)]), target: .diffable).passed)
    }

    @Test func quality() {
        // Moving A to the end: one move is the minimum; Heckel-style 2 moves would be 1 excess.
        #expect(QualityFigures.minimumRelocations(old: one("ABCD"), new: one("BCDA")) == 1)
        #expect(
            QualityFigures.minimumRelocations(
                old: sections(("a", ["1", "2"]), ("b", ["3"])),
                new: sections(("a", ["2"]), ("b", ["1", "3"]))
            ) == 1)
        #expect(QualityFigures.longestIncreasingSubsequence([3, 1, 2, 5, 4]) == 3)
        let report = check(
            one("ABCD"),
            one("BCDA"),
            batch(mv: [(p(0, 1), p(0, 0)), (p(0, 2), p(0, 1)), (p(0, 3), p(0, 2))])
        )
        #expect(report.passed)
        let q = QualityFigures.measure(
            old: one("ABCD"),
            new: one("BCDA"),
            changeset: .staged([
                Stage(
                    batch(mv: [(p(0, 1), p(0, 0)), (p(0, 2), p(0, 1)), (p(0, 3), p(0, 2))]),
                    after: nil
                )
            ]),
            report: report
        )
        #expect(q.itemMoves == 3 && q.relocations == 3 && q.minimumRelocations == 1 && q.excessMoves == 2)
    }

    @Test func theMostSevereFindingHeadsAFailure() {
        let misrender = Finding(rule: .r21, severity: .misrender, stage: 0, message: "wrong cell")
        let exception = Finding(rule: .r17, severity: .exception, stage: 1, message: "invalid number of rows")
        let stale = Finding(rule: .r22, severity: .stale, stage: 0, message: "old content")
        let report = ConformanceReport(
            findings: [stale, misrender, exception],
            reachedTarget: false,
            identityPreserved: 1,
            keptInPlace: 0
        )
        #expect(report.firstFailure == exception)
        let softer = ConformanceReport(
            findings: [stale, misrender],
            reachedTarget: true,
            identityPreserved: 1,
            keptInPlace: 0
        )
        #expect(softer.firstFailure == misrender)
    }

    @Test func anIndexEqualToTheSectionMarkerIsOutOfRange() {
        // reloadItems [[0, Int.max]] once passed: the index equals the whole-section marker.
        let reload = check(one("AB"), one("AB"), batch(rel: [p(0, Int.max)]))
        #expect(!reload.passed && reload.firstFailure?.ruleID == .r6)
        #expect(
            reload.message(.r6).contains(
                "attempt to delete row \(Int.max) from section 0 which only contains 2 "
                    + "rows"))
        let delete = check(one("AB"), one("A"), batch(del: [p(0, Int.max)]), target: .collection)
        #expect(delete.firstFailure?.ruleID == .r6)
        let insert = check(one("AB"), one("ABC"), batch(ins: [p(0, Int.max)]))
        #expect(insert.firstFailure?.ruleID == .r12)
    }
}

/// Collection-view wording changes whole words only.
@Suite struct MessageWordingTests {
    @Test func onlyWholeWordsChange() {
        let words = Messages(target: .collection)
        #expect(
            words.uikit("reload of row 4: UIKit throws a row-count exception; 3 rows, arrows")
                == "reload of item 4: UIKit throws a item-count exception; 3 items, arrows")
        #expect(words.uikit("the table view throws") == "the collection view throws")
        #expect(Messages(target: .table).uikit("row throws") == "row throws")
    }
}
