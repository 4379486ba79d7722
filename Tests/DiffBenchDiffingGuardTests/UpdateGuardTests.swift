// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchDiffing
import DiffBenchDiffingGuard
import DiffBenchDiffingTestSupport
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchConformance

/// The guard: a wrong changeset, or a data source that disagrees with its batch, is caught before
/// UIKit would throw, reloaded instead, and written as a case and a changeset that replay to the
/// same rule; the files have limits and are written off the main thread.
@MainActor
struct UpdateGuardTests {
    static let old = [
        FeedSection(
            id: "inbox", header: "Inbox (2)", rows: [Row(id: "10", title: "Hi"), Row(id: "11", title: "Lunch?")]),
        FeedSection(id: "done", header: "Done", rows: [Row(id: "12", title: "Invoice")])
    ]
    static let new = [
        FeedSection(id: "inbox", header: "Inbox (1)", rows: [Row(id: "11", title: "Lunch? (2)")]),
        FeedSection(id: "done", header: "Done", rows: [Row(id: "12", title: "Invoice"), Row(id: "10", title: "Hi")])
    ]

    /// The update from `old` to `new` with one batch that deletes row 10 and forgets to insert it
    /// in Done: "invalid number of rows" in UIKit.
    static var wrong: DiffUpdate<[FeedSection]> {
        var batch = BatchUpdate()
        batch.deleteItems = [ItemPath(0, 0)]
        let before = Snapshot(old.map { Section($0, items: $0.rows) })
        let after = Snapshot(new.map { Section($0, items: $0.rows) })
        return DiffUpdate(
            stages: [DiffStage(data: new, batch: batch, rowCounts: new.map(\.rows.count))], data: new,
            oldSectionCount: old.count,
            source: UpdateSource(old: before, new: after, changeset: .staged([Stage(batch, after: nil)])))
    }

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("guard-test-\(UUID().uuidString)").path
    }

    @Test func aWrongChangesetIsReloadedInsteadAndWrittenAsACaseThatReplaysToTheSameRule() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let heard = Heard()
        let updateGuard = UpdateGuard(caseFolder: folder, onViolation: { heard.add($0) })
        var shown = Self.old
        let view = RecordingView(sections: { shown })
        let outcome = view.reload(using: Self.wrong, guard: updateGuard) { shown = $0 }
        UpdateGuard.waitForCaseFiles()
        #expect(outcome == .reloaded(.refused))
        let violation = try #require(heard.all.first)
        #expect(heard.all.count == 1 && !violation.fromDataSource)
        #expect(violation.finding.message.contains("Invalid update: invalid number of rows in section 1"))
        guard case .reload? = view.events.first, view.events.count == 1 else {
            Issue.record("the view got \(view.events.count) events, not one reload")
            return
        }
        #expect(shown == Self.new)
        try Self.expectReplay(violation, rule: violation.finding.rule)
    }

    /// The violation's files hold no app data and check to the same rule.
    static func expectReplay(_ violation: GuardViolation, rule: String) throws {
        let casePath = try #require(violation.caseFile), changesetPath = try #require(violation.changesetFile)
        let caseBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: casePath)))
        let text = String(decoding: caseBytes, as: UTF8.self)
        #expect(!text.contains("Lunch") && !text.contains("inbox") && !text.contains("Invoice"))
        let file = try CaseFile.decode(caseBytes, file: casePath)
        let changeset = try ChangesetFile.decode(
            [UInt8](Data(contentsOf: URL(fileURLWithPath: changesetPath))), file: changesetPath)
        let report = ConformanceChecker().check(old: file.old, new: file.new, changeset: changeset)
        #expect(report.firstFailure?.rule == rule)
    }

    /// A data source that keeps the new list whatever `setData` is given: the mistake of a glue
    /// that assigns the final data at every batch.
    @Test func aDataSourceThatDisagreesWithItsBatchIsCaughtInsideIt() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var caught = 0, staged = 0
        for seed in 0..<2_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            let old = [FeedSection](drawn.old), new = [FeedSection](drawn.new)
            let update = DiffUpdate(from: old, to: new, method: .heckel)
            guard update.stages.dropLast().contains(where: { $0.data.map(\.rows.count) != new.map(\.rows.count) })
            else { continue }
            staged += 1
            let heard = Heard()
            var shown = old
            let view = RecordingView(sections: { shown })
            let outcome = view.reload(
                using: update, interrupt: nil,
                guard: UpdateGuard(caseFolder: caught < 3 ? folder : nil, onViolation: { heard.add($0) })
            ) { _ in shown = new }
            UpdateGuard.waitForCaseFiles()
            #expect(outcome == .reloaded(.stopped), "seed \(seed)")
            #expect(view.judge(from: old, to: new).isEmpty, "seed \(seed): the stopped batch and the reload pass")
            #expect(shown == new)
            let violation = try #require(heard.all.first)
            // UIKit's own rule for the batch against those counts, or for the batch after it: an index
            // past them (R4 to R14) or a count that does not add up (R16, R17).
            let rule = Int(violation.finding.rule.dropFirst().prefix(while: \.isNumber)) ?? 0
            #expect(violation.fromDataSource && (4...17).contains(rule), "\(violation.finding)")
            if caught < 3 { try Self.expectReplay(violation, rule: violation.finding.rule) }
            caught += 1
        }
        #expect(staged > 200 && caught == staged)
    }

    @Test func theGuardPassesEveryRightUpdate() {
        for seed in 0..<2_000 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            let old = [FeedSection](drawn.old), new = [FeedSection](drawn.new)
            for method in DiffMethod.allCases {
                var shown = old
                let view = RecordingView(sections: { shown })
                let checked = UpdateGuard(caseFolder: nil, onViolation: { Issue.record("\($0)") })
                #expect(
                    view.reload(using: DiffUpdate(from: old, to: new, method: method), interrupt: nil, guard: checked) {
                        shown = $0
                    } == .animated)
            }
        }
    }

    @Test func identicalViolationsAreWrittenOnceAndTheProcessWritesAtMostTheLimit() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let updateGuard = UpdateGuard(caseFolder: folder, maxCaseFiles: 5, onViolation: { _ in })
        for _ in 0..<300 { updateGuard.check(Self.wrong) }
        UpdateGuard.waitForCaseFiles()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2, "one case, two files")
        // Distinct violations: lists of n rows, each reduced to nothing by a batch that deletes one.
        let heard = Heard()
        let limited = UpdateGuard(caseFolder: folder, maxCaseFiles: 5, onViolation: { heard.add($0) })
        for n in 2..<40 { limited.check(Self.deletingOne(of: n)) }
        UpdateGuard.waitForCaseFiles()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count <= 2 * 5, "at most the limit per process: \(files.count) files")
        #expect(heard.all.count == 38 && heard.all.contains { $0.writeError?.contains("maxCaseFiles") == true })
    }

    @Test func aCaseOverTheSizeLimitIsNotWritten() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let heard = Heard()
        UpdateGuard(caseFolder: folder, maxCaseFileBytes: 1_000, onViolation: { heard.add($0) })
            .check(Self.deletingOne(of: 500))
        UpdateGuard.waitForCaseFiles()
        #expect(heard.all.first?.writeError?.contains("maxCaseFileBytes") == true)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty != false)
    }

    @Test func offTheGuardAcceptsEverything() {
        var shown = Self.old
        let view = RecordingView(sections: { shown })
        #expect(view.reload(using: Self.wrong, guard: UpdateGuard(isEnabled: false)) { shown = $0 } == .animated)
    }

    /// A list of `n` rows to an empty one, in a batch that deletes only the first row.
    static func deletingOne(of n: Int) -> DiffUpdate<[Row]> {
        let old = (0..<n).map { Row(id: "\($0)", title: "") }
        var batch = BatchUpdate()
        batch.deleteItems = [ItemPath(0, 0)]
        let before = Snapshot([Section(FlatList(), items: old)]),
            after = Snapshot([Section(FlatList(), items: [Row]())])
        return DiffUpdate(
            stages: [DiffStage(data: [], batch: batch, rowCounts: [0])], data: [], oldSectionCount: 1,
            source: UpdateSource(old: before, new: after, changeset: .staged([Stage(batch, after: nil)])))
    }
}

/// What a handler heard, from any thread.
final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var violations: [GuardViolation] = []
    func add(_ violation: GuardViolation) { lock.withLock { violations.append(violation) } }
    var all: [GuardViolation] { lock.withLock { violations } }
}
