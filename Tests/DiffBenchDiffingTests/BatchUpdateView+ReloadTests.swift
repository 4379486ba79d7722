// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchDiffing
import DiffBenchDiffingGuard
import DiffBenchDiffingTestSupport
import DiffBenchCorpus
import DiffBenchFileFormats

/// The glue, run through a recording view, judged by the checker on what it recorded: over every
/// scenario, every case file of the corpus and 10,000 random updates, on table and collection
/// rules; planted bugs it catches; and its fallbacks (no window, interrupt, reconfigure).
@MainActor
struct ReloadTests {
    /// How a test applies an update: the product's glue, or one with a planted bug.
    enum Glue {
        case reload, dataOutsideTheBatch
    }

    /// Applies the update from `old` to `new` by `method` with `glue` and returns what the
    /// checker found in the recorded calls.
    static func judge(
        _ old: [FeedSection], _ new: [FeedSection], _ method: DiffMethod,
        view: GuardedView = .tableView, glue: Glue = .reload
    ) -> [GuardFinding] {
        let update = DiffUpdate(from: old, to: new, method: method)
        var shown = old
        let recorder = RecordingView(sections: { shown })
        switch glue {
        case .reload:
            recorder.reload(using: update, interrupt: nil) { shown = $0 }
        case .dataOutsideTheBatch:
            for stage in update.stages {
                shown = stage.data
                recorder.performBatch({ recorder.send(stage) }, completion: nil)
            }
        }
        return recorder.judge(from: old, to: new, view: view)
    }

    @Test func everyScenarioPassesThroughTheGlue() throws {
        for scenario in Scenario.allCases {
            let generated = try scenario.generate(size: 400, sections: scenario.defaultSections(size: 400), seed: 5)
            for method in DiffMethod.allCases {
                for view in [GuardedView.tableView, .collectionView] {
                    let findings = Self.judge(
                        [FeedSection](generated.old), [FeedSection](generated.new), method, view: view)
                    #expect(findings.isEmpty, "\(method) \(scenario.rawValue) \(view): \(findings)")
                }
            }
        }
    }

