// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DeepDiff

extension Row: DiffAware {
    public typealias DiffId = ID
    /// DeepDiff matches rows by this identity.
    public var diffId: ID { id }
    /// DeepDiff reports a kept row whose content differs as a `replace`.
    public static func compareContent(_ a: Row<ID>, _ b: Row<ID>) -> Bool { a.rev == b.rev }
}

/// DeepDiff 2.3.3 (onmyway133/DeepDiff): its Heckel `diff(old:new:)` on one section's rows, applied
/// as its own glue applies it: `UITableView.reload(changes:section:updateData:)`
/// (Sources/iOS/UITableView+Extensions.swift:24-48 at 2.3.3; the collection view's twin is
/// Sources/iOS/UICollectionView+Extensions.swift:21-38). That call takes one section: one
/// `performBatchUpdates` that sets the data and sends the row deletes, inserts and moves, then
/// right after it, in the same turn of the run loop, `reloadRows` for every `replace` at its new
/// index (Sources/Shared/Algorithms/Heckel.swift:259-265). Both make one update: a replaced row is
/// stale between the two calls and right at the end, which the checker does not charge.
///
/// DeepDiff ships no glue for sections, and its README (README.md:106-114) shows one call for one
/// section. So the league runs it as that composition, one `reload(changes:section:)` per section,
/// on lists whose sections are the same before and after (same identities, order and headers); a
/// case that inserts, deletes, moves or changes a section is input DeepDiff's glue does not take
/// (`skipped`, "unsupported input"), not a failure of the library.
///
/// DeepDiff's users identify every model uniquely by its `diffId` (README.md:85: "An model needs to
/// be uniquely identified via `diffId`"), so a section that repeats a row identity is input they
/// do not give it (`skipped` too; DeepDiff diffs no sections, so only rows are looked at).
public struct DeepDiffAdapter: GenericDifferAdapter {
    public let name = "deepdiff"
    public let summary = "DeepDiff 2.3.3: Heckel per section, as reload(changes:section:) sends it (fixed sections)"

    public init() {}

    /// Why a case is not run: DeepDiff's glue animates the rows of one section.
    public struct SectionChanges: Error, CustomStringConvertible {
        public var description: String {
            "DeepDiff's glue reload(changes:section:) animates the rows of one section; this case changes the "
                + "sections themselves (no glue for that)"
        }
    }

    /// Why a case is not run: DeepDiff's users give every row a unique `diffId`.
    public struct RepeatedDiffIds: Error, CustomStringConvertible {
        // No line numbers: bench verify's reasons write # for every number.
        public var description: String {
            "DeepDiff's users identify each model uniquely by its diffId, as its README asks; this case repeats "
                + "one among the rows of a section"
        }
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        guard Self.sameSections(old, new) else { throw SectionChanges() }
        if RepeatedIdentity.amongRowsOfASection(old) || RepeatedIdentity.amongRowsOfASection(new) {
            throw RepeatedDiffIds()
        }
        let before = AppList(old), after = AppList(new)
        return PreparedCall(diff: { Self.diff(before, after) }, changeset: { Self.changeset($0, old: old, new: new) })
    }

    /// Whether both lists have the same sections, headers included: the lists DeepDiff's glue takes.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public static func sameSections<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> Bool
    {
        old.sections.count == new.sections.count
            && zip(old.sections, new.sections).allSatisfy { $0.model.id == $1.model.id && $0.model.rev == $1.model.rev }
    }

    /// The app's diff: each section's rows.
    ///
    /// - Complexity: DeepDiff's O(*n*) per section.
    public static func diff<ID: Hashable & Sendable>(_ old: AppList<ID>, _ new: AppList<ID>) -> [[Change<Row<ID>>]] {
        zip(old.rows, new.rows).map { DeepDiff.diff(old: $0, new: $1) }
    }

    /// What one `reload(changes:section:)` per changed section sends: its batch (the section's new
    /// rows set inside it), then its reloads; every call in one update.
    ///
    /// - Complexity: O(*c* + *s* *n*) for *c* changes, *s* changed sections and *n* items (the
    ///   snapshot after each call is written out).
    public static func changeset<ID: Hashable & Sendable>(
        _ changes: [[Change<Row<ID>>]], old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        var stages: [Stage<Element<ID>, Element<ID>>] = []
        var shown = old
        for (s, list) in changes.enumerated() where !list.isEmpty {
            var batch = BatchUpdate(), reloads = BatchUpdate()
            for change in list {
                switch change {
                case .delete(let d): batch.deleteItems.append(ItemPath(s, d.index))
                case .insert(let i): batch.insertItems.append(ItemPath(s, i.index))
                case .move(let m): batch.moveItems.append(Move(ItemPath(s, m.fromIndex), ItemPath(s, m.toIndex)))
                case .replace(let r): reloads.reloadItems.append(ItemPath(s, r.index))
                }
            }
            // `updateData()` runs inside the batch: the data source shows this section's new rows after it.
            shown.sections[s] = new.sections[s]
            stages.append(Stage(batch, after: shown, continuesUpdate: !stages.isEmpty))
            if !reloads.isEmpty { stages.append(Stage(reloads, after: shown, continuesUpdate: true)) }
        }
        if !stages.isEmpty { stages[stages.count - 1].after = nil }
        return .staged(stages)
    }
}
