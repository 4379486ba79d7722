// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// What the example's own differ returns: its own type, not DiffBench's.
struct SectionChanges: Sendable {
    /// Kept sections changed order (or identities repeat): reload the whole list.
    var reloadAll = false
    /// Old indices of sections that disappear.
    var deleted: [Int] = []
    /// New indices of sections that appear.
    var inserted: [Int] = []
    /// Kept sections whose header or rows changed: old index, new index.
    var reloaded: [(old: Int, new: Int)] = []
}

/// A small differ of the example's own, as many apps write one: section granularity. Sections
/// that disappear are deleted, new ones inserted, a kept section whose header or rows changed is
/// reloaded, and when kept sections change order the whole list is reloaded. It animates nothing
/// inside a section. (Its first version reloaded in the same batch as the deletes; DiffBench's
/// checker failed it under R19, the IGListKit hazard, so reloads now come in a batch of their own.)
///
/// - Complexity: O(*s* + *n*) for *s* sections and *n* rows compared.
enum SectionReloadDiffer {
    static func diff<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> SectionChanges {
        var oldIndex: [Model.DiffID: Int] = [:]
        oldIndex.reserveCapacity(old.sections.count)
        for (
            i,
            section
        ) in old.sections.enumerated() where oldIndex.updateValue(i, forKey: section.model.diffID) != nil {
            return SectionChanges(reloadAll: true)
        }
        var changes = SectionChanges()
        var kept = [Bool](repeating: false, count: old.sections.count)
        var lastKept = -1
        for (j, section) in new.sections.enumerated() {
            guard let i = oldIndex[section.model.diffID] else { changes.inserted.append(j); continue }
            // Kept sections must keep their relative order, and a section is kept once.
            guard i > lastKept else { return SectionChanges(reloadAll: true) }
            lastKept = i
            kept[i] = true
            if !sameContent(old.sections[i], section) { changes.reloaded.append((i, j)) }
        }
        changes.deleted = kept.indices.filter { !kept[$0] }
        return changes
    }

    private static func sameContent<Model: DiffElement, Item: DiffElement>(
        _ a: Section<Model, Item>, _ b: Section<Model, Item>
    ) -> Bool {
        guard a.model.isContentEqual(to: b.model), a.items.count == b.items.count else { return false }
        for (x, y) in zip(a.items, b.items) where x.diffID != y.diffID || !x.isContentEqual(to: y) { return false }
        return true
    }
}

/// The example's own differ, registered through an adapter: its input is the app's list and its
/// output its own `SectionChanges`, converted into one batch for DiffBench's checker.
struct SectionsAdapter: DifferAdapter {
    var name: String { "sections" }
    var summary: String { "example: reload changed sections (an app's own differ, with its own output type)" }

    func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> ContactList {
        ContactConversion.contacts(snapshot)
    }

    func diff(from old: ContactList, to new: ContactList) -> SectionChanges {
        SectionReloadDiffer.diff(old, new)
    }

    func changeset<ID: Hashable & Sendable>(
        for output: SectionChanges, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) -> Changeset<Element<ID>, Element<ID>> {
        guard !output.reloadAll else { return .reloadData }
        var stages: [Stage<Element<ID>, Element<ID>>] = []
        if !output.reloaded.isEmpty {
            // First batch: the reloads alone, at old indices; the data source then shows the old
            // sections with the reloaded ones already new.
            var reload = BatchUpdate()
            reload.reloadSections = output.reloaded.map(\.old)
            var after = old
            for pair in output.reloaded { after.sections[pair.old] = new.sections[pair.new] }
            stages.append(Stage(reload, after: after))
        }
        var update = BatchUpdate()
        update.deleteSections = output.deleted
        update.insertSections = output.inserted
        if !update.isEmpty || stages.isEmpty { stages.append(Stage(update, after: nil)) }
        return .staged(stages)
    }
}
