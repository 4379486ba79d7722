// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Compares what UIKit shows after a replayed stage with what the data source holds:
/// sections and items slot by slot (R20-R22), reconfigures, and delete+insert notes.
struct IdentityCheck {
    let target: Target
    let stage: Int

    /// Reports findings and returns, per slot of `after`, whether the item kept its cell since
    /// the first stage, and whether it also never moved.
    ///
    /// Stale content (R22) is not reported here but collected in `stale`, in `after`'s
    /// coordinates: what came in stale (in `before`'s coordinates, from earlier stages of the
    /// same update) stays stale where its cell goes unless this batch refreshes it, and this
    /// batch's own stale cells join it. The checker reports what is left at the update's end.
    func run<Model: DiffElement, Item: DiffElement>(
        before: Snapshot<Model, Item>, after: Snapshot<Model, Item>, batch: ValidatedBatch, slots: [[Slot]],
        skip: [Bool], update: BatchUpdate, carrying preserved: [[Continuity]], stale: inout StaleContent,
        into log: inout FindingLog
    ) -> [[Continuity]] {
        let words = Messages(target: target)
        let incoming = stale
        stale = StaleContent()
        let rebound = Set(update.reconfigureSections)
        for j in update.reconfigureSections where !after.sections.indices.contains(j) || batch.newToOld[j] < 0 {
            log.report(
                .r23, .lint, stage: stage,
                "the header of section \(j) is rebound in place, but the section "
                    + (after.sections.indices.contains(j) ? "is new in this batch" : "does not exist after the update"))
        }
        for (j, i) in batch.newToOld.enumerated() where i >= 0 {
            let was = before.sections[i].model, now = after.sections[j].model
            if was.diffID != now.diffID {
                log.report(
                    .r21,
                    .misrender,
                    stage: stage,
                    "section \(j) shows the header of section \(was.diffID) where the data source has \(now.diffID)"
                )
            } else if rebound.contains(j) {
                continue
            } else if let earlier = incoming.headers[i] {
                stale.headers[j] = earlier
            } else if !was.isContentEqual(to: now) {
                stale.headers[j] = StaleContent.Finding(
                    stage: stage,
                    message: "section \(now.diffID) at \(j) changed content but is neither reloaded nor replaced")
            }
        }
        var reconfigured = Set<ItemPath>()
        for c in update.reconfigureItems {
            guard after.holds(c) else {
                log.report(
                    .r12,
                    .exception,
                    stage: stage,
                    words.uikit(
                        "attempt to reconfigure row \(c.item) in section \(c.section), which does not exist "
                            + "after the update")
                )
                continue
            }
            if slots[c.section][c.item].kind == .carried || slots[c.section][c.item].kind == .moved {
                reconfigured.insert(c)
            } else {
                log.report(
                    .r23,
                    .lint,
                    stage: stage,
                    words.uikit(
                        "reconfigure of row \(c.item) in section \(c.section) has no existing cell to "
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

        // A skipped section (untouched, the same items) keeps its cells, its flags and its stale rows.
        var flags = after.sections.indices.map { j in
            skip[j]
                ? preserved[batch.newToOld[j]]
                : [Continuity](repeating: .lost, count: after.sections[j].items.count)
        }
        for (path, earlier) in incoming.rows {
            let j = batch.oldToNew.indices.contains(path.section) ? batch.oldToNew[path.section] : -1
            if j >= 0 && skip[j] { stale.rows[ItemPath(j, path.item)] = earlier }
        }
        for j in slots.indices where !skip[j] {
            let row = after.sections[j].items
            for q in slots[j].indices {
                let slot = slots[j][q], now = row[q]
                switch slot.kind {
                case .carried, .moved:
                    let was = before[slot.from]
                    if was.diffID != now.diffID {
                        log.report(
                            .r21,
                            .misrender,
                            stage: stage,
                            words.uikit(
                                "row \(q) of section \(j) shows the cell of \(was.diffID) (from \(slot.from)) "
                                    + "where the data source has \(now.diffID)")
                        )
                    } else if reconfigured.contains(ItemPath(j, q)) {
                        // Refreshed by this batch, whatever it showed before.
                    } else if let earlier = incoming.rows[slot.from] {
                        stale.rows[ItemPath(j, q)] = earlier
                    } else if !was.isContentEqual(to: now) {
                        stale.rows[ItemPath(j, q)] = StaleContent.Finding(
                            stage: stage,
                            message: words.uikit(
                                "row \(q) of section \(j) (\(now.diffID)) changed content but is not reloaded or "
                                    + "reconfigured"))
                    }
                    if was.diffID == now.diffID {
                        let carried = preserved[slot.from.section][slot.from.item]
                        flags[j][q] = slot.kind == .moved ? min(carried, .kept) : carried
                    }
                case .reload:
                    let was = before[slot.from]
                    if was.diffID != now.diffID {
                        log.report(
                            .r20,
                            .misrender,
                            stage: stage,
                            words.uikit(
                                "the reload of \(was.diffID) at \(slot.from) lands on row \(q) of section "
                                    + "\(j), where the data source has \(now.diffID)")
                        )
                    }
                    if was.diffID == now.diffID { flags[j][q] = preserved[slot.from.section][slot.from.item] }
                case .insert:
                    if deletedIDs.contains(now.diffID) {
                        log.report(
                            .note,
                            .note,
                            stage: stage,
                            "\(now.diffID) is deleted and re-inserted where a move was possible"
                        )
                    }
                case .sectionInsert:
                    // A reloaded section redraws its rows where they were, as an item reload does.
                    if let i = batch.reloadedSections[j], q < before.sections[i].items.count,
                        before.sections[i].items.count == row.count, before.sections[i].items[q].diffID == now.diffID
                    {
                        flags[j][q] = preserved[i][q]
                    }
                case .empty:
                    log.report(
                        .r21,
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

/// Cells that show old content after a batch: rows by their path and headers by their section,
/// each with the stage and message of the batch that first left it stale. Within one update
/// (stages sent in one turn of the run loop) a later batch may still refresh them; what is
/// left at the update's end is reported as R22.
struct StaleContent {
    struct Finding {
        var stage: Int
        var message: String
    }

    var rows: [ItemPath: Finding] = [:]
    var headers: [Int: Finding] = [:]

    var isEmpty: Bool { rows.isEmpty && headers.isEmpty }

    /// Reports every stale cell as R22, headers first, each group in path order.
    ///
    /// - Complexity: O(*s* log *s*) for *s* stale cells.
    func report(into log: inout FindingLog) {
        for (_, f) in headers.sorted(by: { $0.key < $1.key }) { log.report(.r22, .stale, stage: f.stage, f.message) }
        for (_, f) in rows.sorted(by: { $0.key < $1.key }) {
            log.report(.r22, .stale, stage: f.stage, f.message)
        }
    }
}

/// What became of an old item's cell so far: lost (deleted, or never had one), kept (moved or
/// reloaded, but the same cell), or kept in place (never deleted or moved).
enum Continuity: UInt8, Comparable {
    case lost, kept, inPlace

    static func < (a: Continuity, b: Continuity) -> Bool { a.rawValue < b.rawValue }
}
