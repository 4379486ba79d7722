// SPDX-License-Identifier: Apache-2.0

extension BatchUpdateView {
    /// Applies `changeset` (from the snapshot the view shows to `new`): `reloadData` as a reload,
    /// else each stage as one batch, with the data source set to the stage's snapshot inside it
    /// (`setData` runs first in the batch, so that the view reads the new counts when the batch
    /// ends and the old ones before it). Stages follow each other in the same turn of the run loop.
    ///
    /// A stage that rebinds headers in place (`reconfigureSections`, which no UIKit call expresses
    /// and DiffBench's differs never send) is applied as a reload.
    ///
    /// - Complexity: O(*k*) calls for *k* operations, plus what `setData` costs per stage.
    @inlinable
    public func apply<Model: DiffElement, Item: DiffElement>(
        _ changeset: Changeset<Model, Item>, to new: Snapshot<Model, Item>,
        setData: (Snapshot<Model, Item>) -> Void
    ) {
        let stages = changeset.stages
        guard !changeset.isReloadData, !stages.contains(where: { !$0.update.reconfigureSections.isEmpty }) else {
            setData(new)
            reloadData()
            return
        }
        for stage in stages {
            let shown = stage.after ?? new
            performBatch {
                setData(shown)
                send(stage.update)
            }
        }
    }

    /// Applies the changeset after `guard` checked it: on a violation, reloads instead (no crash)
    /// and returns what the guard found, having written the case file and told its handler.
    /// ``UpdateGuard/debugDefault`` checks in debug builds only.
    ///
    /// - Complexity: ``apply(_:to:setData:)``'s, plus the check's, O((*n* + *k*) log *k*) for *n*
    ///   rows and *k* operations, when the guard is on.
    @inlinable
    @discardableResult
    public func apply<Model: DiffElement, Item: DiffElement>(
        _ changeset: Changeset<Model, Item>, from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>,
        guard updateGuard: UpdateGuard = .debugDefault, setData: (Snapshot<Model, Item>) -> Void
    ) -> GuardViolation? {
        if updateGuard.isEnabled, let violation = updateGuard.check(changeset, from: old, to: new) {
            setData(new)
            reloadData()
            return violation
        }
        apply(changeset, to: new, setData: setData)
        return nil
    }

    /// Sends the calls of one batch: sections, then rows, each kind in one call where the view
    /// takes a list.
    ///
    /// - Complexity: O(*k*) for *k* operations.
    @inlinable
    public func send(_ update: BatchUpdate) {
        if !update.deleteSections.isEmpty { deleteSections(update.deleteSections) }
        if !update.insertSections.isEmpty { insertSections(update.insertSections) }
        for move in update.moveSections { moveSection(move.from, toSection: move.to) }
        if !update.reloadSections.isEmpty { reloadSections(update.reloadSections) }
        if !update.deleteItems.isEmpty { deleteItems(at: update.deleteItems) }
        if !update.insertItems.isEmpty { insertItems(at: update.insertItems) }
        for move in update.moveItems { moveItem(at: move.from, to: move.to) }
        if !update.reloadItems.isEmpty { reloadItems(at: update.reloadItems) }
        if !update.reconfigureItems.isEmpty { reconfigureItems(at: update.reconfigureItems) }
    }
}
