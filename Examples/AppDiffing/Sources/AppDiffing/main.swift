// SPDX-License-Identifier: Apache-2.0
// What docs/use-in-your-app.md walks through, as a program: an app's own types, a diff, the
// glue applying it to a view (here the recording view, which UITableView's wrapper replaces in an
// app), the guard catching a wrong batch. Prints what happened; exits 1 if anything is off.
import DiffBenchDiffing
import Foundation

/// A message row: the app's own type.
struct Message: DiffElement {
    var id: Int
    var subject: String
    var unread: Bool
    var diffID: Int { id }
    func isContentEqual(to other: Message) -> Bool { subject == other.subject && unread == other.unread }
}

/// A mailbox section: its header is its name and unread count.
struct Mailbox: DiffSection {
    var name: String
    var unread: Int
    var rows: [Message]
    var diffID: String { name }
    func isContentEqual(to other: Mailbox) -> Bool { unread == other.unread }
}

let before = [
    Mailbox(
        name: "Inbox", unread: 2,
        rows: [
            Message(id: 1, subject: "Lunch?", unread: true), Message(id: 2, subject: "Invoice", unread: true)
        ]),
    Mailbox(name: "Archive", unread: 0, rows: [Message(id: 3, subject: "Welcome", unread: false)])
]
let after = [
    Mailbox(name: "Inbox", unread: 1, rows: [Message(id: 2, subject: "Invoice", unread: true)]),
    Mailbox(
        name: "Archive", unread: 0,
        rows: [
            Message(id: 1, subject: "Lunch?", unread: false), Message(id: 3, subject: "Welcome", unread: false)
        ])
]

var failures = 0
print("the guard by default in this build: \(UpdateGuard.debugDefault.isEnabled ? "on" : "off")")
var shown = Snapshot(sections: before)
let view = RecordingView { shown }

// 1. Diff the app's types and apply the changeset (the guard, on in debug builds, checks it first).
let changeset = try Heckel().diff(from: before, to: after)
let violation = view.apply(
    changeset, from: Snapshot(sections: before), to: Snapshot(sections: after),
    guard: UpdateGuard(caseFolder: nil)
) { shown = $0 }
let findings = view.judge(from: Snapshot(sections: before), to: Snapshot(sections: after))
print(
    "heckel: \(changeset.stages.count) batch(es), guard: \(violation == nil ? "passed" : "\(violation!)"), "
        + "recorded calls: \(findings.isEmpty ? "pass the checker" : "\(findings)")")
if violation != nil || !findings.isEmpty { failures += 1 }

// 2. A hand-written batch that forgets the move: the guard reloads instead and writes the case.
var wrong = BatchUpdate()
wrong.deleteItems = [ItemPath(0, 0)]
let folder = CommandLine.arguments.dropFirst().first ?? UpdateGuard.defaultCaseFolder
shown = Snapshot(sections: before)
let caught = view.apply(
    Changeset.staged([Stage(wrong, after: nil)]), from: Snapshot(sections: before),
    to: Snapshot(sections: after), guard: UpdateGuard(caseFolder: folder)
) { shown = $0 }
if let caught, let caseFile = caught.caseFile, let changesetFile = caught.changesetFile {
    print("guard: \(caught.finding.rule): \(caught.finding.message)")
    print("case: \(caseFile)")
    print("changeset: \(changesetFile)")
} else {
    print("the guard let a wrong batch through")
    failures += 1
}
exit(failures == 0 ? 0 : 1)
