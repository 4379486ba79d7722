// SPDX-License-Identifier: Apache-2.0
// UIKit's table view as a BatchUpdateView, and its one call (`reload(using:)`). Written against
// Apple's documented UIKit API; type-checked under Swift 6 against an interface stand-in
// (Tests/InterfaceStandIns, `.ci/typecheck-glue.sh`), never compiled with Apple's SDK nor run on
// iOS (docs/use-in-your-app.md says what has run where).
#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The animation of each kind of call a table view takes.
public struct TableViewAnimations: Sendable, Hashable {
    /// Sections deleted, inserted, reloaded.
    public var deleteSections, insertSections, reloadSections: UITableView.RowAnimation
    /// Rows deleted, inserted, reloaded.
    public var deleteRows, insertRows, reloadRows: UITableView.RowAnimation

    /// `animation` for every kind.
    ///
    /// - Complexity: O(1).
    public init(_ animation: UITableView.RowAnimation = .automatic) {
        self.init(
            deleteSections: animation, insertSections: animation, reloadSections: animation,
            deleteRows: animation, insertRows: animation, reloadRows: animation)
    }

    /// One animation per kind.
    ///
    /// - Complexity: O(1).
    public init(
        deleteSections: UITableView.RowAnimation, insertSections: UITableView.RowAnimation,
        reloadSections: UITableView.RowAnimation, deleteRows: UITableView.RowAnimation,
        insertRows: UITableView.RowAnimation, reloadRows: UITableView.RowAnimation
    ) {
        self.deleteSections = deleteSections
        self.insertSections = insertSections
        self.reloadSections = reloadSections
        self.deleteRows = deleteRows
        self.insertRows = insertRows
        self.reloadRows = reloadRows
    }
}

/// A `UITableView` as a ``BatchUpdateView``: forwarding only, one call each.
@MainActor
public struct TableViewUpdates: BatchUpdateView {
    /// The table view.
    public let tableView: UITableView
    /// The animation of each kind of call.
    public var animations: TableViewAnimations

    /// Wraps `tableView`.
    ///
    /// - Complexity: O(1).
    public init(_ tableView: UITableView, animations: TableViewAnimations = TableViewAnimations()) {
        self.tableView = tableView
        self.animations = animations
    }

    // The requirements of BatchUpdateView, each one call of the table view's: O(k) for k paths.

    public var isInWindow: Bool { tableView.window != nil }
    public var canReconfigureRows: Bool {
        if #available(iOS 15.0, tvOS 15.0, *) { return true }
        return false
    }
    public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        tableView.performBatchUpdates(updates, completion: completion)
    }
    public func reloadData() { tableView.reloadData() }
    public func deleteSections(_ sections: [Int]) {
        tableView.deleteSections(IndexSet(sections), with: animations.deleteSections)
    }
    public func insertSections(_ sections: [Int]) {
        tableView.insertSections(IndexSet(sections), with: animations.insertSections)
    }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        tableView.moveSection(section, toSection: newSection)
    }
    public func reloadSections(_ sections: [Int]) {
        tableView.reloadSections(IndexSet(sections), with: animations.reloadSections)
    }
    public func deleteRows(at paths: [RowPath]) {
        tableView.deleteRows(at: paths.map(Self.indexPath), with: animations.deleteRows)
    }
    public func insertRows(at paths: [RowPath]) {
        tableView.insertRows(at: paths.map(Self.indexPath), with: animations.insertRows)
    }
    public func moveRow(at path: RowPath, to newPath: RowPath) {
        tableView.moveRow(at: Self.indexPath(path), to: Self.indexPath(newPath))
    }
    public func reloadRows(at paths: [RowPath]) {
        tableView.reloadRows(at: paths.map(Self.indexPath), with: animations.reloadRows)
    }
    public func reconfigureRows(at paths: [RowPath]) {
        if #available(iOS 15.0, tvOS 15.0, *) {
            tableView.reconfigureRows(at: paths.map(Self.indexPath))
        } else {
            tableView.reloadRows(at: paths.map(Self.indexPath), with: .none)
        }
    }
    public func dataSourceSectionCount() -> Int { tableView.dataSource?.numberOfSections?(in: tableView) ?? 1 }
    public func dataSourceRowCount(inSection section: Int) -> Int {
        tableView.dataSource?.tableView(tableView, numberOfRowsInSection: section) ?? 0
    }

    /// The `IndexPath` of `path`.
    ///
    /// - Complexity: O(1).
    static func indexPath(_ path: RowPath) -> IndexPath { IndexPath(row: path.row, section: path.section) }
}

extension UITableView {
    /// Applies `update` with `animation` for every call (see
    /// ``BatchUpdateView/reload(using:reconfiguringRows:interrupt:guard:completion:setData:)``):
    ///
    /// ```swift
    /// tableView.reload(using: DiffUpdate(from: sections, to: newSections), with: .fade) {
    ///     self.sections = $0
    /// }
    /// ```
    ///
    /// - Complexity: O(*k*) calls for *k* operations.
    @discardableResult
    public func reload<Data>(
        using update: DiffUpdate<Data>,
        with animation: RowAnimation = .automatic,
        reconfiguringRows: Bool = false,
        interrupt: ((DiffUpdate<Data>) -> Bool)? = DiffUpdate<Data>.moreThanHundredChanges,
        guard monitor: (any UpdateMonitor)? = nil,
        completion: ((Bool) -> Void)? = nil,
        setData: (Data) -> Void
    ) -> ReloadOutcome {
        TableViewUpdates(self, animations: TableViewAnimations(animation)).reload(
            using: update, reconfiguringRows: reconfiguringRows, interrupt: interrupt, guard: monitor,
            completion: completion, setData: setData)
    }

    /// Applies `update` with one animation per kind of call.
    ///
    /// - Complexity: O(*k*) calls for *k* operations.
    @discardableResult
    public func reload<Data>(
        using update: DiffUpdate<Data>,
        animations: TableViewAnimations,
        reconfiguringRows: Bool = false,
        interrupt: ((DiffUpdate<Data>) -> Bool)? = DiffUpdate<Data>.moreThanHundredChanges,
        guard monitor: (any UpdateMonitor)? = nil,
        completion: ((Bool) -> Void)? = nil,
        setData: (Data) -> Void
    ) -> ReloadOutcome {
        TableViewUpdates(self, animations: animations).reload(
            using: update, reconfiguringRows: reconfiguringRows, interrupt: interrupt, guard: monitor,
            completion: completion, setData: setData)
    }
}
#endif
