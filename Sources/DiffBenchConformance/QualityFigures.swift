// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// How good a changeset is as an animation, beyond passing the checker.
///
/// Relocations are counted over the *relocatable* items: those whose old section and new
/// section both survive (UIKit forbids moving an item out of a deleted section or into an
/// inserted one, so every other item can only be deleted and re-inserted, by any changeset).
/// A relocatable item either stays in place (never moved or deleted; reloads stay in place) or
/// is relocated (moved, or deleted and re-inserted). No correct changeset can relocate fewer
/// than `minimumRelocations`, and turning a move into a delete + insert does not lower the count.
public struct QualityFigures: Sendable, Equatable {
    /// Number of batch-update stages (0 for `reloadData`).
    public var stages = 0
    /// Item operations summed over all stages.
    public var itemDeletes = 0, itemInserts = 0, itemMoves = 0, itemReloads = 0
    /// Section deletes, inserts, moves and reloads summed over all stages.
    public var sectionOperations = 0
    /// Relocatable items the changeset moves or deletes and re-inserts.
    public var relocations = 0
    /// The fewest relocations any changeset needs for this case (the LIS bound).
    public var minimumRelocations = 0
    /// `relocations - minimumRelocations`: never negative for a changeset that reaches the target.
    public var excessMoves = 0
    /// From the checker's report: share of surviving items not deleted and re-inserted.
    public var identityPreserved = 0.0

    /// Creates empty figures.
    public init() {}

    /// Measures `changeset` for the case `old` -> `new`; `report` must come from a table- or
    /// collection-view check (it supplies the items kept in place).
    ///
    /// - Complexity: O(*n* log *n*) for *n* items without duplicate identities.
    @_specialize(where Model == IntElement, Item == IntElement)
    @_specialize(where Model == StringElement, Item == StringElement)
    @_specialize(where Model == UUIDElement, Item == UUIDElement)
    @_specialize(where Model == CaseElement, Item == CaseElement)
    public static func measure<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>,
        report: ConformanceReport
    ) -> QualityFigures {
        var figures = QualityFigures()
        for stage in changeset.stages {
            let u = stage.update
            figures.stages += 1
            figures.itemDeletes += u.deleteItems.count
            figures.itemInserts += u.insertItems.count
            figures.itemMoves += u.moveItems.count
            figures.itemReloads += u.reloadItems.count + u.reconfigureItems.count
            figures.sectionOperations += u.sectionOperationCount
        }
        let bound = RelocationBound(old: old, new: new)
        figures.minimumRelocations = bound.minimum
        figures.relocations = max(0, bound.relocatable - report.keptInPlace)
        figures.excessMoves = max(0, figures.relocations - figures.minimumRelocations)
        figures.identityPreserved = report.identityPreserved
        return figures
    }

    /// The fewest relocations any changeset needs to turn `old` into `new`.
    ///
    /// - Complexity: O(*n* log *n*) for *n* items without duplicate identities.
    public static func minimumRelocations<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>
    ) -> Int {
        RelocationBound(old: old, new: new).minimum
    }

    /// Length of the longest strictly increasing subsequence (patience sorting).
    ///
    /// - Complexity: O(*n* log *n*).
    public static func longestIncreasingSubsequence(_ values: [Int]) -> Int {
        var tails: [Int] = []
        tails.reserveCapacity(values.count)
        for v in values { insertIntoTails(&tails, v) }
        return tails.count
    }

    /// One step of patience sorting: `tails[k]` is the smallest last value of an increasing run
    /// of length k + 1 seen so far.
    static func insertIntoTails(_ tails: inout [Int], _ v: Int) {
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tails[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        if lo == tails.count { tails.append(v) } else { tails[lo] = v }
    }
}
