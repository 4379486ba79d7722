// SPDX-License-Identifier: Apache-2.0
// AppKit's table view as a BatchUpdateView, and its one call (`reload(using:)`) for lists without
// sections. Written against Apple's documented AppKit API; type-checked under Swift 6 against an
// interface stand-in (Tests/InterfaceStandIns, `.ci/typecheck-glue.sh`), never compiled with
// Apple's SDK nor run on macOS.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import DiffBenchModel

/// The animation of each kind of call an `NSTableView` takes.
public struct TableViewAnimations: Sendable, Equatable {
    /// Rows removed (deleted, and moved or reloaded rows leaving their place).
    public var removeRows: NSTableView.AnimationOptions
    /// Rows inserted (inserted, and moved or reloaded rows arriving at their place).
    public var insertRows: NSTableView.AnimationOptions

    /// `animation` for both kinds.
    ///
    /// - Complexity: O(1).
    public init(_ animation: NSTableView.AnimationOptions = .effectFade) {
        self.init(removeRows: animation, insertRows: animation)
    }

    /// One animation per kind.
    ///
    /// - Complexity: O(1).
    public init(removeRows: NSTableView.AnimationOptions, insertRows: NSTableView.AnimationOptions) {
        self.removeRows = removeRows
        self.insertRows = insertRows
    }
}

/// An `NSTableView`, a list without sections, as a ``BatchUpdateView``. AppKit applies a table
/// view's changes one after another, where UIKit applies a batch at once: the calls of a batch
/// are gathered and sent at its end as one `removeRows` and one `insertRows` between
/// `beginUpdates` and `endUpdates` (``IncrementalRowSteps``); a moved or reloaded row is removed
/// and inserted again. Section paths name section 0, the list.
@MainActor
public final class TableViewUpdates: BatchUpdateView {
    /// The table view.
    public let tableView: NSTableView
    /// The animation of each kind of call.
    public var animations: TableViewAnimations
    /// The calls of the open batch, and the row count when it began.
    private var open: (batch: BatchUpdate, oldCount: Int)?

    /// Wraps `tableView`.
    ///
    /// - Complexity: O(1).
    public init(_ tableView: NSTableView, animations: TableViewAnimations = TableViewAnimations()) {
        self.tableView = tableView
        self.animations = animations
    }

    // The requirements of BatchUpdateView: the calls gather into the open batch, O(k) for k paths.

    public var isInWindow: Bool { tableView.window != nil }
    public var canReconfigureRows: Bool { false }
    public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        open = (BatchUpdate(), tableView.numberOfRows)
        updates()
        guard let (batch, oldCount) = open else { return }
        open = nil
        let steps = IncrementalRowSteps(batch, oldCount: oldCount, newCount: dataSourceRowCount(inSection: 0))
        tableView.beginUpdates()
        if !steps.removed.isEmpty {
            tableView.removeRows(at: IndexSet(steps.removed), withAnimation: animations.removeRows)
        }
        if !steps.inserted.isEmpty {
            tableView.insertRows(at: IndexSet(steps.inserted), withAnimation: animations.insertRows)
        }
        tableView.endUpdates()
        completion?(true)
    }
    public func reloadData() { tableView.reloadData() }
    public func deleteSections(_ sections: [Int]) { open?.batch.deleteSections += sections }
    public func insertSections(_ sections: [Int]) { open?.batch.insertSections += sections }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        preconditionFailure("an NSTableView has no sections to move: apply a DiffUpdate of rows")
    }
    public func reloadSections(_ sections: [Int]) {
        preconditionFailure("an NSTableView has no sections to reload: apply a DiffUpdate of rows")
    }
    public func deleteRows(at paths: [RowPath]) { open?.batch.deleteItems += paths.map(Self.itemPath) }
    public func insertRows(at paths: [RowPath]) { open?.batch.insertItems += paths.map(Self.itemPath) }
    public func moveRow(at path: RowPath, to newPath: RowPath) {
        open?.batch.moveItems.append(Move(Self.itemPath(path), Self.itemPath(newPath)))
    }
    public func reloadRows(at paths: [RowPath]) { open?.batch.reloadItems += paths.map(Self.itemPath) }
    public func reconfigureRows(at paths: [RowPath]) {
        tableView.reloadData(
            forRowIndexes: IndexSet(paths.map(\.row)), columnIndexes: IndexSet(0..<tableView.numberOfColumns))
    }
    public func dataSourceSectionCount() -> Int { 1 }
    public func dataSourceRowCount(inSection section: Int) -> Int {
        tableView.dataSource?.numberOfRows?(in: tableView) ?? 0
    }

    /// The engine's path of `path`.
    ///
    /// - Complexity: O(1).
    static func itemPath(_ path: RowPath) -> ItemPath { ItemPath(path.section, path.row) }
}

extension NSTableView {
    /// Applies `update`, a list without sections, with `animation` for every call (see
    /// ``BatchUpdateView/reload(using:reconfiguringRows:interrupt:guard:completion:setData:)``):
    ///
    /// ```swift
    /// tableView.reload(using: DiffUpdate(from: rows, to: newRows)) { self.rows = $0 }
    /// ```
    ///
    /// - Complexity: O(*k* log *k*) for *k* operations.
    @discardableResult
    public func reload<Row: DiffRow>(
        using update: DiffUpdate<[Row]>,
        with animation: AnimationOptions = .effectFade,
        interrupt: ((DiffUpdate<[Row]>) -> Bool)? = { DiffUpdate.moreThanHundredChanges($0) },
        guard monitor: (any UpdateMonitor)? = nil,
        completion: ((Bool) -> Void)? = nil,
        setData: ([Row]) -> Void
    ) -> ReloadOutcome {
        TableViewUpdates(self, animations: TableViewAnimations(animation)).reload(
            using: update, interrupt: interrupt, guard: monitor, completion: completion, setData: setData)
    }
}
#endif
