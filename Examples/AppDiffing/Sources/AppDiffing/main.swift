// SPDX-License-Identifier: Apache-2.0
// What docs/use-in-your-app.md walks through, as a program: an app's own types, an update, the
// glue applying it to a view (here the recording view, which a UITableView replaces in an app),
// and the guard catching a data source that disagrees with its batch. Prints what happened;
// exits 1 if anything is off. Its argument is the folder the guard writes its case into.
import DiffBenchDiffing
import DiffBenchDiffingGuard
import Foundation

/// A message row: the app's own type, conformed with an empty extension.
struct Message: Identifiable, Equatable {
    var id: Int
    var subject: String
    var unread: Bool
}
extension Message: DiffRow {}

/// A mailbox section: its header is its name and unread count (every property but its rows).
struct Mailbox: Identifiable, Equatable {
    var id: String
    var unread: Int
    var rows: [Message]
}
extension Mailbox: DiffSection {}

let before = [
    Mailbox(
        id: "Inbox", unread: 2,
        rows: [Message(id: 1, subject: "Lunch?", unread: true), Message(id: 2, subject: "Invoice", unread: true)]),
    Mailbox(id: "Archive", unread: 0, rows: [Message(id: 3, subject: "Welcome", unread: false)])
]
let after = [
    Mailbox(id: "Inbox", unread: 1, rows: [Message(id: 2, subject: "Invoice", unread: true)]),
    Mailbox(
        id: "Archive", unread: 0,
        rows: [Message(id: 1, subject: "Lunch?", unread: false), Message(id: 3, subject: "Welcome", unread: false)])
]

var failures = 0
print("the guard by default in this build: \(UpdateGuard.debugDefault.isEnabled ? "on" : "off")")

// 1. Diff the app's types and apply the update; the guard checks it.
var shown = before
let view = RecordingView(sections: { shown })
let update = DiffUpdate(from: before, to: after)
let outcome = view.reload(using: update, guard: UpdateGuard(caseFolder: nil)) { shown = $0 }
let findings = view.judge(from: before, to: after)
print(
    "lis: \(update.stages.count) batch(es), \(outcome), recorded calls: "
        + (findings.isEmpty ? "pass the checker" : "\(findings)"))
if outcome != .animated || !findings.isEmpty || shown != after { failures += 1 }

// 2. A data source that ignores `setData` and keeps the old list: UIKit would throw at the end of the
// first batch that changes a section's row count; the guard reads the counts back, reloads instead and
// writes the case. (A data source that shows the new list at once is not caught here: its counts are
// already the final ones, which every batch of this update ends with, and UIKit checks counts, not rows.)
let folder = CommandLine.arguments.dropFirst().first ?? UpdateGuard.defaultCaseFolder
shown = before
let heard = UpdateGuard(
    caseFolder: folder,
    onViolation: { violation in
        print("guard: \(violation.finding.rule): \(violation.finding.message)")
        if let caseFile = violation.caseFile, let changesetFile = violation.changesetFile {
            print("case: \(caseFile)")
            print("changeset: \(changesetFile)")
        }
    })
let caught = view.reload(using: update, guard: heard) { _ in }
UpdateGuard.waitForCaseFiles()
if caught != .reloaded(.stopped) {
    print("the guard let a wrong data source through: \(caught)")
    failures += 1
}
exit(failures == 0 ? 0 : 1)
