import DiffModel

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
        var itemIDs = Set<Item.DiffID>(minimumCapacity: snapshot.itemCount)
        for section in snapshot.sections {
            for item in section.items where !itemIDs.insert(item.diffID).inserted {
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
                "D1",
                .exception,
                stage: stage,
                "Diffable data source detected an attempt to insert or append \(duplicateSections) section "
                    + "identifier\(duplicateSections == 1 ? "" : "s") that already "
                    + "exist\(duplicateSections == 1 ? "s" : "") in the snapshot. Identifiers in a snapshot must "
                    + "be unique."
            )
        }
        var itemIDs = Set<Item.DiffID>(minimumCapacity: snapshot.itemCount)
        var duplicates: [String] = []
        for section in snapshot.sections {
            for item in section.items where !itemIDs.insert(item.diffID).inserted {
                if duplicates.count < 5 { duplicates.append("\(item.diffID)") }
            }
        }
        if !duplicates.isEmpty {
            log.report(
                "D2",
                .exception,
                stage: stage,
                "Fatal: supplied item identifiers are not unique. Duplicate identifiers: "
                    + "{(\(duplicates.joined(separator: ", ")))}"
            )
        }
    }

    static func check<Model: DiffElement, Item: DiffElement>(
        before: Snapshot<Model, Item>, after: Snapshot<Model, Item>, update: BatchUpdate, stage: Int,
        into log: inout FindingLog
    ) {
        checkUnique(after, stage: stage, into: &log)
        var afterItems = [Item.DiffID: Item](minimumCapacity: after.itemCount)
        for section in after.sections { for item in section.items { afterItems[item.diffID] = item } }
        var refreshed = Set<Item.DiffID>()
        for r in update.reloadItems {
            guard before.holds(r) else {
                log.report(
                    "D4",
                    .exception,
                    stage: stage,
                    "Invalid item identifier specified for reload: no item at \(r) before the update"
                )
                continue
            }
            let id = before[r].diffID
            if afterItems[id] == nil {
                log.report(
                    "D4",
                    .exception,
                    stage: stage,
                    "Attempted to reload item identifier that does not exist in the snapshot: \(id)"
                )
            }
            refreshed.insert(id)
        }
        for c in update.reconfigureItems {
            guard after.holds(c) else {
                log.report(
                    "D5",
                    .exception,
                    stage: stage,
                    "Attempted to reconfigure item identifier that does not exist in the snapshot: no item at \(c)"
                )
                continue
            }
            refreshed.insert(after[c].diffID)
        }
        let reloadedSections = Set(update.reloadSections.compactMap {
            before.sections.indices.contains($0) ? before.sections[$0].model.diffID : nil
        })
        var afterSections = [Model.DiffID: Model]()
        for section in after.sections { afterSections[section.model.diffID] = section.model }
        for section in before.sections {
            if let now = afterSections[section.model.diffID], !section.model.isContentEqual(to: now),
               !reloadedSections.contains(section.model.diffID) {
                log.report(
                    "D6",
                    .stale,
                    stage: stage,
                    "section \(section.model.diffID) changed content without reloadSections"
                )
            }
            for item in section.items {
                if let now = afterItems[item.diffID], !item.isContentEqual(to: now), !refreshed.contains(item.diffID),
                   !reloadedSections.contains(section.model.diffID) {
                    log.report(
                        "D6",
                        .stale,
                        stage: stage,
                        "item \(item.diffID) changed content without reloadItems or reconfigureItems"
                    )
                }
            }
        }
    }

    /// Diffable animates by identity: an item keeps its cell when its identity survives.
    static func preservation<Model: DiffElement, Item: DiffElement>(
        before: Snapshot<Model,
        Item>,
        after: Snapshot<Model,
        Item>,
        update: BatchUpdate,
        carrying preserved: [[Continuity]]
    ) -> [[Continuity]] {
        var kept = [Item.DiffID: Continuity](minimumCapacity: before.itemCount)
        for (i, section) in before.sections.enumerated() {
            for (k, item) in section.items.enumerated() { kept[item.diffID] = min(preserved[i][k], .kept) }
        }
        return after.sections.map { section in section.items.map { kept[$0.diffID] ?? .lost } }
    }
}
