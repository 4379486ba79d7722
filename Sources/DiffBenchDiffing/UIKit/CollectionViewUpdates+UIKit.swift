// SPDX-License-Identifier: Apache-2.0
// UIKit's collection view as a BatchUpdateView, and its one call (`reload(using:)`). Written
// against Apple's documented UIKit API; type-checked under Swift 6 against an interface stand-in
// (Tests/InterfaceStandIns, `.ci/typecheck-glue.sh`), never compiled with Apple's SDK nor run on
// iOS.
#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A `UICollectionView` as a ``BatchUpdateView``: forwarding only, one call each.
@MainActor
public struct CollectionViewUpdates: BatchUpdateView {
    /// The collection view.
    public let collectionView: UICollectionView

    /// Wraps `collectionView`.
    ///
    /// - Complexity: O(1).
    public init(_ collectionView: UICollectionView) { self.collectionView = collectionView }

    // The requirements of BatchUpdateView, each one call of the collection view's: O(k) for k
    // paths.

    public var isInWindow: Bool { collectionView.window != nil }
    public var canReconfigureRows: Bool {
        if #available(iOS 15.0, tvOS 15.0, *) { return true }
        return false
    }
    public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        collectionView.performBatchUpdates(updates, completion: completion)
    }
    public func reloadData() { collectionView.reloadData() }
    public func deleteSections(_ sections: [Int]) { collectionView.deleteSections(IndexSet(sections)) }
    public func insertSections(_ sections: [Int]) { collectionView.insertSections(IndexSet(sections)) }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        collectionView.moveSection(section, toSection: newSection)
    }
    public func reloadSections(_ sections: [Int]) { collectionView.reloadSections(IndexSet(sections)) }
    public func deleteRows(at paths: [RowPath]) { collectionView.deleteItems(at: paths.map(Self.indexPath)) }
    public func insertRows(at paths: [RowPath]) { collectionView.insertItems(at: paths.map(Self.indexPath)) }
    public func moveRow(at path: RowPath, to newPath: RowPath) {
        collectionView.moveItem(at: Self.indexPath(path), to: Self.indexPath(newPath))
    }
    public func reloadRows(at paths: [RowPath]) { collectionView.reloadItems(at: paths.map(Self.indexPath)) }
    public func reconfigureRows(at paths: [RowPath]) {
        if #available(iOS 15.0, tvOS 15.0, *) {
            collectionView.reconfigureItems(at: paths.map(Self.indexPath))
        } else {
            collectionView.reloadItems(at: paths.map(Self.indexPath))
        }
    }
    public func dataSourceSectionCount() -> Int {
        collectionView.dataSource?.numberOfSections?(in: collectionView) ?? 1
    }
    public func dataSourceRowCount(inSection section: Int) -> Int {
        collectionView.dataSource?.collectionView(collectionView, numberOfItemsInSection: section) ?? 0
    }

    /// The `IndexPath` of `path`.
    ///
    /// - Complexity: O(1).
    static func indexPath(_ path: RowPath) -> IndexPath { IndexPath(item: path.row, section: path.section) }
}

extension UICollectionView {
    /// Applies `update` (see
    /// ``BatchUpdateView/reload(using:reconfiguringRows:interrupt:guard:completion:setData:)``):
    ///
    /// ```swift
    /// collectionView.reload(using: DiffUpdate(from: sections, to: newSections)) { self.sections = $0 }
    /// ```
    ///
    /// - Complexity: O(*k*) calls for *k* operations.
    @discardableResult
    public func reload<Data>(
        using update: DiffUpdate<Data>,
        reconfiguringRows: Bool = false,
        interrupt: ((DiffUpdate<Data>) -> Bool)? = DiffUpdate<Data>.moreThanHundredChanges,
        guard monitor: (any UpdateMonitor)? = nil,
        completion: ((Bool) -> Void)? = nil,
        setData: (Data) -> Void
    ) -> ReloadOutcome {
        CollectionViewUpdates(self).reload(
            using: update, reconfiguringRows: reconfiguringRows, interrupt: interrupt, guard: monitor,
            completion: completion, setData: setData)
    }
}
#endif
