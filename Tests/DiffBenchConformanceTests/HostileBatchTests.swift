// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchConformance

/// Changesets a buggy differ can send that once trapped the checker: each is judged by the
/// rule UIKit would apply, never by an out-of-range access or an overflow.
@Suite struct HostileBatchTests {
    @Test func repeatedDeletePlusReloadOfALaterRow() {
        // The reload's insert half is shifted by both copies of the delete and lands at row -1.
        let report = check(one("AB"), one(["B'"]), batch(del: [p(0, 0), p(0, 0)], rel: [p(0, 1)]))
        #expect(!report.passed)
        #expect(report.firstFailure?.ruleID == .r12)
        #expect(report.message(.r12).contains("attempt to insert row -1 into section 0"))
    }

    @Test func repeatedSectionDeletePlusReloadInALaterSection() {
        let old = sections(("a", ["1"]), ("b", ["2"]))
        let report = check(old, sections(("b", ["2'"])), batch(rel: [p(1, 0)], secDel: [0, 0]))
        #expect(!report.passed)
        #expect(report.firstFailure?.severity == .exception)
    }

    @Test func reloadIndicesNearIntMaxBesideInserts() {
        for item in [Int.max - 1, Int.max - 2, Int.max / 2] {
            let report = check(one("AB"), one("XAB"), batch(ins: [p(0, 0)], rel: [p(0, item)]))
            #expect(report.firstFailure?.ruleID == .r6)
        }
        let sectionReload = check(one("AB"), one("AB"), batch(secIns: [0], secRel: [Int.max - 1]))
        #expect(sectionReload.firstFailure?.severity == .exception)
    }

    @Test func negativeIndicesAreOutOfRange() {
        #expect(check(one("AB"), one("A"), batch(del: [p(0, -1)])).firstFailure?.ruleID == .r6)
        #expect(check(one("AB"), one("A"), batch(del: [p(-1, 0)])).firstFailure?.ruleID == .r5)
        #expect(check(one("AB"), one("ABC"), batch(ins: [p(0, -3)])).firstFailure?.ruleID == .r12)
        #expect(check(one("AB"), one("ABC"), batch(ins: [p(-2, 0)])).firstFailure?.ruleID == .r11)
        #expect(check(one("AB"), one("BA"), batch(mv: [(p(0, -1), p(0, 0))])).firstFailure?.ruleID == .r14d)
        #expect(check(one("AB"), one("BA"), batch(mv: [(p(0, 0), p(0, -1))])).firstFailure?.ruleID == .r14f)
        #expect(check(one("AB"), Snap([]), batch(secDel: [-1])).firstFailure?.ruleID == .r4)
        #expect(check(one("AB"), one("AB"), batch(secMv: [(0, -1)])).firstFailure?.ruleID == .r14b)
    }

    /// R19 alone is lint: UIKit accepts the batch; the section-level rules fail real conflicts.
    @Test func sectionReloadWithOtherOperations() {
        let old = sections(("a", ["1"]), ("b", ["2"]))
        let alone = check(old, sections(("a'", ["1"]), ("b", ["2", "3"])), batch(ins: [p(1, 1)], secRel: [0]))
        #expect(alone.passed)
        #expect(alone.has(.r19, .lint))
        // The same reload with a move out of the reloaded section: R3 (a move from a deleted
        // section), an exception on both views.
        let moved = batch(mv: [(p(0, 0), p(1, 0))], secRel: [0])
        let conflict = check(old, sections(("a'", []), ("b", ["1", "2"])), moved)
        #expect(!conflict.passed && conflict.firstFailure?.ruleID == .r3)
        let onCollection = check(old, sections(("a'", []), ("b", ["1", "2"])), moved, target: .collection)
        #expect(onCollection.firstFailure?.ruleID == .r3 && onCollection.firstFailure?.severity == .exception)
        // A reload and a move of the same section: R2.
        let both = check(old, sections(("b", ["2"]), ("a'", ["1"])), batch(secMv: [(0, 1)], secRel: [0]))
        #expect(both.firstFailure?.ruleID == .r2)
    }

    /// On the diffable target a case with duplicate identities is unsupported, not failed.
    @Test func diffableDuplicatesAreUnsupported() {
        let dup = Snap([Section(element("s"), items: [element("A"), element("A")])])
        let checker = ConformanceChecker(target: .diffable)
        #expect(checker.unsupportedInput(old: dup, new: one("A"))?.contains("item identity A appears twice") == true)
        #expect(checker.unsupportedInput(old: one("A"), new: one("AB")) == nil)
        #expect(ConformanceChecker(target: .table).unsupportedInput(old: dup, new: one("A")) == nil)
    }

    /// One model of a repeated delete on UICollectionView: not de-duplicated, so R7 is a hazard
    /// and the copy counts in R17; UITableView drops it (lint) and counts it once.
    @Test func repeatedDeleteModelOnBothTargets() {
        // [A,B,C] -> [C] with (0,0) twice and (0,1): three deletes where two are meant.
        let three = batch(del: [p(0, 0), p(0, 0), p(0, 1)])
        let collection = check(one("ABC"), one("C"), three, target: .collection)
        #expect(collection.has(.r7, .hazard))
        #expect(collection.firstFailure?.ruleID == .r17)
        let table = check(one("ABC"), one("C"), three, target: .table)
        #expect(table.passed && table.has(.r7, .lint))
        // [A,B,C] -> [B,C]... with the copy making up a missing delete: counts balance on the
        // collection model (headed by R7) and fail on the table model (R17).
        let compensating = batch(del: [p(0, 0), p(0, 0)])
        let c2 = check(one("ABC"), one("C"), compensating, target: .collection)
        #expect(c2.firstFailure?.ruleID == .r7 && !c2.has(.r17, .exception))
        #expect(check(one("ABC"), one("C"), compensating, target: .table).firstFailure?.ruleID == .r17)
    }
}
