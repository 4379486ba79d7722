// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

extension DiffUpdate {
    /// The default `interrupt`: reload instead of animating an update of more than 100 changes,
    /// the limit DifferenceKit's README shows for its own `interrupt` ("Batch updates using too
    /// large amount of diffs may adversely affect to performance", README.md at 1.3.0).
    ///
    /// - Complexity: O(*b*) for *b* batches.
    public static func moreThanHundredChanges(_ update: DiffUpdate) -> Bool { update.changeCount > 100 }
}

@MainActor
extension BatchUpdateView {
    /// Applies `update`: each stage as one batch, the data source set to the stage's data inside
    /// it (`setData` runs first in the batch, so that the view reads the old counts before it and
    /// the new ones at its end), the stages one after another in the same turn of the run loop.
    ///
    /// The view reloads instead (`setData` with the new list, then `reloadData`) when it is not in
    /// a window, when `interrupt` says so (by default past 100 changes; pass `nil` to always
    /// animate), or when `guard` refuses the update or stops a batch (see ``UpdateMonitor``).
    /// With `reconfiguringRows`, a batch that only changes rows' content rebinds their cells in
    /// place where the view can (`reconfigureRows`, iOS 15 and tvOS 15 on) instead of building new
    /// ones; a batch that also deletes, inserts or moves reloads them (Apple does not document
    /// which coordinates a reconfigure takes beside those calls). `completion` runs when the last
    /// batch's animations end, or at once when the view reloads or nothing changed.
    ///
    /// - Returns: whether the batches were sent or the view reloaded, and why.
    /// - Complexity: O(*k*) calls for *k* operations, plus what the monitor costs.
    @discardableResult
    public func reload<Data>(
        using update: DiffUpdate<Data>,
        reconfiguringRows: Bool = false,
        interrupt: ((DiffUpdate<Data>) -> Bool)? = DiffUpdate<Data>.moreThanHundredChanges,
        guard monitor: (any UpdateMonitor)? = nil,
        completion: ((Bool) -> Void)? = nil,
        setData: (Data) -> Void
    ) -> ReloadOutcome {
        func reloadInstead(_ reason: ReloadOutcome.Reason) -> ReloadOutcome {
            setData(update.data)
            reloadData()
            completion?(false)
            return .reloaded(reason)
        }
        if update.isEmpty {
            setData(update.data)
            completion?(true)
            return .animated
        }
        if !isInWindow { return reloadInstead(.notInWindow) }
        if let interrupt, interrupt(update) { return reloadInstead(.interrupted) }
        if let monitor, !monitor.shouldApply(update) { return reloadInstead(.refused) }
        for (index, stage) in update.stages.enumerated() {
            var stopped = false
            let last = index == update.stages.count - 1
            performBatch(
                {
                    setData(stage.data)
                    if let monitor, !monitor.shouldSend(stage: index, of: update, to: self) {
                        // Calls that agree with whatever the data source says: every section the view
                        // showed out, every section the data source has in.
                        stopped = true
                        let before = index == 0 ? update.oldSectionCount : update.stages[index - 1].sectionCount
                        if before > 0 { deleteSections(Array(0..<before)) }
                        let now = dataSourceSectionCount()
                        if now > 0 { insertSections(Array(0..<now)) }
                        return
                    }
                    send(stage, reconfiguringRows: reconfiguringRows && canReconfigureRows)
                },
                completion: last ? { finished in if !stopped { completion?(finished) } } : nil)
            if stopped { return reloadInstead(.stopped) }
        }
        return .animated
    }

    /// Sends the calls of one batch: sections, then rows, each kind in one call where the view
    /// takes a list. With `reconfiguringRows`, a batch that only changes rows' content
    /// reconfigures them (its old and new paths are the same).
    ///
    /// - Complexity: O(*k*) for *k* operations.
    public func send<Data>(_ stage: DiffStage<Data>, reconfiguringRows: Bool = false) {
        let batch = stage.batch
        if !batch.deleteSections.isEmpty { deleteSections(batch.deleteSections) }
        if !batch.insertSections.isEmpty { insertSections(batch.insertSections) }
        for move in batch.moveSections { moveSection(move.from, toSection: move.to) }
        if !batch.reloadSections.isEmpty { reloadSections(batch.reloadSections) }
        if !batch.deleteItems.isEmpty { deleteRows(at: stage.deletedRows) }
        if !batch.insertItems.isEmpty { insertRows(at: stage.insertedRows) }
        for move in batch.moveItems { moveRow(at: RowPath(move.from), to: RowPath(move.to)) }
        if !batch.reloadItems.isEmpty {
            let contentOnly =
                batch.deleteSections.isEmpty && batch.insertSections.isEmpty && batch.moveSections.isEmpty
                && batch.deleteItems.isEmpty && batch.insertItems.isEmpty && batch.moveItems.isEmpty
            if reconfiguringRows && contentOnly {
                reconfigureRows(at: stage.reloadedRows)
            } else {
                reloadRows(at: stage.reloadedRows)
            }
        }
        if !batch.reconfigureItems.isEmpty { reconfigureRows(at: batch.reconfigureItems.map(RowPath.init)) }
    }
}
