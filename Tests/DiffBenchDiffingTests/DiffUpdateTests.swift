// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchDiffing
import DiffBenchDiffingGuard
import DiffBenchDiffingTestSupport
import DiffBenchCorpus

/// An update hands each batch the app's own values: its sections with that batch's rows, or its
/// rows; its batches are the built-in differs' on the corpus' own elements.
@MainActor
struct DiffUpdateTests {
    @Test func eachStagesDataIsTheAppsSectionsWithThatBatchsRows() throws {
        var checked = 0
        for seed in 0..<2_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            let old = [FeedSection](drawn.old), new = [FeedSection](drawn.new)
            for (method, differ) in [(DiffMethod.lis, Lis() as any DiffAlgorithm), (.heckel, Heckel())] {
                let update = DiffUpdate(from: old, to: new, method: method)
                let engine = try differ.diff(from: drawn.old, to: drawn.new)
                #expect(update.stages.map(\.batch) == engine.stages.map(\.update), "\(method) seed \(seed)")
                for (k, stage) in update.stages.enumerated() {
                    let expected = engine.stages[k].after.map { [FeedSection]($0) } ?? new
                    // Section headers: the old version until the section's reload; the data's own
                    // values otherwise, rows included.
                    #expect(stage.data.map(\.id) == expected.map(\.id))
                    #expect(stage.data.map(\.rows) == expected.map(\.rows))
                    #expect(stage.sectionCount == stage.data.count)
                    #expect(
                        stage.data.indices.allSatisfy { stage.rowCount(inSection: $0) == stage.data[$0].rows.count })
                    checked += 1
                }
                #expect(update.data == new)
            }
        }
        #expect(checked > 4_000)
    }

    @Test func theLastStageIsTheNewListAsGiven() {
        let old = [FeedSection(id: "a", header: "A", rows: [Row(id: "1", title: "x")])]
        let new = [FeedSection(id: "a", header: "A", rows: [Row(id: "2", title: "y"), Row(id: "1", title: "x")])]
        let update = DiffUpdate(from: old, to: new)
        #expect(update.stages.last?.data == new && update.data == new)
        #expect(update.changeCount == 1 && !update.isEmpty)
        #expect(DiffUpdate(from: new, to: new).isEmpty)
    }

    @Test func aListWithoutSectionsPassesThroughTheGlue() {
        var judged = 0
        for seed in 0..<3_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            let old = drawn.old.sections.flatMap(\.items).map { Row(id: "\($0.id)", title: "v\($0.rev)") }
            let new = drawn.new.sections.flatMap(\.items).map { Row(id: "\($0.id)", title: "v\($0.rev)") }
            for method in DiffMethod.allCases {
                let update = DiffUpdate(from: old, to: new, method: method)
                var shown = old
                let recorder = RecordingView(rows: { shown })
                recorder.reload(using: update, interrupt: nil) { shown = $0 }
                let findings = recorder.judge(from: old, to: new, view: seed % 2 == 0 ? .tableView : .collectionView)
                #expect(findings.isEmpty, "\(method) seed \(seed): \(findings.prefix(2))")
                #expect(shown == new)
                #expect(update.stages.allSatisfy { $0.sectionCount == 1 && $0.rowCount(inSection: 0) == $0.data.count })
                judged += 1
            }
        }
        #expect(judged == 6_000)
    }

    @Test func bothMethodsKeepEveryRowWhoseIdentitySurvives() {
        // 1,000 rows in 10 sections, 40 moved across sections: lis moves only what it must.
        let rows = (0..<1_000).map { Row(id: "\($0)", title: "") }
        let old = (0..<10).map { s in
            FeedSection(id: "\(s)", header: "", rows: Array(rows[(s * 100)..<(s * 100 + 100)]))
        }
        var new = old
        for k in 0..<40 {
            let row = new[k % 10].rows.removeFirst()
            new[(k + 1) % 10].rows.append(row)
        }
        let lis = DiffUpdate(from: old, to: new, method: .lis), heckel = DiffUpdate(from: old, to: new, method: .heckel)
        for update in [lis, heckel] {
            #expect(update.stages.allSatisfy { $0.deletedRows.isEmpty && $0.insertedRows.isEmpty })
        }
        #expect(lis.stages.reduce(0) { $0 + $1.movedRows.count } == 40)
        #expect(heckel.changeCount >= lis.changeCount)
    }
}
