// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchConformance
import DiffBenchCorpus
import DiffBenchDiffers
@testable import DiffBenchVerification

/// A differ with a planted bug: heckel's changeset with every moved item also reloaded at its old
/// path, in the same batch (UIKit: "attempt to perform a delete and a move from the same index
/// path", R2).
struct ReloadsMovedItems: DiffAlgorithm {
    var name: String { "reloads-moved" }
    var summary: String { "heckel, and a reload of every moved item" }

    func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        guard case .staged(var stages) = try Heckel().diff(from: old, to: new) else { return .reloadData }
        for k in stages.indices { stages[k].update.reloadItems += stages[k].update.moveItems.map(\.from) }
        return .staged(stages)
    }
}

@Suite struct CaseShrinkerTests {
    let shrinker = CaseShrinker(differ: Differ(ReloadsMovedItems()), checker: ConformanceChecker(target: .table))

    /// The first random case on which the planted bug fails, with its rule.
    func failingCase() throws -> (old: IntSnapshot, new: IntSnapshot, rule: RuleID) {
        for seed in UInt64(1)...400 {
            let drawn = RandomCases.draw(seed: seed, maxSections: 5, maxItems: 12)
            if let rule = shrinker.failingRule(old: drawn.old, new: drawn.new) { return (drawn.old, drawn.new, rule) }
        }
        throw ShrinkTestError.noFailure
    }

    enum ShrinkTestError: Error { case noFailure }

    @Test func aShrunkCaseStillFailsUnderTheSameRuleAndIsSmall() throws {
        let found = try failingCase()
        #expect(found.rule == .r2)
        let small = shrinker.shrink(old: found.old, new: found.new, rule: found.rule)
        #expect(shrinker.failingRule(old: small.old, new: small.new) == .r2)
        // One moved item needs two items and one section: nothing else is kept.
        #expect(small.old.sections.count == 1 && small.new.sections.count == 1)
        #expect(small.old.itemCount == 2 && small.new.itemCount == 2)
        #expect(small.old.itemCount < found.old.itemCount)
    }

    @Test func theResultIsOneMinimal() throws {
        let found = try failingCase()
        let small = shrinker.shrink(old: found.old, new: found.new, rule: found.rule)
        for kind in CaseShrinker.AtomKind.allCases {
            for atom in CaseShrinker.atoms(kind, small.old, small.new) {
                let smaller = CaseShrinker.dropping(kind, [atom], small.old, small.new)
                #expect(shrinker.failingRule(old: smaller.old, new: smaller.new) != .r2, "\(kind) \(atom) could go")
            }
        }
    }

    @Test func aPassingDifferHasNoFailingRule() throws {
        let found = try failingCase()
        let heckel = CaseShrinker(differ: Differ(Heckel()), checker: ConformanceChecker(target: .table))
        #expect(heckel.failingRule(old: found.old, new: found.new) == nil)
    }

    @Test func theSummaryTalliesRulesAndRendersJSON() {
        var summary = VerificationSummary()
        summary.algorithms = ["a"]
        var fail = VerificationResult(label: "case 1", algorithm: "a", verdict: .fail, detail: "stage 0 R2 ...")
        (fail.rule, fail.severity, fail.message) = (.r2, .exception, "attempt to perform a delete and a move")
        summary.add([fail])
        summary.add([fail])
        summary.add([
            VerificationResult(
                label: "case 3", algorithm: "a", verdict: .unsupported,
                detail: "a: 12 duplicate item identities")
        ])
        summary.add([
            VerificationResult(
                label: "case 4", algorithm: "a", verdict: .unsupported,
                detail: "a: 3 duplicate item identities")
        ])
        let tally = summary.tallies["a"]
        #expect(tally?.failed == 2 && tally?.unsupported == 2)
        #expect(
            tally?.rules == [
                RuleTally(
                    rule: .r2, severity: .exception, count: 2,
                    message: "attempt to perform a delete and a move", example: "case 1")
            ])
        #expect(tally?.reasons.map(\.reason) == ["a: # duplicate item identities"])
        let json = summary.json(target: "table", minimalCases: ["a": [.r2: "cases/a-R2.json"]])
        #expect(json.contains(#""rule":"\#(RuleID.r2)","severity":"exception","count":2"#))
        #expect(json.contains(#""minimal_case":"cases/a-R2.json""#))
        // An array of objects puts each on a line of its own.
        #expect(json.contains(#""reasons":[\#n{"reason":"a: # duplicate item identities","count":2}]"#))
    }
}