    @Test func everyCaseFileOfTheCorpusPassesThroughTheGlue() throws {
        let folder = CorpusFolder.resolve("Corpus/cases")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 20)
        for name in names.sorted() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let file = try CaseFile.decode(bytes, file: name)
            for method in DiffMethod.allCases {
                let findings = Self.judge([FeedSection](file.old), [FeedSection](file.new), method)
                #expect(findings.isEmpty, "\(method) \(name): \(findings)")
            }
        }
    }

    @Test func tenThousandRandomUpdatesPassThroughTheGlue() {
        var judged = 0, staged = 0
        for seed in 0..<10_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            let old = [FeedSection](drawn.old), new = [FeedSection](drawn.new)
            for method in DiffMethod.allCases {
                let findings = Self.judge(old, new, method, view: seed % 2 == 0 ? .tableView : .collectionView)
                judged += 1
                if DiffUpdate(from: old, to: new, method: method).stages.count > 1 { staged += 1 }
                if !findings.isEmpty {
                    Issue.record("\(method) seed \(seed) \(drawn.label): \(findings.prefix(3))")
                    return
                }
            }
        }
        #expect(judged == 20_000)
        #expect(staged > 2_000, "many updates need more than one batch: \(staged)")
    }

    @Test func dataSetOutsideItsBatchFails() {
        var failed = 0, structural = 0
        for seed in 0..<1_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            guard drawn.old.itemCount != drawn.new.itemCount || drawn.old.sections.count != drawn.new.sections.count
            else { continue }
            // One batch that deletes every old section and inserts every new one is right whenever
            // the data changes: UIKit counts no row of a section it inserts.
            let update = DiffUpdate(from: [FeedSection](drawn.old), to: [FeedSection](drawn.new), method: .heckel)
            if update.stages.count == 1 && update.stages[0].deletedSections.count == drawn.old.sections.count
                && update.stages[0].insertedSections.count == drawn.new.sections.count
            {
                continue
            }
            structural += 1
            let findings = Self.judge(
                [FeedSection](drawn.old), [FeedSection](drawn.new), .heckel, glue: .dataOutsideTheBatch)
            if !findings.isEmpty { failed += 1 }
        }
        #expect(structural > 300)
        #expect(failed == structural, "every update whose counts change fails: \(failed) of \(structural)")
    }

    static let old = [
        FeedSection(id: "a", header: "A", rows: [Row(id: "1", title: "x"), Row(id: "2", title: "y")]),
        FeedSection(id: "b", header: "B", rows: [Row(id: "3", title: "z")])
    ]
    static let new = [
        FeedSection(id: "a", header: "A", rows: [Row(id: "1", title: "x*"), Row(id: "2", title: "y")]),
        FeedSection(id: "b", header: "B", rows: [Row(id: "3", title: "z"), Row(id: "4", title: "w")])
    ]

    @Test func aViewOutsideAWindowReloads() {
        var shown = Self.old, finished: Bool?
        let recorder = RecordingView(sections: { shown })
        recorder.isInWindow = false
        let outcome = recorder.reload(
            using: DiffUpdate(from: Self.old, to: Self.new), completion: { finished = $0 }
        ) { shown = $0 }
        #expect(outcome == .reloaded(.notInWindow))
        #expect(recorder.events.count == 1 && shown == Self.new && finished == false)
        guard case .reload? = recorder.events.first else {
            Issue.record("not a reload")
            return
        }
    }

    @Test func interruptReloadsAndTheDefaultStopsPastAHundredChanges() {
        var shown = Self.old
        let recorder = RecordingView(sections: { shown })
        #expect(
            recorder.reload(using: DiffUpdate(from: Self.old, to: Self.new), interrupt: { _ in true }) { shown = $0 }
                == .reloaded(.interrupted))
        let many = [FeedSection(id: "a", header: "A", rows: (0..<150).map { Row(id: "\($0)", title: "") })]
        let none = [FeedSection(id: "a", header: "A", rows: [])]
        shown = none
        #expect(recorder.reload(using: DiffUpdate(from: none, to: many)) { shown = $0 } == .reloaded(.interrupted))
        shown = none
        #expect(recorder.reload(using: DiffUpdate(from: none, to: many), interrupt: nil) { shown = $0 } == .animated)
        #expect(shown == many)
    }

    @Test func completionRunsOnceAfterTheLastBatch() {
        var shown = Self.old, calls: [Bool] = []
        let recorder = RecordingView(sections: { shown })
        let update = DiffUpdate(from: Self.old, to: Self.new)
        #expect(update.stages.count == 2, "a content change and an insert: two batches")
        recorder.reload(using: update, completion: { calls.append($0) }) { shown = $0 }
        #expect(calls == [true] && recorder.events.count == 2)
        recorder.reload(using: DiffUpdate(from: Self.new, to: Self.new), completion: { calls.append($0) }) {
            shown = $0
        }
        #expect(calls == [true, true] && recorder.events.count == 2, "nothing changed: no batch, completion")
    }

    @Test func contentChangesAreReconfiguredWhereTheBatchOnlyChangesContent() {
        var shown = Self.old
        let recorder = RecordingView(sections: { shown })
        let update = DiffUpdate(from: Self.old, to: Self.new)
        recorder.reload(using: update, reconfiguringRows: true) { shown = $0 }
        #expect(recorder.judge(from: Self.old, to: Self.new).isEmpty)
        // The differs reload rows in a batch of their own, at their new paths: reconfigured.
        let last = update.stages[update.stages.count - 1]
        #expect(last.reloadedRows == [RowPath(row: 0, section: 0)] && last.changeCount == 1)
        let counter = CallCounter()
        counter.send(last, reconfiguringRows: true)
        #expect(counter.reconfigured == 1 && counter.reloaded == 0)
        // A batch that also deletes (an app's own, or another differ's) reloads them: Apple does not
        // document which coordinates a reconfigure takes beside a delete.
        var mixed = BatchUpdate()
        mixed.deleteItems = [ItemPath(1, 0)]
        mixed.reloadItems = [ItemPath(0, 0)]
        let beside = CallCounter()
        beside.send(DiffStage(data: Self.new, batch: mixed, rowCounts: [2, 1]), reconfiguringRows: true)
        #expect(beside.reconfigured == 0 && beside.reloaded == 1)
    }
}

/// A view that counts reloads and reconfigures (the other calls are ignored).
@MainActor
final class CallCounter: BatchUpdateView {
    var reloaded = 0, reconfigured = 0
    var isInWindow: Bool { true }
    var canReconfigureRows: Bool { true }
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) { updates() }
    func reloadData() {}
    func deleteSections(_ sections: [Int]) {}
    func insertSections(_ sections: [Int]) {}
    func moveSection(_ section: Int, toSection newSection: Int) {}
    func reloadSections(_ sections: [Int]) {}
    func deleteRows(at paths: [RowPath]) {}
    func insertRows(at paths: [RowPath]) {}
    func moveRow(at path: RowPath, to newPath: RowPath) {}
    func reloadRows(at paths: [RowPath]) { reloaded += paths.count }
    func reconfigureRows(at paths: [RowPath]) { reconfigured += paths.count }
    func dataSourceSectionCount() -> Int { 0 }
    func dataSourceRowCount(inSection section: Int) -> Int { 0 }
}
