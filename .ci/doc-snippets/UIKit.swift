// SPDX-License-Identifier: Apache-2.0
// A runnable stand-in of the few UIKit classes the documentation's snippets use, for Linux, where
// UIKit does not exist: a table and a collection view that take DiffBenchDiffing's calls and
// forward them to a recorder (a RecordingView the check gives them), and the two view
// controllers the snippets subclass. Their `reload(using:)` is DiffBenchDiffing's own algorithm
// (BatchUpdateView.reload), as the real glue's is; what the real glue forwards to UIKit is
// type-checked against Tests/InterfaceStandIns instead (.ci/typecheck-glue.sh). Built only by
// .ci/doc_snippets.py, in a package of its own, as a module named UIKit.
import DiffBenchDiffing

/// A view that forwards every batch call to `recorder`.
@MainActor
open class RecordedView: BatchUpdateView {
    /// Where the calls go: the check's recording view.
    public var recorder: (any BatchUpdateView)?

    public init() {}

    public var isInWindow: Bool { recorder?.isInWindow ?? true }
    public var canReconfigureRows: Bool { recorder?.canReconfigureRows ?? true }
    public func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) {
        guard let recorder else { return updates() }
        recorder.performBatch(updates, completion: completion)
    }
    public func reloadData() { recorder?.reloadData() }
    public func deleteSections(_ sections: [Int]) { recorder?.deleteSections(sections) }
    public func insertSections(_ sections: [Int]) { recorder?.insertSections(sections) }
    public func moveSection(_ section: Int, toSection newSection: Int) {
        recorder?.moveSection(section, toSection: newSection)
    }
    public func reloadSections(_ sections: [Int]) { recorder?.reloadSections(sections) }
    public func deleteRows(at paths: [RowPath]) { recorder?.deleteRows(at: paths) }
    public func insertRows(at paths: [RowPath]) { recorder?.insertRows(at: paths) }
    public func moveRow(at path: RowPath, to newPath: RowPath) { recorder?.moveRow(at: path, to: newPath) }
    public func reloadRows(at paths: [RowPath]) { recorder?.reloadRows(at: paths) }
    public func reconfigureRows(at paths: [RowPath]) { recorder?.reconfigureRows(at: paths) }
    public func dataSourceSectionCount() -> Int { recorder?.dataSourceSectionCount() ?? 0 }
    public func dataSourceRowCount(inSection section: Int) -> Int {
        recorder?.dataSourceRowCount(inSection: section) ?? 0
    }
}

/// UIKit's table view, as far as the snippets use it.
@MainActor
public final class UITableView: RecordedView {
    /// UIKit's row animations.
    public enum RowAnimation: Sendable { case fade, right, left, top, bottom, none, middle, automatic }

    /// The signature of DiffBenchDiffing's `UITableView.reload(using:with:...)`.
    @discardableResult
    public func reload<Data>(
        using update: DiffUpdate<Data>, with animation: RowAnimation = .automatic, reconfiguringRows: Bool = false,
        interrupt: ((DiffUpdate<Data>) -> Bool)? = DiffUpdate<Data>.moreThanHundredChanges,
        guard monitor: (any UpdateMonitor)? = nil, completion: ((Bool) -> Void)? = nil, setData: (Data) -> Void
    ) -> ReloadOutcome {
        (self as RecordedView).reload(
            using: update, reconfiguringRows: reconfiguringRows, interrupt: interrupt, guard: monitor,
            completion: completion, setData: setData)
    }
}

/// UIKit's collection view, as far as the snippets use it.
@MainActor
public final class UICollectionView: RecordedView {
    /// The signature of DiffBenchDiffing's `UICollectionView.reload(using:...)`.
    @discardableResult
    public func reload<Data>(
        using update: DiffUpdate<Data>, reconfiguringRows: Bool = false,
        interrupt: ((DiffUpdate<Data>) -> Bool)? = DiffUpdate<Data>.moreThanHundredChanges,
        guard monitor: (any UpdateMonitor)? = nil, completion: ((Bool) -> Void)? = nil, setData: (Data) -> Void
    ) -> ReloadOutcome {
        (self as RecordedView).reload(
            using: update, reconfiguringRows: reconfiguringRows, interrupt: interrupt, guard: monitor,
            completion: completion, setData: setData)
    }
}

/// UIKit's table view controller: a table view, and its data source's methods to override.
@MainActor
open class UITableViewController {
    public let tableView = UITableView()
    public init() {}
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
}

/// UIKit's collection view controller: a collection view, and its data source's methods.
@MainActor
open class UICollectionViewController {
    public let collectionView = UICollectionView()
    public init() {}
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
}
