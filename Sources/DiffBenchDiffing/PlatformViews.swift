// SPDX-License-Identifier: Apache-2.0
// UIKit's table and collection views as ``BatchUpdateView``s: forwarding only, one call each.
// Written against Apple's documented API; never compiled or run on the Linux machine DiffBench is
// developed on (docs/use-in-your-app.md says what has run where).
#if canImport(UIKit) && !os(watchOS)
import UIKit

extension IndexPath {
    /// The `IndexPath` of a DiffBench `ItemPath`.
    @inlinable
    init(_ path: ItemPath) { self.init(indexes: [path.section, path.item]) }
}

/// A `UITableView` as a ``BatchUpdateView``.
public struct TableViewUpdates: BatchUpdateView {
    /// The table view.
    public let tableView: UITableView
    /// The animation of inserts, deletes and reloads.
    public var animation: UITableView.RowAnimation

    /// Wraps `tableView`.
    ///
    /// - Complexity: O(1).
    public init(_ tableView: UITableView, animation: UITableView.RowAnimation = .automatic) {
        self.tableView = tableView
        self.animation = animation
    }

    public func performBatch(_ updates: () -> Void) {
        // UIKit runs the block before performBatchUpdates returns.
        withoutActuallyEscaping(updates) { updates in tableView.performBatchUpdates(updates, completion: nil) }
    }
    public func reloadData() { tableView.reloadData() }
    public func deleteSections(_ sections: [Int]) { tableView.deleteSections(IndexSet(sections), with: animation) }
    public func insertSections(_ sections: [Int]) { tableView.insertSections(IndexSet(sections), with: animation) }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        tableView.moveSection(section, toSection: newSection)
    }
    public func reloadSections(_ sections: [Int]) { tableView.reloadSections(IndexSet(sections), with: animation) }
    public func deleteItems(at paths: [ItemPath]) {
        tableView.deleteRows(at: paths.map(IndexPath.init), with: animation)
    }
    public func insertItems(at paths: [ItemPath]) {
        tableView.insertRows(at: paths.map(IndexPath.init), with: animation)
    }
    public func moveItem(at path: ItemPath, to newPath: ItemPath) {
        tableView.moveRow(at: IndexPath(path), to: IndexPath(newPath))
    }
    public func reloadItems(at paths: [ItemPath]) {
        tableView.reloadRows(at: paths.map(IndexPath.init), with: animation)
    }
    public func reconfigureItems(at paths: [ItemPath]) {
        if #available(iOS 15.0, tvOS 15.0, *) {
            tableView.reconfigureRows(at: paths.map(IndexPath.init))
        } else {
            tableView.reloadRows(at: paths.map(IndexPath.init), with: .none)
        }
    }
}

/// A `UICollectionView` as a ``BatchUpdateView``.
public struct CollectionViewUpdates: BatchUpdateView {
    /// The collection view.
    public let collectionView: UICollectionView

    /// Wraps `collectionView`.
    ///
    /// - Complexity: O(1).
    public init(_ collectionView: UICollectionView) { self.collectionView = collectionView }

    public func performBatch(_ updates: () -> Void) {
        // UIKit runs the block before performBatchUpdates returns.
        withoutActuallyEscaping(updates) { updates in collectionView.performBatchUpdates(updates, completion: nil) }
    }
    public func reloadData() { collectionView.reloadData() }
    public func deleteSections(_ sections: [Int]) { collectionView.deleteSections(IndexSet(sections)) }
    public func insertSections(_ sections: [Int]) { collectionView.insertSections(IndexSet(sections)) }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        collectionView.moveSection(section, toSection: newSection)
    }
    public func reloadSections(_ sections: [Int]) { collectionView.reloadSections(IndexSet(sections)) }
    public func deleteItems(at paths: [ItemPath]) { collectionView.deleteItems(at: paths.map(IndexPath.init)) }
    public func insertItems(at paths: [ItemPath]) { collectionView.insertItems(at: paths.map(IndexPath.init)) }
    public func moveItem(at path: ItemPath, to newPath: ItemPath) {
        collectionView.moveItem(at: IndexPath(path), to: IndexPath(newPath))
    }
    public func reloadItems(at paths: [ItemPath]) { collectionView.reloadItems(at: paths.map(IndexPath.init)) }
    public func reconfigureItems(at paths: [ItemPath]) {
        if #available(iOS 15.0, tvOS 15.0, *) {
            collectionView.reconfigureItems(at: paths.map(IndexPath.init))
        } else {
            collectionView.reloadItems(at: paths.map(IndexPath.init))
        }
    }
}
#endif
