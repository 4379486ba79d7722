import Testing
import DiffModel
@testable import Algorithms

@Suite struct HeckelTests {
    func flat(_ ids: [Int]) -> IntSnapshot { IntSnapshot([Section(IntElement(0), items: ids.map { IntElement($0) })]) }

    /// Heckel-style differs move every item before the one that really moved: the cost the
    /// benchmark exists to show.
    @Test func overReportsMovesOfAnItemMovedBackwards() throws {
        let changeset = try Heckel().diff(from: flat([0, 1, 2, 3, 4]), to: flat([1, 2, 3, 4, 0]))
        #expect(changeset.stages.map(\.update.moveItems.count) == [4])
        let minimal = try Myers().diff(from: flat([0, 1, 2, 3, 4]), to: flat([1, 2, 3, 4, 0]))
        #expect(minimal.stages.map(\.update.moveItems.count) == [1])
    }

    @Test func pairsDuplicatesInOrder() throws {
        let changeset = try Heckel().diff(from: flat([7, 8, 7]), to: flat([7, 7]))
        #expect(changeset.stages.count == 1)
        #expect(changeset.stages[0].update.deleteItems == [ItemPath(0, 1)])
    }

    @Test func reloadsStandAlone() throws {
        let stages = try Heckel().diff(
            from: flat([1, 2, 3]),
            to: IntSnapshot([Section(IntElement(0), items: [IntElement(3, rev: 1), IntElement(1), IntElement(2)])])
        ).stages
        #expect(stages.count == 2)
        #expect(stages[0].update.reloadItems == [ItemPath(0, 2)])
        #expect(stages[1].update.moveItems == [Move(ItemPath(0, 2), ItemPath(0, 0))])
    }

    @Test func stagesDeletesSectionsAndItems() throws {
        let old = IntSnapshot([
            Section(IntElement(1), items: [IntElement(10), IntElement(11)]),
            Section(IntElement(2), items: [IntElement(20)])
        ])
        let new = IntSnapshot([
            Section(IntElement(3), items: [IntElement(30)]),
            Section(IntElement(2), items: [IntElement(20), IntElement(10, rev: 1)])
        ])
        let stages = try Heckel().diff(from: old, to: new).stages
        // 10 leaves a deleted section: delete + insert (R3), so no reload stage.
        try #require(stages.count == 3)
        #expect(stages[0].update.deleteSections == [0])
        #expect(stages[1].update.insertSections == [0])
        #expect(stages[2].update.insertItems == [ItemPath(1, 1)])
        #expect(stages[2].after == nil && stages[1].after != nil)
    }
}
