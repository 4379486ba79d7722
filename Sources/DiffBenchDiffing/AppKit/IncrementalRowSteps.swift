// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// One batch of a list without sections, in UIKit's coordinates, as the two calls a view that
/// applies changes one after another takes (AppKit's `NSTableView`: "the row indexes should be
/// with respect to the current state" for `removeRows`, "the final positions" for `insertRows`,
/// "changes are processed incrementally"): every row that leaves its place removed at once, then
/// every row that arrives inserted at its final place. Moved and reloaded rows are removed and
/// inserted, as UIKit decomposes a reload; the rows that stay keep their order and fill the
/// other places, as in UIKit. Compiled on every platform so that it is tested on Linux.
package struct IncrementalRowSteps: Equatable, Sendable {
    /// Rows to remove, indices before the batch, ascending.
    package var removed: [Int]
    /// Rows to insert, indices after the batch, ascending.
    package var inserted: [Int]

    /// The steps of `batch` (section 0's rows; deleting section 0 removes every old row,
    /// inserting it inserts every new row) on a list of `oldCount` rows that ends with `newCount`.
    ///
    /// - Precondition: `batch` is valid under UIKit's rules for those counts.
    /// - Complexity: O(*k* log *k*) for *k* operations, plus O(*n*) when section 0 is deleted or
    ///   inserted for *n* rows.
    package init(_ batch: BatchUpdate, oldCount: Int, newCount: Int) {
        let wholeOut = batch.deleteSections.contains(0), wholeIn = batch.insertSections.contains(0)
        let leaving = Set(batch.deleteItems.map(\.item) + batch.moveItems.map(\.from.item)).sorted()
        let arriving = Set(batch.insertItems.map(\.item) + batch.moveItems.map(\.to.item)).sorted()
        // Where each reloaded row lands: its rank among the rows that stay, counted into the
        // places no arriving row takes.
        var reloadedAt: [Int] = []
        for old in Set(batch.reloadItems.map(\.item)).sorted() {
            let rank = old - Self.count(below: old, in: leaving)
            reloadedAt.append(Self.place(rank, skipping: arriving))
        }
        removed = wholeOut ? Array(0..<oldCount) : Set(leaving + batch.reloadItems.map(\.item)).sorted()
        inserted = wholeIn ? Array(0..<newCount) : Set(arriving + reloadedAt).sorted()
    }

    /// How many of the ascending `values` are below `value`.
    ///
    /// - Complexity: O(log *k*) for *k* values.
    static func count(below value: Int, in values: [Int]) -> Int {
        // Invariant: values[..<low] < value <= values[high...].
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The `rank`-th index (from 0) of 0, 1, 2, ... that is not in the ascending `taken`.
    ///
    /// - Complexity: O(log *k*) for *k* taken indices.
    static func place(_ rank: Int, skipping taken: [Int]) -> Int {
        // The answer is rank + t, where t is the number of taken indices below it: the smallest t
        // with taken[t] > rank + t (or t == taken.count). taken[i] - i never decreases.
        // Invariant: every t below low fails, every t from high on holds.
        var low = 0, high = taken.count
        while low < high {
            let middle = (low + high) / 2
            if taken[middle] - middle > rank { high = middle } else { low = middle + 1 }
        }
        return rank + low
    }
}
