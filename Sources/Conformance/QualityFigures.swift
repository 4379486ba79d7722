import DiffModel

/// How good a changeset is as an animation, beyond passing the checker.
public struct QualityFigures: Sendable, Equatable {
    /// Number of batch-update stages (0 for `reloadData`).
    public var stages = 0
    /// Item operations summed over all stages.
    public var itemDeletes = 0, itemInserts = 0, itemMoves = 0, itemReloads = 0
    /// Section deletes, inserts, moves and reloads summed over all stages.
    public var sectionOperations = 0
    /// The fewest item moves any changeset needs for this case.
    public var minimumMoves = 0
    /// Item moves beyond `minimumMoves` (never negative).
    public var excessMoves = 0
    /// From the checker's report: share of surviving items not deleted and re-inserted.
    public var identityPreserved = 0.0

    /// Creates empty figures.
    public init() {}

    /// Measures `changeset` for the case `old` -> `new`.
    ///
    /// - Complexity: O(*n* log *n*) for *n* items.
    @_specialize(where Model == IntElement, Item == IntElement)
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
        figures.minimumMoves = minimumMoves(old: old, new: new)
        figures.excessMoves = max(0, figures.itemMoves - figures.minimumMoves)
        figures.identityPreserved = report.identityPreserved
        return figures
    }

    /// Per section (matched by identity): items kept in it minus the longest increasing
    /// subsequence of their old positions; plus one per item that changes section.
    /// Duplicate identities are paired in order of appearance.
    public static func minimumMoves<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>
    ) -> Int {
        var occurrences = [Item.DiffID: [(section: Int, index: Int)]](minimumCapacity: old.itemCount)
        for (s, section) in old.sections.enumerated() {
            for (k, item) in section.items.enumerated() { occurrences[item.diffID, default: []].append((s, k)) }
        }
        var cursor = [Item.DiffID: Int]()
        var total = 0
        for section in new.sections {
            var kept: [Int] = []
            for item in section.items {
                guard let list = occurrences[item.diffID] else { continue }
                let n = cursor[item.diffID, default: 0]
                guard n < list.count else { continue }
                cursor[item.diffID] = n + 1
                let source = list[n]
                if old.sections[source.section].model.diffID == section.model.diffID {
                    kept.append(source.index)
                } else {
                    total += 1
                }
            }
            total += kept.count - longestIncreasingSubsequence(kept)
        }
        return total
    }

    /// Length of the longest strictly increasing subsequence (patience sorting).
    ///
    /// - Complexity: O(*n* log *n*).
    public static func longestIncreasingSubsequence(_ values: [Int]) -> Int {
        var tails: [Int] = []
        tails.reserveCapacity(values.count)
        for v in values {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if tails[mid] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo == tails.count { tails.append(v) } else { tails[lo] = v }
        }
        return tails.count
    }
}
