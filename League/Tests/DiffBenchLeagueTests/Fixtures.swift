// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DiffBenchLeague

/// A snapshot from `(section id, header revision, [(row id, row revision)])`.
func snapshot(_ sections: [(Int, Int, [(Int, Int)])]) -> ElementSnapshot<Int> {
    Snapshot(
        sections.map { s in
            DiffBenchModel.Section(Element(s.0, rev: s.1), items: s.2.map { Element($0.0, rev: $0.1) })
        })
}

/// Rows with revision 0.
func rows(_ ids: Int...) -> [(Int, Int)] { ids.map { ($0, 0) } }

/// One batch with only the named fields set.
func batch(
    deleteSections: [Int] = [], insertSections: [Int] = [], moveSections: [(Int, Int)] = [],
    reloadSections: [Int] = [], deleteItems: [(Int, Int)] = [], insertItems: [(Int, Int)] = [],
    moveItems: [((Int, Int), (Int, Int))] = [], reloadItems: [(Int, Int)] = [], reconfigureItems: [(Int, Int)] = [],
    reconfigureSections: [Int] = []
) -> BatchUpdate {
    func path(_ p: (Int, Int)) -> ItemPath { ItemPath(p.0, p.1) }
    var b = BatchUpdate()
    b.deleteSections = deleteSections
    b.insertSections = insertSections
    b.moveSections = moveSections.map { Move($0.0, $0.1) }
    b.reloadSections = reloadSections
    b.deleteItems = deleteItems.map(path)
    b.insertItems = insertItems.map(path)
    b.moveItems = moveItems.map { Move(path($0.0), path($0.1)) }
    b.reloadItems = reloadItems.map(path)
    b.reconfigureItems = reconfigureItems.map(path)
    b.reconfigureSections = reconfigureSections
    return b
}

/// The batches of `changeset`, with every operation list sorted (libraries emit them in their own
/// order; UIKit reads them as sets).
func sortedBatches(_ changeset: DiffBenchModel.Changeset<Element<Int>, Element<Int>>) -> [BatchUpdate] {
    changeset.stages.map { stage in
        var b = stage.update
        b.deleteSections.sort(); b.insertSections.sort(); b.reloadSections.sort(); b.reconfigureSections.sort()
        b.moveSections.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        b.deleteItems.sort(); b.insertItems.sort(); b.reloadItems.sort(); b.reconfigureItems.sort()
        b.moveItems.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        return b
    }
}

/// The `after` snapshots of every stage (nil where the stage leaves it implicit).
func afters(_ changeset: DiffBenchModel.Changeset<Element<Int>, Element<Int>>) -> [ElementSnapshot<Int>?] {
    changeset.stages.map(\.after)
}

/// Whether each stage continues the update of the stage before it.
func continues(_ changeset: DiffBenchModel.Changeset<Element<Int>, Element<Int>>) -> [Bool] {
    changeset.stages.map(\.continuesUpdate)
}

/// The changeset `differ` gives on `old` → `new`, and the conformance checker's first failing rule.
func run(_ differ: Differ, _ old: ElementSnapshot<Int>, _ new: ElementSnapshot<Int>) throws
    -> (changeset: DiffBenchModel.Changeset<Element<Int>, Element<Int>>, rule: String?)
{
    let changeset = try differ.changeset(from: old, to: new)
    let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: changeset)
    return (changeset, report.passed ? nil : report.firstFailure?.rule ?? "FINAL")
}
