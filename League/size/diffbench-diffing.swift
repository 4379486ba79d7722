// SPDX-License-Identifier: Apache-2.0
// DiffBench's DiffBenchDiffing as an app uses it: heckel over the app's sections, the guard's check
// and the glue's apply, recorded (measure-sizes.sh; the same program as Examples/AppDiffing/measure-size.sh).
import DiffBenchDiffing

struct Row: DiffElement {
    var id: Int, rev: Int
    var diffID: Int { id }
    func isContentEqual(to other: Row) -> Bool { rev == other.rev }
}
struct Box: DiffSection {
    var id: Int, rows: [Row]
    var diffID: Int { id }
    func isContentEqual(to other: Box) -> Bool { true }
}
let n = CommandLine.arguments.count
let old = [Box(id: 0, rows: (0..<n + 3).map { Row(id: $0, rev: 0) })]
let new = [Box(id: 0, rows: (0..<n + 3).reversed().map { Row(id: $0, rev: $0 % 2) })]
var shown = Snapshot(sections: old)
let view = RecordingView { shown }
let changeset = try Heckel().diff(from: old, to: new)
let violation = view.apply(
    changeset, from: Snapshot(sections: old), to: Snapshot(sections: new),
    guard: UpdateGuard(caseFolder: nil)
) { shown = $0 }
print(changeset.stages.count, violation == nil, view.events.count)
