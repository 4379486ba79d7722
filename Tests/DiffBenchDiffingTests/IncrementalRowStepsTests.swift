// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchDiffing
import DiffBenchDiffingTestSupport
import DiffBenchCorpus

/// A batch in UIKit's coordinates, as one removal and one insertion that a view applying changes
/// one after another (AppKit's table view) takes: replayed on an array, it gives the batch's data.
@MainActor
struct IncrementalRowStepsTests {
    /// `old` after removing `steps.removed` (indices before) and inserting at `steps.inserted`
    /// (indices after) the rows `new` has there.
    static func replay<T>(_ old: [T], _ new: [T], _ steps: IncrementalRowSteps) -> [T] {
        var list = old
        for index in steps.removed.reversed() { list.remove(at: index) }
        for index in steps.inserted { list.insert(new[index], at: index) }
        return list
    }

    @Test func everyBatchOfRandomListsReplaysToItsData() {
        var replayed = 0
        for seed in 0..<3_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            let old = drawn.old.sections.flatMap(\.items).map { Row(id: "\($0.id)", title: "v\($0.rev)") }
            let new = drawn.new.sections.flatMap(\.items).map { Row(id: "\($0.id)", title: "v\($0.rev)") }
            for method in DiffMethod.allCases {
                var before = old
                for stage in DiffUpdate(from: old, to: new, method: method).stages {
                    let steps = IncrementalRowSteps(stage.batch, oldCount: before.count, newCount: stage.data.count)
                    #expect(steps.removed == steps.removed.sorted() && steps.inserted == steps.inserted.sorted())
                    let after = Self.replay(before, stage.data, steps)
                    // The rows that stay are the old ones, in place; the others are the data's.
                    #expect(after.map(\.id) == stage.data.map(\.id), "\(method) seed \(seed)")
                    before = stage.data
                    replayed += 1
                }
            }
        }
        #expect(replayed > 3_000)
    }

    @Test func aWholeSectionOutAndInIsEveryRow() {
        var batch = BatchUpdate()
        batch.deleteSections = [0]
        batch.insertSections = [0]
        let steps = IncrementalRowSteps(batch, oldCount: 3, newCount: 2)
        #expect(steps.removed == [0, 1, 2] && steps.inserted == [0, 1])
    }

    @Test func aReloadLandsAmongTheRowsThatStay() {
        // 5 rows; row 1 deleted, row 3 reloaded, a row inserted at 0: row 3 lands at 3.
        var batch = BatchUpdate()
        batch.deleteItems = [ItemPath(0, 1)]
        batch.reloadItems = [ItemPath(0, 3)]
        batch.insertItems = [ItemPath(0, 0)]
        let steps = IncrementalRowSteps(batch, oldCount: 5, newCount: 5)
        #expect(steps.removed == [1, 3] && steps.inserted == [0, 3])
    }
}
