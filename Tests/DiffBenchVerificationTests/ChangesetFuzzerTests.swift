// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
@testable import DiffBenchVerification

/// The structural changeset fuzzer: a short run here (the long one is in .ci/run).
@Suite struct ChangesetFuzzerTests {
    @Test func aShortRunNeverTrapsAndReachesBothVerdicts() {
        var fuzzer = ChangesetFuzzer(seed: 7)
        let (passed, failed) = fuzzer.run(count: 4_000)
        // Both verdicts are reached: whole changesets pass, damaged ones fail.
        #expect(passed > 100)
        #expect(failed > 1_000)
    }

    @Test func theSameSeedGivesTheSameInputs() {
        var a = ChangesetFuzzer(seed: 11), b = ChangesetFuzzer(seed: 11)
        for _ in 0..<200 {
            let x = a.next(), y = b.next()
            #expect(x.old == y.old && x.new == y.new)
            #expect(x.changeset.stages.map(\.update) == y.changeset.stages.map(\.update))
        }
    }

    @Test func inputsIncludeHostileIndicesAndRepeats() {
        var fuzzer = ChangesetFuzzer(seed: 3)
        var negative = 0, huge = 0, repeated = 0
        for _ in 0..<2_000 {
            for stage in fuzzer.next().changeset.stages {
                let u = stage.update
                let paths = u.deleteItems + u.insertItems + u.reloadItems + u.moveItems.flatMap { [$0.from, $0.to] }
                if paths.contains(where: { $0.section < 0 || $0.item < 0 }) { negative += 1 }
                if paths.contains(where: { $0.item > Int.max / 4 }) { huge += 1 }
                if Set(u.deleteItems).count < u.deleteItems.count { repeated += 1 }
            }
        }
        #expect(negative > 50 && huge > 50 && repeated > 20)
    }
}
