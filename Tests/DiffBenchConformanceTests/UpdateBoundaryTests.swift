// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchConformance

/// Structure is judged per batch, content at the end of an update (stages sent in one turn of
/// the run loop): DeepDiff's batch followed by its `reloadRows` is one update.
@Suite struct UpdateBoundaryTests {
    /// Checks stages given as (batch, after, continues the previous stage's update).
    func staged(_ old: Snap, _ new: Snap, _ stages: [(BatchUpdate, Snap?, Bool)], target: Target = .table)
        -> ConformanceReport
    {
        ConformanceChecker(target: target).check(
            old: old, new: new,
            changeset: .staged(
                stages.map {
                    Stage($0.0, after: $0.1, continuesUpdate: $0.2)
                }))
    }

    @Test func aFollowUpReloadInTheSameUpdateRefreshesAStaleRow() {
        // B moves to the front and changes; the batch moves it, the follow-up reloads it at its new path.
        let old = one("AB"), new = one(["B'", "A"])
        let report = staged(
            old, new,
            [
                (batch(mv: [(p(0, 1), p(0, 0))]), new, false),
                (batch(rel: [p(0, 0)]), nil, true)
            ])
        #expect(report.passed, "\(report.findings)")
    }

    @Test func theSameReloadAsASeparateUpdateLeavesAFrameStale() {
        let old = one("AB"), new = one(["B'", "A"])
        let report = staged(
            old, new,
            [
                (batch(mv: [(p(0, 1), p(0, 0))]), new, false),
                (batch(rel: [p(0, 0)]), nil, false)
            ])
        #expect(report.has(.r22, .stale))
        #expect(report.findings.first { $0.ruleID == .r22 }?.stage == 0)
    }

    @Test func aFollowUpThatReloadsTheWrongRowStillFails() {
        let old = one("AB"), new = one(["B'", "A"])
        let report = staged(
            old, new,
            [
                (batch(mv: [(p(0, 1), p(0, 0))]), new, false),
                (batch(rel: [p(0, 1)]), nil, true)
            ])
        #expect(report.has(.r22, .stale))
        #expect(report.message(.r22).contains("row 0 of section 0"))
    }

    @Test func aStaleRowIsFollowedWhereItsCellGoes() {
        // Stale after the first batch at row 1; the second batch moves it to row 0 and reconfigures it there.
        let old = one("AB"), mid = one(["A", "B'"]), new = one(["B'", "A"])
        let refreshed = staged(
            old, new,
            [
                (batch(), mid, false),
                (batch(mv: [(p(0, 1), p(0, 0))], reconfigure: [p(0, 0)]), nil, true)
            ])
        #expect(refreshed.passed, "\(refreshed.findings)")
        let carried = staged(old, new, [(batch(), mid, false), (batch(mv: [(p(0, 1), p(0, 0))]), nil, true)])
        #expect(carried.has(.r22, .stale))
    }

    @Test func aStaleHeaderIsRefreshedByALaterSectionReloadOrARebind() {
        let old = sections(("a", ["1"])), new = sections(("a'", ["1"]))
        let reloaded = staged(old, new, [(batch(), new, false), (batch(secRel: [0]), nil, true)])
        #expect(reloaded.passed, "\(reloaded.findings)")
        var rebind = BatchUpdate()
        rebind.reconfigureSections = [0]
        #expect(staged(old, new, [(rebind, nil, false)]).passed)
        #expect(staged(old, new, [(batch(), new, false), (batch(secRel: [0]), nil, false)]).has(.r22, .stale))
    }

    @Test func aHeaderRebindOfASectionThatIsNotThereIsALint() {
        var rebind = BatchUpdate()
        rebind.reconfigureSections = [3]
        let report = staged(one("A"), one("A"), [(rebind, nil, false)])
        #expect(report.has(.r23, .lint) && report.passed)
    }

    @Test func structureIsStillJudgedPerBatch() {
        // The follow-up batch itself is invalid: a reload out of range throws whatever update it is in.
        let old = one("AB"), new = one(["B'", "A"])
        let report = staged(
            old, new,
            [
                (batch(mv: [(p(0, 1), p(0, 0))]), new, false),
                (batch(rel: [p(0, 5)]), nil, true)
            ])
        #expect(report.firstFailure?.severity == .exception)
    }
}
