// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
@testable import DiffBenchConformance
@testable import DiffBenchVerification

/// The checker's shortcut for sections a batch leaves alone (the very same items before and after)
/// gives the verdicts of the full replay.
@Suite struct UntouchedSectionsTests {
    func bothWays(
        _ old: ElementSnapshot<Int>, _ new: ElementSnapshot<Int>,
        _ changeset: Changeset<IntElement, IntElement>, target: Target
    )
        -> (ConformanceReport, ConformanceReport)
    {
        let fast = ConformanceChecker(target: target)
        var full = ConformanceChecker(target: target)
        full.replaysUntouchedSections = true
        return (
            fast.check(old: old, new: new, changeset: changeset),
            full.check(old: old, new: new, changeset: changeset)
        )
    }

    func expectSame(_ a: ConformanceReport, _ b: ConformanceReport, _ label: String) {
        #expect(a.findings == b.findings, "\(label)")
        #expect(
            a.reachedTarget == b.reachedTarget && a.identityPreserved == b.identityPreserved
                && a.keptInPlace == b.keptInPlace, "\(label)")
    }

    @Test(arguments: [Target.table, .collection])
    func fuzzedChangesetsGetTheSameReport(target: Target) {
        var fuzzer = ChangesetFuzzer(seed: 41)
        for n in 0..<20_000 {
            let input = fuzzer.next()
            let (a, b) = bothWays(input.old, input.new, input.changeset, target: target)
            expectSame(a, b, "input \(n)")
        }
    }

    /// One batch per section, as DeepDiff's glue sends them: most sections of every stage are untouched
    /// and shared; some stages leave a row stale that a later stage of the update may refresh.
    @Test func perSectionStagesGetTheSameReport() {
        var random = SeededGenerator(seed: 5)
        var shortcuts = 0
        for n in 0..<2_000 {
            let sections = 1 + random.below(6)
            let old: ElementSnapshot<Int> = Snapshot(
                (0..<sections).map { s in
                    Section(Element(1000 + s), items: (0..<random.below(5)).map { Element(s * 100 + $0) })
                })
            var new = old, stages: [Stage<IntElement, IntElement>] = []
            for s in 0..<sections where random.chance(0.5) {
                // Section s: its last row changes content; reloaded in this stage, the next, or never.
                var items = old.sections[s].items
                guard let last = items.indices.last else { continue }
                items[last].rev += 1
                if random.chance(0.3) { items.append(Element(s * 100 + 50)) }
                new.sections[s] = Section(old.sections[s].model, items: items)
                var batch = BatchUpdate()
                if items.count > old.sections[s].items.count { batch.insertItems = [ItemPath(s, items.count - 1)] }
                let when = random.below(3)
                if when == 0 { batch.reloadItems = [ItemPath(s, last)] }
                stages.append(Stage(batch, after: new, continuesUpdate: !stages.isEmpty && random.chance(0.7)))
                if when == 1 {
                    var reload = BatchUpdate()
                    reload.reloadItems = [ItemPath(s, last)]
                    stages.append(Stage(reload, after: new, continuesUpdate: random.chance(0.8)))
                }
            }
            guard !stages.isEmpty else { continue }
            stages[stages.count - 1].after = nil
            shortcuts += stages.count
            for target in [Target.table, .collection] {
                let (a, b) = bothWays(old, new, .staged(stages), target: target)
                expectSame(a, b, "case \(n)")
            }
        }
        #expect(shortcuts > 1_000)
    }
}
