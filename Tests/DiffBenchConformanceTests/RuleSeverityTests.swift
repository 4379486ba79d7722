// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchConformance

/// A rule's severity per target, and as `bench rules` writes it.
@Suite struct RuleSeverityTests {
    @Test func aSeverityPerViewIsReadPerTargetAndWrittenAsBefore() {
        let r7 = RuleSeverity.byView(table: .lint, collection: .hazard)
        #expect(r7.on(.table) == .lint && r7.on(.collection) == .hazard)
        #expect(r7.description == "lint (table), hazard (collection)")
        #expect(
            RuleSeverity.always(.stale).on(.diffable) == .stale && RuleSeverity.always(.stale).description == "stale")
        #expect(RuleSeverity.notReported.on(.table) == nil && RuleSeverity.notReported.description == "not reported")
    }

    /// Every finding the checker reports on the worked examples has the severity its rule's
    /// catalog line gives on that target.
    @Test func theCheckerReportsTheSeverityTheCatalogGives() {
        let cases: [(Snap, Snap, BatchUpdate)] = [
            (one("AB"), one("A"), batch(del: [p(0, 1), p(0, 1)])),
            (one("AB"), one("ABC"), batch(ins: [p(0, 2), p(0, 2)])),
            (one("AB"), one("A"), batch(del: [p(0, 5)])),
            (one("AB"), one(["A'", "B"]), batch())
        ]
        var seen = 0
        for target in [Target.table, .collection] {
            for (old, new, update) in cases {
                for finding in check(old, new, update, target: target).findings {
                    seen += 1
                    let rule = RuleCatalog.rule(finding.ruleID)
                    #expect(rule?.severity.on(target) == finding.severity, "\(finding) on \(target)")
                }
            }
        }
        #expect(seen >= 6)
    }
}
