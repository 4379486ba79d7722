import DiffBenchKit
import DeepDiff

extension Row: DiffAware {
    public typealias DiffId = ID
    /// DeepDiff matches rows by this identity.
    public var diffId: ID { id }
    /// DeepDiff reports a kept row whose content differs as a `replace`.
    public static func compareContent(_ a: Row<ID>, _ b: Row<ID>) -> Bool { a.rev == b.rev }
}

extension Header: DiffAware {
    public typealias DiffId = ID
    /// DeepDiff matches sections by this identity.
    public var diffId: ID { id }
    /// DeepDiff reports a kept section whose header differs as a `replace`.
    public static func compareContent(_ a: Header<ID>, _ b: Header<ID>) -> Bool { a.rev == b.rev }
}

/// DeepDiff 2.3.3 (onmyway133/DeepDiff): its Heckel `diff(old:new:)` on flat arrays. DeepDiff has
/// no sectioned diff, so the app diffs the headers, pairs the kept sections by identity and diffs
/// each kept section's rows (all timed: the app pays for all of it).
///
/// Applied as DeepDiff's own `UITableView.reload(changes:section:updateData:)` applies a flat diff,
/// one level up for the sections: one `performBatchUpdates` that sets the new data and sends the
/// deletes, inserts and moves (section deletes, inserts and moves; row deletes at old paths, inserts
/// at new paths, moves within a kept section), then, outside that batch as DeepDiff does,
/// `reloadRows` for every `replace` at its new index path, and `reloadSections` for a replaced
/// header (whose rows that reload refreshes too, so they get no `reloadRows` of their own). Between
/// the two the data source already shows the new list, so a replaced row shows its old content
/// until the reload (the checker's R22 at the first stage). A row that changes section is deleted
/// and inserted: the flat diffs cannot see it move.
public struct DeepDiffAdapter: GenericDifferAdapter {
    public let name = "deepdiff"
    public let summary = "DeepDiff 2.3.3: Heckel per level, as reload(changes:section:): a batch, then reloads"

    public init() {}

    /// What the timed call returns: the headers' changes, and each kept section's row changes.
    public struct Output<ID: Hashable & Sendable> {
        public var sections: [Change<Header<ID>>]
        public var rows: [(old: Int, new: Int, changes: [Change<Row<ID>>])]
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID> {
        let before = AppList(old), after = AppList(new)
        return PreparedCall(diff: { Self.diff(before, after) }, changeset: { Self.changeset($0, new: new) })
    }

    /// The app's diff: headers, then each kept section's rows.
    ///
    /// - Complexity: DeepDiff's O(*n*) per list, plus the O(*s*) pairing of sections.
    public static func diff<ID: Hashable & Sendable>(_ old: AppList<ID>, _ new: AppList<ID>) -> Output<ID> {
        let sections = DeepDiff.diff(old: old.headers, new: new.headers)
        let kept = KeptSections.pairs(old: old.headers.map(\.id), new: new.headers.map(\.id),
                                      deleted: Set(sections.compactMap { $0.delete?.index }),
                                      inserted: Set(sections.compactMap { $0.insert?.index }))
        return Output(sections: sections, rows: kept.map { pair in
            (pair.old, pair.new, DeepDiff.diff(old: old.rows[pair.old], new: new.rows[pair.new]))
        })
    }

    /// The batch `reload(changes:section:)` sends, then the reloads it sends after it.
    ///
    /// - Complexity: O(*c*) for *c* changes.
    public static func changeset<ID: Hashable & Sendable>(_ output: Output<ID>, new: ElementSnapshot<ID>)
        -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        var batch = BatchUpdate(), reloads = BatchUpdate()
        for change in output.sections {
            switch change {
            case .delete(let d): batch.deleteSections.append(d.index)
            case .insert(let i): batch.insertSections.append(i.index)
            case .move(let m): batch.moveSections.append(Move(m.fromIndex, m.toIndex))
            case .replace(let r): reloads.reloadSections.append(r.index)
            }
        }
        let reloadedSections = Set(reloads.reloadSections)
        for section in output.rows {
            for change in section.changes {
                switch change {
                case .delete(let d): batch.deleteItems.append(ItemPath(section.old, d.index))
                case .insert(let i): batch.insertItems.append(ItemPath(section.new, i.index))
                case .move(let m):
                    batch.moveItems.append(Move(ItemPath(section.old, m.fromIndex), ItemPath(section.new, m.toIndex)))
                case .replace(let r) where !reloadedSections.contains(section.new):
                    reloads.reloadItems.append(ItemPath(section.new, r.index))
                case .replace: continue
                }
            }
        }
        // `updateData()` runs inside the first batch: the data source shows the new list after it.
        guard !reloads.isEmpty else { return .staged([Stage(batch, after: nil)]) }
        return .staged([Stage(batch, after: new), Stage(reloads, after: nil)])
    }
}
