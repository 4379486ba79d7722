// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchConformance

/// Worked examples E1-E13 (Corpus/cases/e01-...e13-...): small batches whose UIKit outcome is known
/// (docs/uikit-batch-updates.md).
@Suite struct WorkedExampleTests {
    @Test func e1DeleteAndMove() {
        let old = one("ABC"), new = one("CA")
        #expect(check(old, new, batch(del: [p(0, 1)], mv: [(p(0, 2), p(0, 0))])).passed)

        let merged = check(old, new, batch(del: [p(0, 1)], mv: [(p(0, 1), p(0, 0))]))
        #expect(!merged.passed)
        #expect(merged.firstFailure?.ruleID == .r2)
        #expect(
            merged.message(.r2) == "attempt to perform a delete and a move from the same index path "
                + "(<NSIndexPath: 0x…> {length = 2, path = 0 - 1})")

        let moveOnly = check(old, new, batch(mv: [(p(0, 2), p(0, 0))]))
        #expect(moveOnly.firstFailure?.ruleID == .r17)
        #expect(
            moveOnly.message(.r17) == "Invalid update: invalid number of rows in section 0.  The number of rows "
                + "contained in an existing section after the update (2) must be equal to the number of rows "
                + "contained in "
                + "that section before the update (3), plus or minus the number of rows inserted or deleted from that "
                + "section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that "
                + "section (0 moved in, 0 moved out).")

        let staged = check(old, new, [(batch(del: [p(0, 1)]), one("AC")), (batch(mv: [(p(0, 1), p(0, 0))]), new)])
        #expect(staged.passed)
        #expect(staged.identityPreserved == 1)
    }

    @Test func e2FillRuleIsNotSequentialMoves() {
        let old = one("ABC"), new = one("BAC")
        let noOp = check(old, new, batch(mv: [(p(0, 2), p(0, 2))]))
        #expect(noOp.has(.r21, .misrender))
        #expect(!noOp.passed)
        #expect(check(old, new, batch(mv: [(p(0, 0), p(0, 1))])).passed)
    }

    @Test func e3MoveOutOfDeletedSection() {
        let old = sections(("S0", ["a1", "a2"]), ("S1", ["b1"]), ("S2", ["c1"]))
        let new = sections(("S2", ["c1", "a2"]), ("S1", ["b1", "x"]))
        let bad = batch(ins: [p(1, 1)], mv: [(p(0, 1), p(0, 1))], secDel: [0], secMv: [(2, 0)])
        let collection = check(old, new, bad, target: .collection)
        #expect(collection.firstFailure?.severity == .exception)
        #expect(collection.message(.r3) == "cannot move an item from a deleted section (0)")
        let table = check(old, new, bad, target: .table)
        #expect(table.has(.r3, .exception))
        #expect(table.message(.r3) == "cannot move a row from a deleted section (0)")
        #expect(!table.passed)

        // Passes every UIKit assertion; the insert into the moved section is still a hazard (R18).
        let single = check(old, new, batch(ins: [p(0, 1), p(1, 1)], secDel: [0], secMv: [(2, 0)]))
        #expect(!single.findings.contains { $0.severity == .exception || $0.severity == .misrender })
        #expect(single.has(.r18, .hazard))
        #expect(single.reachedTarget)

        let staged = check(
            old, new,
            [
                (batch(secDel: [0]), sections(("S1", ["b1"]), ("S2", ["c1"]))),
                (batch(secMv: [(1, 0)]), sections(("S2", ["c1"]), ("S1", ["b1"]))),
                (batch(ins: [p(0, 1), p(1, 1)]), new)
            ])
        #expect(staged.passed)
    }

    @Test func e4ReloadOfMovedItem() {
        let old = one("ABC"), new = one(["C'", "A", "B"])
        let both = check(old, new, batch(mv: [(p(0, 2), p(0, 0))], rel: [p(0, 2)]))
        #expect(both.firstFailure?.ruleID == .r2)
        #expect(both.message(.r2).hasSuffix("path = 0 - 2})"))
        #expect(check(old, new, batch(del: [p(0, 2)], ins: [p(0, 0)])).passed)
        #expect(
            check(
                old,
                new,
                [(batch(rel: [p(0, 2)]), one(["A", "B", "C'"])), (batch(mv: [(p(0, 2), p(0, 0))]), new)]
            ).passed)
        let moveOnly = check(old, new, batch(mv: [(p(0, 2), p(0, 0))]))
        #expect(moveOnly.has(.r22, .stale))
        #expect(!moveOnly.passed)
    }

    @Test func e5ReloadTargetIgnoresMoves() {
        let old = one("WXYZ")
        let withReload = check(
            old,
            one(["Z", "W", "Y'"]),
            batch(del: [p(0, 1)], mv: [(p(0, 0), p(0, 1)), (p(0, 3), p(0, 0))], rel: [p(0, 2)])
        )
        #expect(withReload.firstFailure?.ruleID == .r8)
        #expect(
            withReload.message(.r8) == "attempt to perform an insert and a move to the same index path "
                + "(<NSIndexPath: 0x…> {length = 2, path = 0 - 1})")
        #expect(check(old, one("ZWY"), batch(del: [p(0, 1)], mv: [(p(0, 0), p(0, 1)), (p(0, 3), p(0, 0))])).passed)
    }

    @Test func e6ReloadThatIsFine() {
        let report = check(
            one("ABCD"),
            one(["X", "A", "B'", "C"]),
            batch(del: [p(0, 3)], ins: [p(0, 0)], rel: [p(0, 1)])
        )
        #expect(report.passed)
        #expect(report.findings.isEmpty)
    }

    @Test func e7Duplicates() {
        let twice = batch(del: [p(0, 0), p(0, 0)])
        let table = check(one("AB"), one("B"), twice, target: .table)
        #expect(table.passed)
        #expect(table.has(.r7, .lint))
        let collection = check(one("AB"), one("B"), twice, target: .collection)
        #expect(collection.has(.r7, .hazard))
        #expect(!collection.passed)
        // UICollectionView does not de-duplicate: the copy is counted, so the row count fails too.
        #expect(collection.firstFailure?.ruleID == .r17)
        let reloads = batch(rel: [p(0, 0), p(0, 0)])
        #expect(check(one("AB"), one(["A'", "B"]), reloads, target: .table).passed)
        #expect(!check(one("AB"), one(["A'", "B"]), reloads, target: .collection).passed)
    }

    @Test func e8RedundantItemOperations() {
        let old = sections(("a", ["1"])), new = sections(("a", ["1"]), ("b", ["2"]))
        let inserted = check(old, new, batch(ins: [p(1, 0)], secIns: [1]))
        #expect(inserted.passed)
        #expect(inserted.has(.r23, .lint))
        let deleted = check(
            sections(("a", ["1", "2", "3", "4"]), ("b", ["5"])),
            sections(("b", ["5"])),
            batch(del: [p(0, 3)], secDel: [0])
        )
        #expect(deleted.passed)
        #expect(deleted.has(.r23, .lint))
    }

    @Test func e9InsertIntoMovedSection() {
        let report = check(
            sections(("a", ["1"]), ("b", ["2"])),
            sections(("b", ["2", "3"]), ("a", ["1"])),
            batch(ins: [p(0, 1)], secMv: [(1, 0)])
        )
        #expect(report.has(.r18, .hazard))
        #expect(report.message(.r18).contains("object cannot be nil"))
        #expect(!report.findings.contains { $0.severity == .exception })
        #expect(!report.passed)
    }

    @Test func e10SwapSectionsWithCrossMove() {
        let report = check(
            sections(("a", ["1", "2"]), ("b", ["3", "4"])),
            sections(("b", ["3", "4", "1"]), ("a", ["2"])),
            batch(mv: [(p(0, 0), p(0, 2))], secMv: [(0, 1), (1, 0)])
        )
        #expect(!report.findings.contains { $0.severity == .exception || $0.severity == .misrender })
        #expect(report.reachedTarget)
        #expect(report.has(.r18, .hazard))
    }

    @Test func e11ReloadInsideMovedSection() {
        let report = check(
            sections(("a", ["1", "2"]), ("b", ["3", "4"])),
            sections(("b", ["3", "4"]), ("a", ["1", "2'"])),
            batch(rel: [p(0, 1)], secMv: [(0, 1)])
        )
        #expect(report.firstFailure?.ruleID == .r17)
        #expect(
            report.message(.r17).hasPrefix(
                "Invalid update: invalid number of rows in section 0.  The number of "
                    + "rows contained in an existing section after the update (2) must be equal to the number of rows "
                    + "contained in that section before the update (2), plus or minus the number of rows inserted or "
                    + "deleted from that section (1 inserted, 0 deleted)"))
    }

    @Test func e12InsertOutOfBounds() {
        let report = check(one("A"), one("AB"), batch(ins: [p(0, 2)]))
        #expect(
            report.message(.r12) == "attempt to insert row 2 into section 0, but there are only 2 rows in "
                + "section 0 after the update")
        let collection = check(one("A"), one("AB"), batch(ins: [p(0, 2)]), target: .collection)
        #expect(
            collection.message(.r12) == "attempt to insert item 2 into section 0, but there are only 2 items in "
                + "section 0 after the update")
    }

    @Test func e13ApplesCountExample() {
        func counts(_ c: [Int], changed: Int = -1) -> Snap {
            var id = 0
            return Snap(
                c.enumerated().map { s, n in
                    Section(
                        element("S\(s)"),
                        items: (0..<n).map { _ in
                            id += 1; return CaseElement(.int(id))
                        })
                })
        }
        let update = batch(del: [p(2, 1)], ins: [p(0, 0), p(1, 2)], rel: [p(1, 1)])
        let old = counts([10, 20, 30])
        // Counts only: identity mismatches are expected, the count check must pass.
        let right = check(old, counts([11, 21, 29]), update)
        #expect(!right.findings.contains { $0.severity == .exception })
        let wrong = check(old, counts([11, 20, 29]), update)
        #expect(wrong.firstFailure?.ruleID == .r17)
        #expect(
            wrong.message(.r17).contains("in section 1.")
                && wrong.message(.r17).contains("(2 inserted, 1 deleted)"))
    }
}
