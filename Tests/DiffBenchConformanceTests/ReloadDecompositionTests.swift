// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
@testable import DiffBenchConformance

@Suite struct ReloadDecompositionTests {
    /// The fast path must equal the spec's literal loop on every batch, quirks and duplicates included.
    @Test func fastPathEqualsLiteralLoop() {
        for seed in 0..<UInt64(20_000) {
            var rng = SeededGenerator(seed: seed)
            let sections = 1 + rng.below(5)
            func path() -> ItemPath { ItemPath(rng.below(sections), rng.below(6)) }
            var b = BatchUpdate()
            b.deleteSections = (0..<rng.below(3)).map { _ in rng.below(sections) }
            b.insertSections = (0..<rng.below(3)).map { _ in rng.below(sections + 1) }
            b.deleteItems = (0..<rng.below(6)).map { _ in path() }
            b.insertItems = (0..<rng.below(6)).map { _ in path() }
            b.reloadItems = (0..<1 + rng.below(4)).map { _ in path() }
            b.reloadSections = rng.chance(0.2) ? [rng.below(sections)] : []
            let fast = ReloadDecomposition.normalize(b, literal: false)
            let literal = ReloadDecomposition.normalize(b, literal: true)
            switch (fast, literal) {
            case (.success(let f), .success(let l)):
                #expect(f.inserts.map(\.op) == l.inserts.map(\.op), "seed \(seed)")
            case (.failure(let f), .failure(let l)):
                #expect(f.path == l.path)
            default:
                Issue.record("seed \(seed): one path failed, the other did not")
            }
        }
    }

    @Test func reloadInsertIsShiftedByDeletesAndInserts() throws {
        // E6: the target is 1 + 1 (an insert at 0).
        let result = ReloadDecomposition.normalize(batch(del: [p(0, 3)], ins: [p(0, 0)], rel: [p(0, 1)]))
        guard case .success(let b) = result else { Issue.record("unexpected R1"); return }
        #expect(b.inserts.last?.op == Op(0, 2))
    }

    @Test func reloadOfDeletedPathIsR1() {
        let report = check(one("AB"), one("B"), batch(del: [p(0, 0)], rel: [p(0, 0)]))
        #expect(
            report.message(.r1) == "attempt to delete and reload the same index path "
                + "(<NSIndexPath: 0x…> {length = 2, path = 0 - 0})")
    }
}
