import DiffBenchModel

/// Compares what UIKit shows after a replayed stage with what the data source holds:
/// sections and items slot by slot (R20-R22), reconfigures, and delete+insert notes.
struct IdentityCheck {
    let target: Target
    let stage: Int

    /// Reports findings and returns, per slot of `after`, whether the item kept its cell since
    /// the first stage, and whether it also never moved.
    func run<Model: DiffElement, Item: DiffElement>(
        before: Snapshot<Model, Item>, after: Snapshot<Model, Item>, batch: ValidatedBatch, slots: [[Slot]],
        update: BatchUpdate, carrying preserved: [[Continuity]], into log: inout FindingLog
    ) -> [[Continuity]] {
        let words = Messages(target: target)
        for (j, i) in batch.newToOld.enumerated() where i >= 0 {
            let was = before.sections[i].model, now = after.sections[j].model
            if was.diffID != now.diffID {
                log.report(
                    "R21",
                    .misrender,
                    stage: stage,
                    "section \(j) shows the header of section \(was.diffID) where the data source has \(now.diffID)"
                )
            } else if !was.isContentEqual(to: now) {
                log.report(
                    "R22",
                    .stale,
                    stage: stage,
                    "section \(now.diffID) at \(j) changed content but is neither reloaded nor replaced"
                )
            }
        }
        var reconfigured = Set<ItemPath>()
        for c in update.reconfigureItems {
            guard after.holds(c) else {
                log.report(
                    "R12",
                    .exception,
                    stage: stage,
                    words.uikit("attempt to reconfigure row \(c.item) in section \(c.section), which does not exist "
                        + "after the update")
                )
                continue
            }
            if slots[c.section][c.item].kind == .carried || slots[c.section][c.item].kind == .moved {
                reconfigured.insert(c)
            } else {
                log.report(
                    "R23",
                    .lint,
                    stage: stage,
                    words.uikit("reconfigure of row \(c.item) in section \(c.section) has no existing cell to "
                        + "reconfigure")
                )
            }
        }
        var deletedIDs = Set<Item.DiffID>()
        if !batch.itemInserts.isEmpty {
            for d in batch.itemDeletes where d.reload == nil {
                deletedIDs.insert(before[ItemPath(d.op.section, d.op.item)].diffID)
            }
        }

        var flags = after.sections.map { [Continuity](repeating: .lost, count: $0.items.count) }
        for j in slots.indices {
            let row = after.sections[j].items
            for q in slots[j].indices {
                let slot = slots[j][q], now = row[q]
                switch slot.kind {
                case .carried, .moved:
                    let was = before[slot.from]
                    if was.diffID != now.diffID {
                        log.report(
                            "R21",
                            .misrender,
                            stage: stage,
                            words.uikit("row \(q) of section \(j) shows the cell of \(was.diffID) (from \(slot.from)) "
                                + "where the data source has \(now.diffID)")
                        )
                    } else if !was.isContentEqual(to: now) && !reconfigured.contains(ItemPath(j, q)) {
                        log.report(
                            "R22",
                            .stale,
                            stage: stage,
                            words.uikit("row \(q) of section \(j) (\(now.diffID)) changed content but is not reloaded "
                                + "or reconfigured")
                        )
                    }
                    if was.diffID == now.diffID {
                        let carried = preserved[slot.from.section][slot.from.item]
                        flags[j][q] = slot.kind == .moved ? min(carried, .kept) : carried
                    }
                case .reload:
                    let was = before[slot.from]
                    if was.diffID != now.diffID {
                        log.report(
                            "R20",
                            .misrender,
                            stage: stage,
                            words.uikit("the reload of \(was.diffID) at \(slot.from) lands on row \(q) of section "
                                + "\(j), where the data source has \(now.diffID)")
                        )
                    }
                    if was.diffID == now.diffID { flags[j][q] = preserved[slot.from.section][slot.from.item] }
                case .insert:
                    if deletedIDs.contains(now.diffID) {
                        log.report(
                            "NOTE",
                            .note,
                            stage: stage,
                            "\(now.diffID) is deleted and re-inserted where a move was possible"
                        )
                    }
                case .sectionInsert:
                    // A reloaded section redraws its rows where they were, as an item reload does.
                    if let i = batch.reloadedSections[j], q < before.sections[i].items.count,
                       before.sections[i].items.count == row.count, before.sections[i].items[q].diffID == now.diffID {
                        flags[j][q] = preserved[i][q]
                    }
                case .empty:
                    log.report(
                        "R21",
                        .misrender,
                        stage: stage,
                        words.uikit("row \(q) of section \(j) receives no cell")
                    )
                }
            }
        }
        return flags
    }
}

/// What became of an old item's cell so far: lost (deleted, or never had one), kept (moved or
/// reloaded, but the same cell), or kept in place (never deleted or moved).
enum Continuity: UInt8, Comparable {
    case lost, kept, inPlace

    static func < (a: Continuity, b: Continuity) -> Bool { a.rawValue < b.rawValue }
}
