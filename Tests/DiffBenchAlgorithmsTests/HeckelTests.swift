// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchConformance
@testable import DiffBenchAlgorithms

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

    @Test func reloadsNeverShareABatchWithMoves() throws {
        let stages = try Heckel().diff(
            from: flat([1, 2, 3]),
            to: IntSnapshot([Section(IntElement(0), items: [IntElement(3, rev: 1), IntElement(1), IntElement(2)])])
        ).stages
        #expect(stages.count == 2)
        #expect(stages[0].update.moveItems == [Move(ItemPath(0, 2), ItemPath(0, 0))])
        #expect(stages[0].update.reloadItems.isEmpty)
        #expect(
            stages[1].update
                == {
                    var reload = BatchUpdate(); reload.reloadItems = [ItemPath(0, 0)]; return reload
                }())
        #expect(stages[1].continuesUpdate)
    }

    /// Reloads come last, alone, at new paths (with nothing else in their batch, also the old
    /// ones); the batch before them leaves the data source with the new items, and the row whose
    /// content changed keeps its old cell until the reload, in the same update.
    @Test func reloadsComeLastAloneAtTheirNewPaths() throws {
        let new = IntSnapshot([Section(IntElement(0), items: [IntElement(4), IntElement(1), IntElement(3, rev: 1)])])
        let old = flat([1, 2, 3, 4])
        let stages = try Heckel().diff(from: old, to: new).stages
        try #require(stages.count == 2)
        #expect(stages[0].update.deleteItems == [ItemPath(0, 1)])
        #expect(stages[0].update.moveItems == [Move(ItemPath(0, 3), ItemPath(0, 0))])
        #expect(stages[0].update.reloadItems.isEmpty && stages[0].update.insertItems.isEmpty)
        #expect(stages[0].after == new && !stages[0].continuesUpdate)
        #expect(stages[1].update.reloadItems == [ItemPath(0, 2)] && stages[1].update.moveItems.isEmpty)
        #expect(stages[1].continuesUpdate && stages[1].after == nil)
        let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: .staged(stages))
        #expect(report.passed && report.reachedTarget)
        // Judged as two updates, the first would leave the row stale: the reload belongs to it.
        let apart = stages.map { Stage($0.update, after: $0.after, continuesUpdate: false) }
        #expect(
            ConformanceChecker(target: .table).check(old: old, new: new, changeset: .staged(apart)).firstFailure?
                .ruleID == .r22)
    }

    /// Sections first (deletes, inserts, moves), then the items in the sections' new places, then
    /// the reloads at their new paths: for every algorithm, and the checker (UIKit's order of
    /// deletes) agrees.
    @Test(arguments: AlgorithmRegistry.names)
    func sectionsFirstThenItemsThenReloadsAtNewPaths(name: String) throws {
        func section(_ id: Int, _ items: [IntElement]) -> Section<IntElement, IntElement> {
            Section(IntElement(id), items: items)
        }
        let old = IntSnapshot([
            section(0, [IntElement(1), IntElement(2)]),
            section(1, [IntElement(10), IntElement(11), IntElement(12)]),
            section(2, [IntElement(20)]),
            section(3, [IntElement(30), IntElement(31), IntElement(32), IntElement(33)])
        ])
        let new = IntSnapshot([
            section(0, [IntElement(2)]),
            section(1, [IntElement(12)]),
            section(3, [IntElement(31), IntElement(32, rev: 1), IntElement(33, rev: 1)])
        ])
        let algorithm = try #require(AlgorithmRegistry.named(name))
        let changeset = try algorithm.diff(from: old, to: new)
        let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: changeset)
        #expect(report.passed && report.reachedTarget, "\(report.firstFailure?.description ?? "wrong final state")")
        if name != "reload" {
            let stages = changeset.stages.map(\.update)
            try #require(stages.count == 3)
            #expect(stages[0].deleteSections == [2] && stages[0].deleteItems.isEmpty)
            #expect(stages[1].deleteItems.count == 4 && stages[1].deleteItems.contains(ItemPath(2, 0)))
            #expect(stages[2].reloadItems == [ItemPath(2, 1), ItemPath(2, 2)])
        }
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
        try #require(stages.count == 2)
        #expect(stages[0].update.deleteSections == [0] && stages[0].update.insertSections == [0])
        #expect(stages[1].update.insertItems == [ItemPath(1, 1)])
        #expect(stages[1].after == nil && stages[0].after != nil && stages[1].continuesUpdate)
    }
}
