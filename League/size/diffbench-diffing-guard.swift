// SPDX-License-Identifier: Apache-2.0
// DiffBench's DiffBenchDiffing with DiffBenchDiffingGuard, as an app's debug build links them: the
// update checked by the guard and applied to the recording view (measure-sizes.sh; measured by
// Examples/AppDiffing/measure-size.sh, not on the league's page: apps ship the guard off).
import DiffBenchDiffing
import DiffBenchDiffingGuard

struct Row: Identifiable, Equatable, DiffRow {
    var id: Int, rev: Int
}
struct Box: Identifiable, Equatable, DiffSection {
    var id: Int, rows: [Row]
}
let n = CommandLine.arguments.count + 3
let old = [Box(id: 0, rows: (0..<n).map { Row(id: $0, rev: 0) })]
let new = [Box(id: 0, rows: (0..<n).reversed().map { Row(id: $0, rev: $0 % 2) })]
var shown = old
let view = RecordingView(sections: { shown })
let update = DiffUpdate(from: old, to: new)
let outcome = view.reload(using: update, guard: UpdateGuard(caseFolder: nil)) { shown = $0 }
print(update.stages.count, outcome == .animated, view.judge(from: old, to: new).isEmpty)
