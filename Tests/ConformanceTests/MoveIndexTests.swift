import Testing
@testable import Conformance

/// The lookups of ``MoveIndex`` against a plain scan of the moves.
struct MoveIndexTests {
    @Test func otherMovesToATargetAreFoundExactlyWhenThereAreAny() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            // Few distinct targets, so that some moves share one and others do not.
            let count = Int.random(in: 0...40, using: &generator)
            let moves = (0..<count).map { _ in
                OpMove(from: Op(Int.random(in: 0...3, using: &generator), Int.random(in: 0...9, using: &generator)),
                       to: Op(Int.random(in: 0...3, using: &generator), Int.random(in: 0...9, using: &generator)))
            }.sorted { $0.from < $1.from }
            let index = MoveIndex(sortedBySource: moves)
            for k in moves.indices {
                let expected = moves.indices.filter { $0 != k && moves[$0].to == moves[k].to }
                #expect(index.othersWithTarget(ofMoveAt: k).sorted() == expected)
                #expect(index.firstSource(to: moves[k].to) == moves.first { $0.to == moves[k].to }?.from)
            }
        }
    }
}
