// SPDX-License-Identifier: Apache-2.0

/// A list view that records the batch calls it receives and what its data source showed around
/// each batch, so that the checker can judge glue code (``BatchUpdateView/apply(_:to:setData:)``,
/// or an app's own) on any platform.
///
/// Like UIKit, it reads the data source when a batch begins (a view whose layout is not up to
/// date reloads there: data changed outside a batch is read as the batch's "before") and when it
/// ends. A call outside ``performBatch(_:)`` is a batch of its own, as UIKit animates it.
public final class RecordingView<Model: DiffElement, Item: DiffElement>: BatchUpdateView {
    /// One recorded event.
    public enum Event {
        /// A batch: the data source when it began, its calls, the data source when it ended.
        case batch(before: Snapshot<Model, Item>, update: BatchUpdate, after: Snapshot<Model, Item>)
        /// `reloadData`, with what the data source showed then.
        case reload(Snapshot<Model, Item>)
    }

    /// What the view received, in order.
    public private(set) var events: [Event] = []
    private let dataSource: () -> Snapshot<Model, Item>
    private var open: (before: Snapshot<Model, Item>, update: BatchUpdate)?

    /// A view whose data source is `dataSource` (read at the start and end of every batch).
    ///
    /// - Complexity: O(1).
    public init(dataSource: @escaping () -> Snapshot<Model, Item>) {
        self.dataSource = dataSource
    }

    /// Runs `updates` as one batch (a batch inside a batch joins it, as UIKit's do).
    ///
    /// - Complexity: two reads of the data source, plus what `updates` costs.
    public func performBatch(_ updates: () -> Void) {
        guard open == nil else { return updates() }
        open = (dataSource(), BatchUpdate())
        updates()
        let (before, update) = open!
        open = nil
        events.append(.batch(before: before, update: update, after: dataSource()))
    }

    /// Records a reload with what the data source shows (ignored inside a batch).
    ///
    /// - Complexity: one read of the data source.
    public func reloadData() {
        if open != nil { return }
        events.append(.reload(dataSource()))
    }

    private func record(_ change: (inout BatchUpdate) -> Void) {
        if open != nil { return change(&open!.update) }
        performBatch { change(&open!.update) }
    }

    // The batch calls (``BatchUpdateView``): each appends to the open batch, or makes a batch of its
    // own outside one; O(k) for k indices or paths.

    public func deleteSections(_ sections: [Int]) { record { $0.deleteSections += sections } }
    public func insertSections(_ sections: [Int]) { record { $0.insertSections += sections } }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.moveSections.append(Move(section, newSection)) }
    }
    public func reloadSections(_ sections: [Int]) { record { $0.reloadSections += sections } }
    public func deleteItems(at paths: [ItemPath]) { record { $0.deleteItems += paths } }
    public func insertItems(at paths: [ItemPath]) { record { $0.insertItems += paths } }
    public func moveItem(at path: ItemPath, to newPath: ItemPath) {
        record { $0.moveItems.append(Move(path, newPath)) }
    }
    public func reloadItems(at paths: [ItemPath]) { record { $0.reloadItems += paths } }
    public func reconfigureItems(at paths: [ItemPath]) { record { $0.reconfigureItems += paths } }

    /// Judges what the view received, from `old` (what it showed first) to `new` (what it must
    /// show last), by the checker's rules for `target`. Consecutive batches, each beginning where
    /// the one before ended, are judged together as one changeset (findings name the batch's
    /// place among all events); a batch that begins elsewhere (the data source changed outside a
    /// batch) is judged from what the view read when it began; a reload restarts from what it
    /// read. The last state must be `new`.
    ///
    /// - Complexity: O((*n* + *k*) log *k*) per run of batches, for *n* rows and *k* operations.
    public func judge(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>,
        target: Target = .table
    ) -> [Finding] {
        let checker = ConformanceChecker(target: target)
        var findings: [Finding] = [], shown = old
        var run: [Stage<Model, Item>] = [], runStart = 0, runFrom = old
        func close() {
            guard !run.isEmpty else { return }
            let report = checker.check(old: runFrom, new: shown, changeset: .staged(run))
            findings += report.findings.filter(\.severity.fails).map { finding in
                var finding = finding
                finding.stage += runStart
                return finding
            }
            run = []
        }
        for (index, event) in events.enumerated() {
            switch event {
            case .reload(let snapshot):
                close()
                shown = snapshot
            case .batch(let before, let update, let after):
                if run.isEmpty || !before.isIdentical(to: shown) {
                    close()
                    runStart = index
                    runFrom = before
                }
                run.append(Stage(update, after: after))
                shown = after
            }
        }
        close()
        if !shown.isIdentical(to: new) {
            findings.append(
                Finding(
                    rule: "FINAL", severity: .misrender, stage: max(events.count - 1, 0),
                    message: "the view does not end at the new snapshot"))
        }
        return findings
    }
}
