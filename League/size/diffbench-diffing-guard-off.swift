// SPDX-License-Identifier: Apache-2.0
// DiffBench's DiffBenchDiffing as an app ships it that follows docs/use-in-your-app.md: the guard
// product a dependency and `UpdateGuard.debugDefault` passed, which is off in this release build
// (Examples/AppDiffing/measure-size.sh; not on the league's page).
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

/// A view that counts the calls it gets.
final class CountingView: BatchUpdateView {
    var calls = 0
    var isInWindow: Bool { true }
    var canReconfigureRows: Bool { true }
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        calls += 1
        updates()
        completion?(true)
    }
    func reloadData() { calls += 1 }
    func deleteSections(_ sections: [Int]) { calls += 1 }
    func insertSections(_ sections: [Int]) { calls += 1 }
    func moveSection(_ section: Int, toSection newSection: Int) { calls += 1 }
    func reloadSections(_ sections: [Int]) { calls += 1 }
    func deleteRows(at paths: [RowPath]) { calls += 1 }
    func insertRows(at paths: [RowPath]) { calls += 1 }
    func moveRow(at path: RowPath, to newPath: RowPath) { calls += 1 }
    func reloadRows(at paths: [RowPath]) { calls += 1 }
    func reconfigureRows(at paths: [RowPath]) { calls += 1 }
    func dataSourceSectionCount() -> Int { shown.count }
    func dataSourceRowCount(inSection section: Int) -> Int { shown[section].rows.count }
}
let view = CountingView()
let update = DiffUpdate(from: old, to: new)
view.reload(using: update, guard: UpdateGuard.debugDefault) { shown = $0 }
print(update.stages.count, view.calls, shown == new)
