// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import ListDiff

extension Row: Diffable {
    /// ListDiff matches rows by this identity (boxed: ListDiff's protocol asks for `AnyHashable`),
    /// and reports a kept row that is not `==` as updated.
    public var diffIdentifier: AnyHashable { AnyHashable(id) }
}

extension Header: Diffable {
    /// ListDiff matches sections by this identity.
    public var diffIdentifier: AnyHashable { AnyHashable(id) }
}

/// ListDiff (lxcid/ListDiff at 1390504, a Swift port of IGListKit's `IGListDiff`): `List.diffing(
/// oldArray:newArray:)` on flat arrays. It has no sectioned diff, so the app diffs the headers,
/// pairs the kept sections by identity and diffs each kept section's rows (all timed).
///
/// ListDiff ships no UIKit glue. The glue its users have is IGListKit's, whose diff it ports:
/// each result through `forBatchUpdates()` (IGListKit's `resultForBatchUpdates`), then the batch
/// clean-up of `IGListBatchUpdateData` (``IGListKitBatchCleanup``), one batch. That is `listdiff`,
/// the one ranked.
///
/// `listdiff-raw` sends the raw result in one batch, reloads (`updates`, at old paths) beside the
/// moves: what `forBatchUpdates()` exists to prevent. It is shown apart from the ranking, as an
/// illustration of what that API saves an app from, never scored beside the libraries.
///
/// Both are fed as IGListKit feeds its diff: never a repeated identity among the sections or among
/// one section's rows (``IGListKitInput``); a case that repeats one is refused as unsupported input.
public struct ListDiffAdapter: GenericDifferAdapter {
    /// Whether each result goes through `forBatchUpdates()` (the timed call includes it).
    public let batchSafe: Bool

    public var name: String { batchSafe ? "listdiff" : "listdiff-raw" }
    public var summary: String {
        batchSafe
            ? "ListDiff (IGListKit's diff in Swift): forBatchUpdates(), IGListKit's batch clean-up, one batch"
            : "ListDiff raw result per level in one batch (an illustration: what forBatchUpdates() prevents)"
    }

    public init(batchSafe: Bool) { self.batchSafe = batchSafe }

    /// What the timed call returns: the headers' result, and each kept section's rows' result.
    public struct Output {
        public var sections: List.Result
        public var rows: [(old: Int, new: Int, result: List.Result)]
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        try IGListKitInput.requireUniqueIdentities(old)
        try IGListKitInput.requireUniqueIdentities(new)
        let before = AppList(old), after = AppList(new), batchSafe = batchSafe
        return PreparedCall(
            diff: { Self.diff(before, after, batchSafe: batchSafe) },
            changeset: {
                let batch: DiffBenchModel.Changeset<Element<ID>, Element<ID>> = Self.changeset($0)
                guard batchSafe, case .staged(let stages) = batch else { return batch }
                return .staged(stages.map { Stage(IGListKitBatchCleanup.clean($0.update), after: $0.after) })
            })
    }

    /// The app's diff: headers, then each kept section's rows, each result made batch-safe if asked.
    ///
    /// - Complexity: ListDiff's O(*n*) per list, plus the O(*s*) pairing of sections.
    public static func diff<ID: Hashable & Sendable>(_ old: AppList<ID>, _ new: AppList<ID>, batchSafe: Bool)
        -> Output
    {
        func diffing<T: Diffable & Equatable>(_ a: [T], _ b: [T]) -> List.Result {
            let result = List.diffing(oldArray: a, newArray: b)
            return batchSafe ? result.forBatchUpdates() : result
        }
        let sections = diffing(old.headers, new.headers)
        let kept = KeptSections.pairs(
            old: old.headers.map(\.id), new: new.headers.map(\.id),
            deleted: Set(sections.deletes), inserted: Set(sections.inserts))
        return Output(
            sections: sections,
            rows: kept.map { pair in
                (pair.old, pair.new, diffing(old.rows[pair.old], new.rows[pair.new]))
            })
    }

    /// The one batch for `output`: deletes and updates at old indices, inserts at new ones, moves
    /// from old to new.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    public static func changeset<ID: Hashable & Sendable>(_ output: Output)
        -> DiffBenchModel.Changeset<Element<ID>, Element<ID>>
    {
        var batch = BatchUpdate()
        batch.deleteSections = Array(output.sections.deletes)
        batch.insertSections = Array(output.sections.inserts)
        batch.moveSections = output.sections.moves.map { Move($0.from, $0.to) }
        batch.reloadSections = Array(output.sections.updates)
        for section in output.rows {
            let result = section.result
            batch.deleteItems += result.deletes.map { ItemPath(section.old, $0) }
            batch.insertItems += result.inserts.map { ItemPath(section.new, $0) }
            batch.moveItems += result.moves.map { Move(ItemPath(section.old, $0.from), ItemPath(section.new, $0.to)) }
            batch.reloadItems += result.updates.map { ItemPath(section.old, $0) }
        }
        return .staged([Stage(batch, after: nil)])
    }
}
