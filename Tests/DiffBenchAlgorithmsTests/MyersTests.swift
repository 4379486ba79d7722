// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
@testable import DiffBenchAlgorithms

@Suite struct MyersTests {
    /// The textbook O(NM) longest common subsequence length.
    func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for (j, y) in b.enumerated() {
                let above = row[j + 1]
                row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// Deletes + inserts (+2 per move) equal the true edit distance on single sections up to 200 items.
    @Test func editScriptIsMinimal() throws {
        for seed in 0..<UInt64(400) {
            var rng = SeededGenerator(seed: seed)
            let n = rng.below(201)
            let alphabet = 1 + rng.below(60)  // small alphabets give long repeated runs
            let a = (0..<n).map { _ in rng.below(alphabet) }
            var b = a.filter { _ in !rng.chance(Double(rng.below(50)) / 100) }
            for _ in 0..<rng.below(40) { b.insert(rng.below(alphabet + 20), at: rng.below(b.count + 1)) }
            b = Array(b.prefix(200))
            let old = IntSnapshot([Section(IntElement(0), items: a.map { IntElement($0) })])
            let new = IntSnapshot([Section(IntElement(0), items: b.map { IntElement($0) })])
            let changeset = try Myers().diff(from: old, to: new)
            var deletes = 0, inserts = 0, moves = 0
            for stage in changeset.stages {
                deletes += stage.update.deleteItems.count
                inserts += stage.update.insertItems.count
                moves += stage.update.moveItems.count
            }
            let distance = a.count + b.count - 2 * lcsLength(a, b)
            #expect(deletes + inserts + 2 * moves == distance, "seed \(seed)")

            var kept = 0
            MyersLCS.matches(a, b) { i, j in
                #expect(a[i] == b[j])
                kept += 1
            }
            #expect(kept == lcsLength(a, b), "seed \(seed)")
        }
    }
}
