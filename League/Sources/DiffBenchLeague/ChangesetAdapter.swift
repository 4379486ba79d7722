// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// osteslag/Changeset 3.2.0: `Changeset.edits(from:to:)` (Wagner-Fischer, equality only) on one
/// section's rows, applied as its own glue applies it: `UITableView.update(with:in:animation:)`
/// (Sources/UIKit+Changeset.swift:12-23 at v3.2.0; the collection view's twin is lines 35-46):
/// one batch of the edits' deletes, inserts and reloads for the section it is given. The rows are
/// compared with `==` (identity and content, the library's default comparator), so a changed row
/// is a substitution: `reloadRows` at its offset in the old list.
///
/// A substitution may also replace one row by another (Wagner-Fischer substitutes unequal values,
/// whatever their identity). UIKit takes every reload as a delete at its old path and an insert at
/// the path it computes from the batch's deletes and inserts, and gives the inserted slot a fresh
/// cell of the data source's row there (docs/uikit-batch-updates.md: "A reload is a delete and an
/// insert", the fill rule): the new row's value, right on screen. The checker follows a reload's
/// identity instead (R20), so for a substitution of another identity the league sends that
/// decomposition itself, the delete and the insert UIKit makes of the reload; a substitution of the
/// same identity stays a reload.
///
/// The glue takes one section per call (`in section: Int = 0`) and the README calls it for one
/// (README.md:58-60). So the league runs it as DeepDiff's is run: one `update(with:in:)` per
/// section whose rows changed, the app's model for that section set before its call, all calls in
/// one update, on lists whose sections are the same before and after (same identities, order and
/// headers). A case that inserts, deletes, moves or changes a section is input the glue does not
/// take (`skipped`, "unsupported input").
public struct ChangesetAdapter: GenericDifferAdapter {
    public let name = "changeset"
    public let summary = "osteslag/Changeset 3.2.0: Wagner-Fischer per section, as update(with:in:) sends it"

    public init() {}

    /// Why a case is not run: the glue animates the rows of one section.
    public struct SectionChanges: Error, CustomStringConvertible {
        public var description: String {
            "Changeset's glue update(with:in:) animates the rows of one section; this case changes the sections "
                + "themselves (no glue for that)"
        }
    }

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        guard Self.sameSections(old, new) else { throw SectionChanges() }
        let before = AppList(old), after = AppList(new)
        return PreparedCall(
            diff: { zip(before.rows, after.rows).map { OsteslagChangeset.edits($0, $1) } },
            changeset: { Self.changeset($0, old: old, new: new) })
    }

    /// Whether both lists have the same sections, headers included: the lists the glue takes.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    static func sameSections<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> Bool
    {
        old.sections.count == new.sections.count
            && zip(old.sections, new.sections).allSatisfy { $0.model.id == $1.model.id && $0.model.rev == $1.model.rev }
    }

    /// What one `update(with:in:)` per section with edits sends: one batch each (the section's new
    /// rows set before it), every call in one update.
    ///
    /// - Complexity: O(*e* + *s* *n*) for *e* edits, *s* changed sections and *n* items.
    public static func changeset<ID: Hashable & Sendable>(
        _ edits: [OsteslagEdits<Row<ID>>], old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> DiffBenchModel.Changeset<Element<ID>, Element<ID>> {
        var stages: [Stage<Element<ID>, Element<ID>>] = []
        var shown = old
        for (s, list) in edits.enumerated() where !list.isEmpty {
            let offsets = OsteslagChangeset.glueOffsets(list)
            var batch = BatchUpdate()
            batch.deleteItems = offsets.deletes.map { ItemPath(s, $0) }
            batch.insertItems = offsets.inserts.map { ItemPath(s, $0) }
            let before = old.sections[s].items, after = new.sections[s].items
            let descending = offsets.deletes.sorted(by: >), ascending = offsets.inserts.sorted()
            for r in offsets.reloads {
                let slot = landing(of: r, deletesDescending: descending, insertsAscending: ascending)
                if slot < after.count && after[slot].id == before[r].id {
                    batch.reloadItems.append(ItemPath(s, r))
                } else {
                    batch.deleteItems.append(ItemPath(s, r))
                    batch.insertItems.append(ItemPath(s, slot))
                }
            }
            shown.sections[s] = new.sections[s]
            stages.append(Stage(batch, after: shown, continuesUpdate: !stages.isEmpty))
        }
        if !stages.isEmpty { stages[stages.count - 1].after = nil }
        return .staged(stages)
    }

    /// Where UIKit lands the insert half of a reload of old row `r` in a batch of one section
    /// without moves: shifted down by each delete at or before it (in descending order), then up by
    /// each insert at or before it (in ascending order), the reloads themselves left out
    /// (docs/uikit-batch-updates.md, "A reload is a delete and an insert").
    ///
    /// - Complexity: O(*d* + *i*).
    static func landing(of r: Int, deletesDescending: [Int], insertsAscending: [Int]) -> Int {
        var i = r
        // Invariant: `i` is where old row `r` stands once the deletes seen so far are applied.
        for d in deletesDescending where d <= i { i -= 1 }
        for x in insertsAscending where x <= i { i += 1 }
        return i
    }
}
