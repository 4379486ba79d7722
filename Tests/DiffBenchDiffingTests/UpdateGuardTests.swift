// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
@testable import DiffBenchDiffing
import DiffBenchFileFormats

/// The guard: a wrong batch is caught before the view sees it, reloaded instead, and written as a
/// case and a changeset that replay to the same rule.
struct UpdateGuardTests {
    static let old = [
        FeedSection(
            id: "inbox", header: "Inbox (2)",
            rows: [Row(id: "10", title: "Hi"), Row(id: "11", title: "Lunch?")]),
        FeedSection(id: "done", header: "Done", rows: [Row(id: "12", title: "Invoice")])
    ]
    static let new = [
        FeedSection(id: "inbox", header: "Inbox (1)", rows: [Row(id: "11", title: "Lunch? (2)")]),
        FeedSection(id: "done", header: "Done", rows: [Row(id: "12", title: "Invoice"), Row(id: "10", title: "Hi")])
    ]

    /// A batch that deletes row 10 and forgets to insert it in Done: "invalid number of rows" in
    /// UIKit.
    static var wrong: Changeset<FeedSection, Row> {
        var update = BatchUpdate()
        update.deleteItems = [ItemPath(0, 0)]
        return .staged([Stage(update, after: nil)])
    }

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("guard-test-\(UUID().uuidString)").path
    }

    @Test func aWrongBatchIsReloadedInsteadAndWrittenAsACaseThatReplaysToTheSameRule() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let heard = Heard()
        let updateGuard = UpdateGuard(caseFolder: folder, onViolation: { heard.add($0) })
        let data = DataSource(Snapshot(sections: Self.old))
        let view = RecordingView { data.shown }
        let violation = try #require(
            view.apply(
                Self.wrong, from: Snapshot(sections: Self.old),
                to: Snapshot(sections: Self.new), guard: updateGuard
            ) {
                data.shown = $0
            })
        #expect(violation.finding.message.contains("Invalid update: invalid number of rows in section 1"))
        #expect(heard.count == 1)
        guard case .reload? = view.events.first, view.events.count == 1 else {
            Issue.record("the view got \(view.events.count) events, not one reload")
            return
        }
        #expect(data.shown.isIdentical(to: Snapshot(sections: Self.new)))
        // The files: no app data, and the same rule when checked again.
        let casePath = try #require(violation.caseFile), changesetPath = try #require(violation.changesetFile)
        let caseBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: casePath)))
        let text = String(decoding: caseBytes, as: UTF8.self)
        #expect(!text.contains("Lunch") && !text.contains("inbox") && !text.contains("Invoice"))
        let file = try CaseFile.decode(caseBytes, file: casePath)
        let changeset = try ChangesetFile.decode(
            [UInt8](Data(contentsOf: URL(fileURLWithPath: changesetPath))), file: changesetPath)
        let report = ConformanceChecker().check(old: file.old, new: file.new, changeset: changeset)
        #expect(report.firstFailure?.rule == violation.finding.rule)
        #expect(report.firstFailure?.message == violation.finding.message)
        #expect(violation.description.contains("bench check \(casePath) \(changesetPath)"))
    }

    @Test func aRightChangesetPassesTheGuardAndIsApplied() throws {
        let data = DataSource(Snapshot(sections: Self.old))
        let view = RecordingView { data.shown }
        let changeset = try Heckel().diff(from: Self.old, to: Self.new)
        let violation = view.apply(
            changeset, from: Snapshot(sections: Self.old), to: Snapshot(sections: Self.new),
            guard: UpdateGuard(caseFolder: nil)
        ) { data.shown = $0 }
        #expect(violation == nil)
        #expect(view.events.count == changeset.stages.count)
        #expect(view.judge(from: Snapshot(sections: Self.old), to: Snapshot(sections: Self.new)).isEmpty)
    }

    @Test func withTheGuardOffTheWrongBatchReachesTheViewAndTheRecordingCatchesIt() {
        let data = DataSource(Snapshot(sections: Self.old))
        let view = RecordingView { data.shown }
        let violation = view.apply(
            Self.wrong, from: Snapshot(sections: Self.old), to: Snapshot(sections: Self.new),
            guard: UpdateGuard(isEnabled: false)
        ) { data.shown = $0 }
        #expect(violation == nil)
        let findings = view.judge(from: Snapshot(sections: Self.old), to: Snapshot(sections: Self.new))
        #expect(findings.first?.message.contains("Invalid update: invalid number of rows in section 1") == true)
    }

    @Test func theCaseNumbersIdentitiesAndRevisesContentOnly() throws {
        let old = Snapshot(sections: Self.old), new = Snapshot(sections: Self.new)
        let file = try CaseFile.decode(
            GuardCase(old: old, new: new).caseFile(name: "g", old: old, new: new),
            file: "guard.json")
        #expect(file.old.sections.map(\.model.id.description) == ["S1", "S2"])
        #expect(file.old.sections[0].items.map(\.id.description) == ["1", "2"])
        // Inbox's header changed (rev 1 in new), Done's did not; row 11 changed, 10 and 12 did not.
        #expect(file.new.sections.map(\.model.rev) == [1, 0])
        #expect(file.new.sections[0].items.map(\.rev) == [1] && file.new.sections[1].items.map(\.rev) == [0, 0])
        #expect(!file.duplicates)
    }
}

/// What a guard's handler heard (the handler is `@Sendable`).
final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var violations: [GuardViolation] = []
    func add(_ violation: GuardViolation) { lock.lock(); violations.append(violation); lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return violations.count }
}
