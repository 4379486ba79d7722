// SPDX-License-Identifier: Apache-2.0

/// A list view's batch-update calls, in UIKit's coordinates: what
/// ``BatchUpdateView/reload(using:reconfiguringRows:interrupt:guard:completion:setData:)`` sends.
/// `UITableView` and `UICollectionView` (``TableViewUpdates``, ``CollectionViewUpdates``), and
/// AppKit's `NSTableView` and `NSCollectionView`, conform through forwarding wrappers; a
/// recording view (`DiffBenchDiffingGuard`) records the calls, so that the checker can judge them
/// on any platform. Main-actor isolated, as UIKit's and AppKit's views are.
///
/// Deletes and reloads name old indices, inserts and reconfigures new ones, moves go old to new.
///
/// - Complexity: each requirement is one call of the view's own; what it costs is the view's.
@MainActor
public protocol BatchUpdateView {
    /// Whether the view is in a window: a view that is not reloads instead of animating.
    var isInWindow: Bool { get }
    /// Whether ``reconfigureRows(at:)`` rebinds cells in place (iOS 15 and tvOS 15 on);
    /// otherwise the glue reloads those rows.
    var canReconfigureRows: Bool { get }
    /// Runs `updates` as one animated batch (`performBatchUpdates`); the data source changes
    /// inside it. `completion` runs when its animations end.
    func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?)
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
    func deleteRows(at paths: [RowPath])
    /// Inserts rows (new paths).
    func insertRows(at paths: [RowPath])
    /// Moves a row (old path to new path).
    func moveRow(at path: RowPath, to newPath: RowPath)
    /// Reloads rows (old paths): their cells are built again.
    func reloadRows(at paths: [RowPath])
    /// Rebinds rows in place (new paths): `reconfigureRows`/`reconfigureItems`.
    func reconfigureRows(at paths: [RowPath])
    /// The number of sections the data source reports now, asked as UIKit asks it at the end of
    /// a batch (`numberOfSections(in:)`, 1 when the data source does not implement it).
    func dataSourceSectionCount() -> Int
    /// The number of rows the data source reports now in `section`, asked as UIKit asks it.
    func dataSourceRowCount(inSection section: Int) -> Int
}
