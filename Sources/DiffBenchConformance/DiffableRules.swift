// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// `NSDiffableDataSourceSnapshot` rules (spec §5.7). With a diffable data source UIKit computes
/// the batch itself from identities, so only uniqueness and explicit reloads matter.
///
/// D3 (items need a section) cannot fail in this model, where items live inside sections; D7
/// (identity independent of content) holds by construction of `DiffElement`.
enum DiffableRules {
    /// The first duplicate section or item identity of `snapshot`, described, or `nil`.
    ///
    /// - Complexity: O(*n*) for *n* items.
    static func firstDuplicate<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) -> String? {
        var sectionIDs = Set<Model.DiffID>(minimumCapacity: snapshot.sections.count)
        for section in snapshot.sections where !sectionIDs.insert(section.model.diffID).inserted {
            return "section identity \(section.model.diffID) appears twice"
        }
        var repeats = RepeatedIdentities(snapshot)
        for section in snapshot.sections {
            for item in section.items where repeats.next() {
                return "item identity \(item.diffID) appears twice"
            }
        }
        return nil
    }

    static func checkUnique<Model: DiffElement, Item: DiffElement>(
        _ snapshot: Snapshot<Model, Item>, stage: Int, into log: inout FindingLog
    ) {
        var sectionIDs = Set<Model.DiffID>(minimumCapacity: snapshot.sections.count)
        var duplicateSections = 0
        for section in snapshot.sections where !sectionIDs.insert(section.model.diffID).inserted {
            duplicateSections += 1
        }
        if duplicateSections > 0 {
            log.report(
                .d1,
                .exception,
                stage: stage,
                "Diffable data source detected an attempt to insert or append \(duplicateSections) section "
                    + "identifier\(duplicateSections == 1 ? "" : "s") that already "
                    + "exist\(duplicateSections == 1 ? "s" : "") in the snapshot. Identifiers in a snapshot must "
                    + "be unique."
            )
        }
        var repeats = RepeatedIdentities(snapshot)
        var duplicates: [String] = []
        for section in snapshot.sections {
            for item in section.items where repeats.next() {
                if duplicates.count < 5 { duplicates.append("\(item.diffID)") }
            }
        }
        if !duplicates.isEmpty {
            log.report(
                .d2,
                .exception,
                stage: stage,
                "Fatal: supplied item identifiers are not unique. Duplicate identifiers: "
                    + "{(\(duplicates.joined(separator: ", ")))}"
            )
        }
    }

    /// D6 findings of the update under way, by identity: each apply of one update (sent in one
    /// turn of the run loop) may leave a cell stale that a later apply of it reloads, as the
    /// table and collection targets allow (``StaleContent``); what is left at the update's end is
    /// reported.
    struct Stale<Model: DiffElement, Item: DiffElement> {
        var sections: [Model.DiffID: (stage: Int, message: String)] = [:]
        var items: [Item.DiffID: (stage: Int, message: String)] = [:]

        /// Reports, in stage order, what is still stale among the identities `snapshot` holds.
        ///
        /// - Complexity: O(*n* + *f* log *f*) for *n* items and *f* findings.
        mutating func report(present snapshot: Snapshot<Model, Item>, into log: inout FindingLog) {
            guard !sections.isEmpty || !items.isEmpty else { return }
            var left: [(stage: Int, message: String)] = []
            for section in snapshot.sections {
                if let finding = sections.removeValue(forKey: section.model.diffID) { left.append(finding) }
                for item in section.items {
                    if let finding = items.removeValue(forKey: item.diffID) { left.append(finding) }
                }
            }
            for finding in left.sorted(by: { $0.stage < $1.stage }) {
                log.report(.d6, .stale, stage: finding.stage, finding.message)
            }
        }
    }

    static func check<Model: DiffElement, Item: DiffElement>(
        before: Snapshot<Model, Item>, after: Snapshot<Model, Item>, update: BatchUpdate, stage: Int,
        stale: inout Stale<Model, Item>, into log: inout FindingLog
    ) {
        checkUnique(after, stage: stage, into: &log)
        // Identities numbered over `after`: an identity's last item there (as a dictionary
        // filled in order would keep it) and whether it is reloaded or reconfigured.
        let numbering = IdentityNumbering(old: after, new: before)
        var lastAfter = [ItemPath](repeating: ItemPath(-1, -1), count: numbering.count)
        var flat = 0
        for (s, section) in after.sections.enumerated() {
            for k in section.items.indices {
                lastAfter[numbering.old[flat]] = ItemPath(s, k)
                flat += 1
            }
        }
        checkRepeats(update, before: before, stage: stage, into: &log)
        let beforeStart = Self.flatStarts(before), afterStart = Self.flatStarts(after)
        var refreshed = [Bool](repeating: false, count: numbering.count)
        for r in update.reloadItems {
            guard before.holds(r) else {
                log.report(
                    .d4,
                    .exception,
                    stage: stage,
                    "Invalid item identifier specified for reload: no item at \(r) before the update"
                )
                continue
            }
            let number = numbering.new[beforeStart[r.section] + r.item]
            if number < 0 {
                log.report(
                    .d4,
                    .exception,
                    stage: stage,
                    "Attempted to reload item identifier that does not exist in the snapshot: \(before[r].diffID)"
                )
                continue
            }
            refreshed[number] = true
            stale.items[before[r].diffID] = nil
        }
        for c in update.reconfigureItems {
            guard after.holds(c) else {
                log.report(
                    .d5,
                    .exception,
                    stage: stage,
                    "Attempted to reconfigure item identifier that does not exist in the snapshot: no item at \(c)"
                )
                continue
            }
            refreshed[numbering.old[afterStart[c.section] + c.item]] = true
            stale.items[after[c].diffID] = nil
        }
        let reloadedSections = Set(
            update.reloadSections.compactMap {
                before.sections.indices.contains($0) ? before.sections[$0].model.diffID : nil
            })
        // Headers the app rebinds in place (no snapshot call) show their new content.
        let reboundSections = Set(
            update.reconfigureSections.compactMap {
                after.sections.indices.contains($0) ? after.sections[$0].model.diffID : nil
            })
        var afterSections = [Model.DiffID: Model]()
        for section in after.sections { afterSections[section.model.diffID] = section.model }
        // Stale cells join the update's (`stale`), reported at its end unless a later apply of
        // it refreshes them.
        for (i, section) in before.sections.enumerated() {
            let id = section.model.diffID
            let reloaded = reloadedSections.contains(id)
            if reloaded || reboundSections.contains(id) { stale.sections[id] = nil }
            if let now = afterSections[id], !section.model.isContentEqual(to: now), !reloaded,
                !reboundSections.contains(id), stale.sections[id] == nil
            {
                stale.sections[id] = (stage, "section \(id) changed content without reloadSections")
            }
            guard !reloaded else {
                for item in section.items { stale.items[item.diffID] = nil }
                continue
            }
            for (k, item) in section.items.enumerated() {
                let number = numbering.new[beforeStart[i] + k]
                guard number >= 0, !refreshed[number] else { continue }
                if !item.isContentEqual(to: after[lastAfter[number]]) && stale.items[item.diffID] == nil {
                    stale.items[item.diffID] = (
                        stage, "item \(item.diffID) changed content without reloadItems or reconfigureItems"
                    )
                }
            }
        }
    }

    /// D8: an item the changeset deletes twice, or deletes and reloads. Sent as snapshot calls,
    /// the second operation names an identifier the snapshot no longer holds.
    ///
    /// - Complexity: O(*d* + *r*) for *d* deletes and *r* reloads.
    static func checkRepeats<Model: DiffElement, Item: DiffElement>(
        _ update: BatchUpdate, before: Snapshot<Model, Item>, stage: Int, into log: inout FindingLog
    ) {
        guard !update.deleteItems.isEmpty else { return }
        func name(_ path: ItemPath) -> String {
            before.holds(path) ? "item \(before[path].diffID) at \(path)" : "the item at \(path)"
        }
        var deleted = Set<ItemPath>(minimumCapacity: update.deleteItems.count)
        for d in update.deleteItems where !deleted.insert(d).inserted {
            log.report(
                .d8, .exception, stage: stage,
                "\(name(d)) is deleted twice: the second delete names an identifier the snapshot no "
                    + "longer holds")
        }
        for r in update.reloadItems where deleted.contains(r) {
            log.report(
                .d8, .exception, stage: stage,
                "\(name(r)) is deleted and reloaded: the reload names an identifier the snapshot no "
                    + "longer holds")
        }
    }

    /// Diffable animates by identity: an item keeps its cell when its identity survives.
    static func preservation<Model: DiffElement, Item: DiffElement>(
        before: Snapshot<
            Model,
            Item
        >,
        after: Snapshot<
            Model,
            Item
        >,
        update: BatchUpdate,
        carrying preserved: [[Continuity]]
    ) -> [[Continuity]] {
        let numbering = IdentityNumbering(old: before, new: after)
        // Per identity, its last old item's state (as a dictionary filled in order keeps it).
        var kept = [Continuity](repeating: .lost, count: numbering.count)
        var flat = 0
        for (i, section) in before.sections.enumerated() {
            for k in section.items.indices {
                kept[numbering.old[flat]] = min(preserved[i][k], .kept)
                flat += 1
            }
        }
        flat = 0
        return after.sections.map { section in
            defer { flat += section.items.count }
            return section.items.indices.map { k in
                let number = numbering.new[flat + k]
                return number >= 0 ? kept[number] : .lost
            }
        }
    }

    /// The flat index of each section's first item.
    static func flatStarts<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) -> [Int] {
        var starts: [Int] = [], flat = 0
        starts.reserveCapacity(snapshot.sections.count)
        for section in snapshot.sections {
            starts.append(flat)
            flat += section.items.count
        }
        return starts
    }
}
