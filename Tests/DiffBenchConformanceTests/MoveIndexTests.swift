// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchConformance

/// The orders and lookups of ``MoveIndex`` against plain sorts and scans of the moves.
struct MoveIndexTests {
    @Test func ordersAndOtherMovesToATargetMatchAScan() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            // Few distinct targets, so that some moves share one and others do not.
            let count = Int.random(in: 0...40, using: &generator)
            var batch = (0..<count).map { _ in
                OpMove(
                    from: Op(Int.random(in: 0...3, using: &generator), Int.random(in: 0...9, using: &generator)),
                    to: Op(Int.random(in: 0...3, using: &generator), Int.random(in: 0...9, using: &generator)))
            }
            // A third of the batches in strict target order, as differs emit them (one sort only).
            if round % 3 == 0 {
                var seen = Set<Op>()
                batch = batch.filter { seen.insert($0.to).inserted }.sorted { $0.to < $1.to }
            }
            let index = MoveIndex(batch)
            let bySource = batch.indices.sorted { a, b in
                batch[a].from != batch[b].from ? batch[a].from < batch[b].from : a < b
            }
            let moves = bySource.map { batch[$0] }
            #expect(index.moves == moves)
            #expect(
                index.byTarget
                    == moves.indices.sorted { a, b in
                        moves[a].to != moves[b].to ? moves[a].to < moves[b].to : a < b
                    })
            for k in moves.indices {
                let expected = moves.indices.filter { $0 != k && moves[$0].to == moves[k].to }
                #expect(index.othersWithTarget(ofMoveAt: k).sorted() == expected)
                #expect(index.firstSource(to: moves[k].to) == moves.first { $0.to == moves[k].to }?.from)
            }
        }
    }
}
