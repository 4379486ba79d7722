// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffing
import DiffBenchConformance

/// A list view that records the batch calls it receives and what its data source held around
/// each batch, so that the checker can judge glue (`reload(using:)`, or an app's own) on any
/// platform, in a test.
///
/// Like UIKit, it reads the data source when a batch begins (a view whose layout is not up to
/// date reloads there: data changed outside a batch is read as the batch's "before") and when it
/// ends, and answers ``dataSourceSectionCount()`` and ``dataSourceRowCount(inSection:)`` from the
/// data source as it is at that moment. A call outside ``performBatch(_:completion:)`` is a batch
/// of its own, as UIKit animates it.
@MainActor
public final class RecordingView<Data>: BatchUpdateView {
    /// One recorded event.
    public enum Event {
        /// A batch: the data source when it began and when it ended.
        case batch(before: Data, after: Data)
        /// `reloadData`, with what the data source held then.
        case reload(Data)
    }

    /// What the view received, in order.
    public private(set) var events: [Event] = []
    /// Whether the view says it is in a window (a view that is not reloads instead of animating).
    public var isInWindow = true
    /// Whether the view says it can reconfigure rows.
    public var canReconfigureRows = true
    /// Each event's calls (`nil` for a reload).
    private var calls: [BatchUpdate?] = []
    private let dataSource: () -> Data
    private let shape: ListShape<Data>
    private var open: (before: Data, calls: BatchUpdate)?

    /// A view whose data source is `dataSource`, an app's sections.
    ///
    /// - Complexity: O(1).
    public init<AppSection: DiffSection>(sections dataSource: @escaping () -> [AppSection])
    where Data == [AppSection] {
        self.dataSource = dataSource
        shape = SectionShape<AppSection>()
    }

    /// A view whose data source is `dataSource`, an app's rows (a list without sections).
    ///
    /// - Complexity: O(1).
    public init<Row: DiffRow>(rows dataSource: @escaping () -> [Row]) where Data == [Row] {
        self.dataSource = dataSource
        shape = RowShape<Row>()
    }

    /// Runs `updates` as one batch (a batch inside a batch joins it, as UIKit's do), then
    /// `completion`.
    ///
    /// - Complexity: two reads of the data source, plus what `updates` costs.
    public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        guard open == nil else { return updates() }
        open = (dataSource(), BatchUpdate())
        updates()
        let (before, update) = open!
        open = nil
        events.append(.batch(before: before, after: dataSource()))
        calls.append(update)
        completion?(true)
    }

    /// Records a reload with what the data source holds (ignored inside a batch).
    ///
    /// - Complexity: one read of the data source.
    public func reloadData() {
        if open != nil { return }
        events.append(.reload(dataSource()))
        calls.append(nil)
    }

    private func record(_ change: (inout BatchUpdate) -> Void) {
        if open != nil { return change(&open!.calls) }
        performBatch({ change(&open!.calls) }, completion: nil)
    }

    // The batch calls (BatchUpdateView): each appends to the open batch, or makes a batch of its
    // own outside one; O(k) for k indices or paths.

    public func deleteSections(_ sections: [Int]) { record { $0.deleteSections += sections } }
    public func insertSections(_ sections: [Int]) { record { $0.insertSections += sections } }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.moveSections.append(Move(section, newSection)) }
    }
    public func reloadSections(_ sections: [Int]) { record { $0.reloadSections += sections } }
    public func deleteRows(at paths: [RowPath]) { record { $0.deleteItems += paths.map(Self.itemPath) } }
    public func insertRows(at paths: [RowPath]) { record { $0.insertItems += paths.map(Self.itemPath) } }
    public func moveRow(at path: RowPath, to newPath: RowPath) {
        record { $0.moveItems.append(Move(Self.itemPath(path), Self.itemPath(newPath))) }
    }
    public func reloadRows(at paths: [RowPath]) { record { $0.reloadItems += paths.map(Self.itemPath) } }
    public func reconfigureRows(at paths: [RowPath]) { record { $0.reconfigureItems += paths.map(Self.itemPath) } }

    /// The number of sections the data source holds now.
    ///
    /// - Complexity: one read of the data source.
    public func dataSourceSectionCount() -> Int { shape.rowCounts(dataSource()).count }

    /// The number of rows the data source holds now in `section` (0 past its sections).
    ///
    /// - Complexity: one read of the data source.
    public func dataSourceRowCount(inSection section: Int) -> Int {
        let counts = shape.rowCounts(dataSource())
        return section >= 0 && section < counts.count ? counts[section] : 0
    }

    /// The engine's path of `path`.
    ///
    /// - Complexity: O(1).
    static func itemPath(_ path: RowPath) -> ItemPath { ItemPath(path.section, path.row) }

    /// Judges what the view received, from `old` (what it showed first) to `new` (what it must
    /// show last), by the checker's rules for `view`. Consecutive batches, each beginning where
    /// the one before ended, are judged together as one update (findings name the batch's place
    /// among all events; a cell may be stale between them if a later one refreshes it, as
    /// UIKit draws no frame between batches sent in one turn of the run loop); a batch that begins
    /// elsewhere (the data source changed outside a batch) is judged from what the view read when
    /// it began; a reload restarts from what it read. The last state must be `new` (rule `FINAL`).
    ///
    /// - Complexity: O((*n* + *k*) log *k*) per run of batches, for *n* rows and *k* operations.
    public func judge(from old: Data, to new: Data, view: GuardedView = .tableView) -> [GuardFinding] {
        var lists = [old, new]
        for event in events {
            switch event {
            case .batch(let before, let after): lists += [before, after]
            case .reload(let shown): lists.append(shown)
            }
        }
        let snapshots = shape.caseSnapshots(lists)
        let checker = ConformanceChecker(target: view.target)
        var findings: [GuardFinding] = [], shown = snapshots[0], next = 2
        var run: [Stage<IntElement, IntElement>] = [], runStart = 0, runFrom = shown
        func close() {
            guard !run.isEmpty else { return }
            let report = checker.check(old: runFrom, new: shown, changeset: .staged(run))
            for finding in report.findings where finding.severity.fails {
                var finding = GuardFinding(finding)
                finding.batch += runStart
                findings.append(finding)
            }
            run = []
        }
        for (index, update) in calls.enumerated() {
            guard let update else {
                close()
                shown = snapshots[next]
                next += 1
                continue
            }
            let before = snapshots[next], after = snapshots[next + 1]
            next += 2
            if run.isEmpty || !before.isIdentical(to: shown) {
                close()
                runStart = index
                runFrom = before
            }
            run.append(Stage(update, after: after, continuesUpdate: !run.isEmpty))
            shown = after
        }
        close()
        if !shown.isIdentical(to: snapshots[1]) {
            findings.append(
                GuardFinding(
                    Finding(
                        rule: .final, severity: .misrender, stage: max(events.count - 1, 0),
                        message: "the view does not end at the new list")))
        }
        return findings
    }
}
