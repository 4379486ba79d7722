// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// One batch of an update: the calls one `performBatchUpdates` sends, and `data`, what the app's
/// data source must hold while the batch runs (set inside the batch, before its calls).
///
/// Deletes and reloads name rows and sections before the batch, inserts and reconfigures after
/// it, moves go from before to after: UIKit's coordinates.
public struct DiffStage<Data> {
    /// The data source's state for this batch, in the app's own type.
    public let data: Data
    /// The calls, in the engine's terms.
    @usableFromInline package let batch: BatchUpdate
    /// Rows per section of `data`: what the data source must report inside the batch.
    @usableFromInline package let rowCounts: [Int]

    /// A stage of `batch` showing `data`, whose sections hold `rowCounts` rows.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init(data: Data, batch: BatchUpdate, rowCounts: [Int]) {
        self.data = data
        self.batch = batch
        self.rowCounts = rowCounts
    }

    /// The number of sections `data` shows.
    ///
    /// - Complexity: O(1).
    public var sectionCount: Int { rowCounts.count }

    /// The number of rows `data` shows in `section`.
    ///
    /// - Complexity: O(1).
    public func rowCount(inSection section: Int) -> Int { rowCounts[section] }

    /// The number of calls' operands: sections and rows deleted, inserted, moved, reloaded and
    /// reconfigured.
    ///
    /// - Complexity: O(1).
    public var changeCount: Int {
        batch.sectionOperationCount + batch.deleteItems.count + batch.insertItems.count + batch.moveItems.count
            + batch.reloadItems.count + batch.reconfigureItems.count
    }

    /// Sections deleted (indices before the batch).
    ///
    /// - Complexity: O(1).
    public var deletedSections: [Int] { batch.deleteSections }
    /// Sections inserted (indices after the batch).
    ///
    /// - Complexity: O(1).
    public var insertedSections: [Int] { batch.insertSections }
    /// Sections moved, from before the batch to after it.
    ///
    /// - Complexity: O(*k*) for *k* moves.
    public var movedSections: [(from: Int, to: Int)] { batch.moveSections.map { ($0.from, $0.to) } }
    /// Sections reloaded (indices before the batch): their headers changed.
    ///
    /// - Complexity: O(1).
    public var reloadedSections: [Int] { batch.reloadSections }
    /// Rows deleted (paths before the batch).
    ///
    /// - Complexity: O(*k*) for *k* rows.
    public var deletedRows: [RowPath] { batch.deleteItems.map(RowPath.init) }
    /// Rows inserted (paths after the batch).
    ///
    /// - Complexity: O(*k*) for *k* rows.
    public var insertedRows: [RowPath] { batch.insertItems.map(RowPath.init) }
    /// Rows moved, from before the batch to after it.
    ///
    /// - Complexity: O(*k*) for *k* moves.
    public var movedRows: [(from: RowPath, to: RowPath)] {
        batch.moveItems.map { (RowPath($0.from), RowPath($0.to)) }
    }
    /// Rows whose content changed (paths before the batch).
    ///
    /// - Complexity: O(*k*) for *k* rows.
    public var reloadedRows: [RowPath] { batch.reloadItems.map(RowPath.init) }
}

extension DiffStage: Sendable where Data: Sendable {}
