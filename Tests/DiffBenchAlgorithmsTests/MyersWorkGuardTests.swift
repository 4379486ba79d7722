// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchAlgorithms

/// Myers refuses, before searching, work that would take minutes; small or repeated input is
/// never estimated.
@Suite struct MyersWorkGuardTests {
    @Test func aLongReversalIsRefusedWithItsEstimate() {
        var guardian = MyersWorkGuard(limit: 1e9)
        let a = Array(0..<20_000)
        // D = 2 x 20,000 - 2 x 1 (the longest common subsequence of a reversal is one element).
        let admitted = guardian.admit(a, a.reversed())
        #expect(!admitted)
        #expect(guardian.steps == 40_000 * 39_998)
        #expect(guardian.refusal?.contains("39998 edits in one sequence of 40000 elements") == true)
    }

    @Test func alikeSequencesPassAndSmallOrRepeatedOnesAreNotEstimated() {
        var guardian = MyersWorkGuard(limit: 1.5e9)
        let a = Array(0..<20_000)
        var b = a
        b.swapAt(10, 19_990)
        let alike = guardian.admit(a, b)
        #expect(alike)
        #expect(guardian.steps == 40_000 * 4)
        var fresh = MyersWorkGuard(limit: 1)
        let small = fresh.admit(Array(0..<100), Array((0..<100).reversed()))
        let repeated = fresh.admit(a + [5], a.reversed())
        #expect(small && repeated)
        #expect(fresh.steps == 0 && fresh.refusal == nil)
    }

    @Test func aPairWhoseWorstCaseCannotCrossTheLimitIsNotEstimated() {
        var guardian = MyersWorkGuard(limit: 2e9)
        let a = Array(0..<20_000)
        let admitted = guardian.admit(a, a.reversed())  // (40,000)^2 = 1.6 x 10^9: within the limit
        #expect(admitted && guardian.steps == 0)
    }

    @Test func theDefaultLimitLeavesEverySuiteCellAlone() {
        // The full suite's largest Myers cell, differencekit at 1,000,000 items, estimates about
        // 1.6 x 10^11 steps; the limit must stay above it.
        #expect(MyersWorkGuard.limit >= 2e11)
    }
}
