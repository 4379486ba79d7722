// SPDX-License-Identifier: Apache-2.0

/// The batch-update calls of a list view, in DiffBench's coordinates: what ``BatchUpdateView/apply(_:to:setData:)``
/// sends. `UITableView` and `UICollectionView` conform through ``TableViewUpdates`` and
/// ``CollectionViewUpdates`` (forwarding only); ``RecordingView`` records the calls so that the
/// checker can judge them, on any platform.
///
/// Deletes and reloads name old indices, inserts new ones, moves go old to new, as in UIKit.
///
/// - Complexity: each requirement is one call of the view's own; what it costs is the view's.
public protocol BatchUpdateView {
    /// Runs `updates` as one animated batch (`performBatchUpdates`); the data source changes
    /// inside it.
    func performBatch(_ updates: () -> Void)
    /// Reloads everything, animating nothing (`reloadData`).
    func reloadData()
    /// Deletes sections (old indices).
    func deleteSections(_ sections: [Int])
    /// Inserts sections (new indices).
    func insertSections(_ sections: [Int])
    /// Moves a section (old index to new index).
    func moveSection(_ section: Int, toSection newSection: Int)
    /// Reloads sections (old indices): their headers and rows are built again.
    func reloadSections(_ sections: [Int])
    /// Deletes rows (old paths).
    func deleteItems(at paths: [ItemPath])
    /// Inserts rows (new paths).
    func insertItems(at paths: [ItemPath])
    /// Moves a row (old path to new path).
    func moveItem(at path: ItemPath, to newPath: ItemPath)
    /// Reloads rows (old paths): their cells are built again.
    func reloadItems(at paths: [ItemPath])
    /// Rebinds rows in place (new paths): `reconfigureRows`/`reconfigureItems` where the view has
    /// it.
    func reconfigureItems(at paths: [ItemPath])
}
