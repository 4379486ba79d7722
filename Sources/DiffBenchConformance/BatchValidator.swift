// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A batch that passed UIKit's assertions, reduced to what UIKit animates.
struct ValidatedBatch {
    /// Item deletes left after swallowing and de-duplication, descending.
    var itemDeletes: [TaggedOp]
    /// Item inserts left after swallowing and de-duplication, ascending.
    var itemInserts: [TaggedOp]
    /// Item moves left after de-duplication.
    var itemMoves: [OpMove]
    /// Old section -> new section, or -1 when deleted.
    var oldToNew: [Int]
    /// New section -> old section, or -1 when inserted.
    var newToOld: [Int]
    /// New section -> old section for the sections this batch reloads (their insert halves).
    var reloadedSections: [Int: Int] = [:]
}

/// The outcome of validating one stage.
enum Validation {
    /// UIKit throws: no replay.
    case exception
    /// UIKit animates this batch.
    case valid(ValidatedBatch)
}

/// UIKit's checks of one batch in UIKit's order (spec §5.4): deletes, inserts, moves, the
/// section count, the row counts, then the hazards UIKit does not assert.
///
/// Near-linear: hash sets and sorted passes, no pairwise loops over operations.
struct BatchValidator {
    let oldCounts: [Int]
    let newCounts: [Int]
    let target: Target
    let stage: Int
    /// At most `limit` findings per rule are kept, the rest summarized: ten million repeated
    /// deletes make ten hazards and one summary, not ten million messages.
    private var log: FindingLog
    private var lintCounts: [RuleID: Int] = [:]
    /// Repeated deletes (by old section) and inserts (by new section) that UICollectionView
    /// does not de-duplicate: counted in the row counts, not kept as operations.
    private var repeatedDeletes: [Int: Int] = [:], repeatedInserts: [Int: Int] = [:]

    init(oldCounts: [Int], newCounts: [Int], target: Target, stage: Int, limit: Int = 10) {
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.target = target
        self.stage = stage
        log = FindingLog(limit: limit)
    }

    /// The findings so far, with one summary line per rule whose findings were cut.
    var findings: [Finding] { log.finished() }

    private var text: Messages { Messages(target: target) }

    private mutating func report(_ rule: RuleID, _ severity: Severity, _ message: String) {
        log.report(rule, severity, stage: stage, message)
    }

    /// Lints are counted, not listed one by one: a million redundant operations make one line.
    private mutating func lint(_ rule: RuleID) { lintCounts[rule, default: 0] += 1 }

    private mutating func flushLints() {
        let texts: [RuleID: String] = [
            .r7: "duplicate deletes dropped", .r13: "duplicate inserts dropped",
            .r15a: "duplicate moves dropped", .r23: "operations inside deleted or inserted sections dropped"
        ]
        for (rule, count) in lintCounts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            report(rule, .lint, "\(count) \(texts[rule] ?? "redundant operations dropped")")
        }
        lintCounts = [:]
    }

    /// Duplicate deletes and inserts: UITableView drops the copy (lint; counted once), while
    /// UICollectionView does not de-duplicate (hazard). One model on the collection target: the
    /// copy counts in the row counts (R17) too, as UIKit's would; it is counted, not kept, since
    /// the slots it names are the same.
    private mutating func duplicate(_ rule: RuleID, _ op: Op, verb: String) {
        guard target == .collection else { return lint(rule) }
        if rule == .r7 {
            repeatedDeletes[op.section, default: 0] += 1
        } else {
            repeatedInserts[op.section, default: 0] += 1
        }
        // Past the listing limit only a count is kept: no message is built.
        guard log.lists(rule, stage: stage) else { return log.report(rule, .hazard, stage: stage, "") }
        report(
            rule, .hazard,
            "the same index path is \(verb) twice (\(Messages.path(op))): UICollectionView does not "
                + "de-duplicate; the copy is counted again and the batch later crashes with EXC_BAD_ACCESS")
    }

    mutating func validate(_ batch: NormalizedBatch, original: BatchUpdate) -> Validation {
        defer { flushLints() }
        let index = MoveIndex(batch.moves)
        guard let deletes = validateDeletes(batch.deletes, moves: index) else { return .exception }
        let deletedSections = Set(deletes.filter(\.op.isSection).map(\.op.section))
        // Checked before the inserts for a clear message; UIKit itself throws R12 or R17 later.
        if let r = batch.itemReloads.first(where: { deletedSections.contains($0.section) }) {
            report(
                .r13b,
                .exception,
                text.uikit(
                    "reload of row \(r.item) in section \(r.section), which this batch deletes: the insert "
                        + "half of the reload lands in another section and UIKit throws a bounds or row-count exception"
                )
            )
            return .exception
        }
        guard let inserts = validateInserts(batch.inserts, moves: index),
            let uniqueMoves = validateMoves(index)
        else { return .exception }
        let insertedSections = Set(inserts.filter(\.op.isSection).map(\.op.section))

        let sectionMoves = uniqueMoves.filter(\.from.isSection)
        let expected = oldCounts.count + insertedSections.count - deletedSections.count
        guard newCounts.count == expected else {
            report(
                .r16, .exception,
                text.sectionCount(
                    new: newCounts.count, old: oldCounts.count,
                    inserted: insertedSections.count, deleted: deletedSections.count))
            return .exception
        }
        let (oldToNew, newToOld) = sectionMap(deleted: deletedSections, inserted: insertedSections, moves: sectionMoves)
        let itemDeletes = deletes.filter { !$0.op.isSection }
        let itemInserts = inserts.filter { x in
            if x.op.isSection { return false }
            if insertedSections.contains(x.op.section) { lint(.r23); return false }
            return true
        }
        let itemMoves = uniqueMoves.filter { !$0.from.isSection }
        guard checkRowCounts(itemDeletes, itemInserts, itemMoves, oldToNew, newToOld) else { return .exception }

        checkHazards(itemDeletes, itemInserts, itemMoves, sectionMoves, original: original)
        var reloadedSections: [Int: Int] = [:]
        for x in inserts where x.op.isSection { if let r = x.reload { reloadedSections[x.op.section] = r.section } }
        return .valid(
            ValidatedBatch(
                itemDeletes: itemDeletes, itemInserts: itemInserts, itemMoves: itemMoves,
                oldToNew: oldToNew, newToOld: newToOld, reloadedSections: reloadedSections))
    }

    private mutating func validateDeletes(_ all: [TaggedOp], moves: MoveIndex) -> [TaggedOp]? {
        let itemMoveSourceSections = Set(moves.moves.lazy.filter { !$0.from.isSection }.map(\.from.section))
        var kept: [TaggedOp] = []
        kept.reserveCapacity(all.count)
        var deletedSections = Set<Int>()
        var previous: Op?
        // `all` arrives sorted, descending (``ReloadDecomposition``): no copy of a large batch.
        for d in all {
            let op = d.op
            if deletedSections.contains(op.section) { lint(.r23); continue }
            if op.isSection && itemMoveSourceSections.contains(op.section) {
                report(.r3, .exception, text.moveFromDeletedSection(op.section))
                return nil
            }
            if moves.hasSource(op) { report(.r2, .exception, text.deleteAndMove(op)); return nil }
            if op.isSection {
                if op.section < 0 || op.section >= oldCounts.count {
                    report(
                        .r4,
                        .exception,
                        "attempt to delete section \(op.section), but there are only \(oldCounts.count) sections "
                            + "before the update"
                    )
                    return nil
                }
                deletedSections.insert(op.section)
            } else {
                if op.section < 0 || op.section >= oldCounts.count {
                    report(
                        .r5,
                        .exception,
                        text.uikit(
                            "attempt to delete row \(op.item) from section \(op.section), but there are only "
                                + "\(oldCounts.count) sections before the update")
                    )
                    return nil
                }
                if op.item < 0 || op.item >= oldCounts[op.section] {
                    report(
                        .r6,
                        .exception,
                        text.uikit(
                            "attempt to delete row \(op.item) from section \(op.section) which only contains "
                                + "\(oldCounts[op.section]) rows before the update")
                    )
                    return nil
                }
                if previous == op { duplicate(.r7, op, verb: "deleted"); continue }
            }
            previous = op
            kept.append(d)
        }
        return kept
    }

    private mutating func validateInserts(_ all: [TaggedOp], moves: MoveIndex) -> [TaggedOp]? {
        // For each insert UIKit scans the moves in `from` order; the first hit decides the message.
        var firstItemMoveInto: [Int: Op] = [:]
        for m in moves.moves where !m.to.isSection && firstItemMoveInto[m.to.section] == nil {
            firstItemMoveInto[m.to.section] = m.from
        }
        var kept: [TaggedOp] = []
        kept.reserveCapacity(all.count)
        var insertedSections = Set<Int>()
        var previous: Op?
        // `all` arrives sorted, ascending (``ReloadDecomposition``).
        for x in all {
            let op = x.op
            if op.isSection && insertedSections.contains(op.section) { lint(.r23); continue }
            let sameTarget = moves.firstSource(to: op)
            let intoSection = op.isSection ? firstItemMoveInto[op.section] : nil
            if let into = intoSection, sameTarget.map({ into < $0 }) ?? true {
                report(.r9, .exception, text.moveIntoInsertedSection(op.section))
                return nil
            }
            if sameTarget != nil { report(.r8, .exception, text.insertAndMove(op)); return nil }
            if op.isSection {
                if op.section < 0 || op.section >= newCounts.count {
                    report(
                        .r10,
                        .exception,
                        "attempt to insert section \(op.section) but there are only \(newCounts.count) sections after "
                            + "the update"
                    )
                    return nil
                }
                insertedSections.insert(op.section)
            } else {
                if op.section < 0 || op.section >= newCounts.count {
                    report(
                        .r11,
                        .exception,
                        text.uikit(
                            "attempt to insert row \(op.item) into section \(op.section), but there are only "
                                + "\(newCounts.count) sections after the update")
                    )
                    return nil
                }
                if op.item < 0 || op.item >= newCounts[op.section] {
                    report(
                        .r12,
                        .exception,
                        text.uikit(
                            "attempt to insert row \(op.item) into section \(op.section), but there are only "
                                + "\(newCounts[op.section]) rows in section \(op.section) after the update")
                    )
                    return nil
                }
                if previous == op { duplicate(.r13, op, verb: "inserted"); continue }
            }
            previous = op
            kept.append(x)
        }
        return kept
    }

    private mutating func validateMoves(_ index: MoveIndex) -> [OpMove]? {
        let moves = index.moves
        var kept: [OpMove] = []
        kept.reserveCapacity(moves.count)
        var a = 0
        while a < moves.count {
            // Moves are sorted by source: each run of one source is checked as a group.
            var end = a + 1
            while end < moves.count && moves[end].from == moves[a].from { end += 1 }
            var seen = Set<Op>()
            for k in a..<end {
                let m = moves[k]
                // An exact repeat of an earlier move is dropped (R15a); runs are short, but a
                // pathological one is looked up in a set rather than scanned.
                let repeated = end - a > 16 ? !seen.insert(m.to).inserted : moves[a..<k].contains { $0.to == m.to }
                guard !repeated else { lint(.r15a); continue }
                guard checkMoveBounds(m) else { return nil }
                let clashFrom = moves[(k + 1)..<end].firstIndex { $0.to != m.to }
                let clashTo = index.othersWithTarget(ofMoveAt: k).lazy
                    .filter { $0 > k && moves[$0].from != m.from }.min()
                if let b = clashFrom, clashTo.map({ b < $0 }) ?? true {
                    report(
                        .r15b,
                        .exception,
                        m.from.isSection
                            ? "attempt to move section \(m.from.section) to both section \(m.to.section) "
                                + "and section \(moves[b].to.section)"
                            : text.uikit(
                                "attempt to move row at index path "
                                    + "\(Messages.path(m.from)) to both \(Messages.path(m.to)) and "
                                    + "\(Messages.path(moves[b].to))")
                    )
                    return nil
                }
                if let b = clashTo {
                    report(
                        .r15c,
                        .exception,
                        m.from.isSection
                            ? "attempt to move both section \(m.from.section) and section "
                                + "\(moves[b].from.section) to section \(m.to.section)"
                            : text.uikit(
                                "attempt to move "
                                    + "both row at index path \(Messages.path(m.from)) and "
                                    + "\(Messages.path(moves[b].from)) to \(Messages.path(m.to))")
                    )
                    return nil
                }
                kept.append(m)
            }
            a = end
        }
        return kept
    }

    private mutating func checkMoveBounds(_ m: OpMove) -> Bool {
        let oS = oldCounts.count, nS = newCounts.count
        if m.from.isSection {
            if m.from.section < 0 || m.from.section >= oS {
                report(
                    .r14a,
                    .exception,
                    "attempt to move section \(m.from.section), but there are only \(oS) sections before the update"
                )
                return false
            }
            if m.to.section < 0 || m.to.section >= nS {
                report(
                    .r14b,
                    .exception,
                    "attempt to to move section \(m.from.section) to section \(m.to.section), but there are only "
                        + "\(nS) sections after the update"
                )
                return false
            }
            return true
        }
        // The paths are spelled only for a message: building them for every move cost seconds.
        var from: String { Messages.path(m.from) }
        var to: String { Messages.path(m.to) }
        if m.from.section < 0 || m.from.section >= oS {
            report(
                .r14c,
                .exception,
                "attempt to move index path (\(from)) from a section that does not exist - there are only \(oS) "
                    + "sections before the update"
            )
        } else if m.from.item < 0 || m.from.item >= oldCounts[m.from.section] {
            report(
                .r14d,
                .exception,
                text.uikit(
                    "attempt to move index path (\(from)) that does not exist - there are only "
                        + "\(oldCounts[m.from.section]) rows in section \(m.from.section) before the update")
            )
        } else if m.to.section < 0 || m.to.section >= nS {
            report(
                .r14e,
                .exception,
                "attempt to move index path (\(from)) to index path (\(to)) in section that does not exist - there "
                    + "are only \(nS) sections after the update"
            )
        } else if m.to.item < 0 || m.to.item >= newCounts[m.to.section] {
            report(
                .r14f,
                .exception,
                text.uikit(
                    "attempt to move index path (\(from)) to index path (\(to)) that does not exist - there "
                        + "are only \(newCounts[m.to.section]) rows in section \(m.to.section) after the update")
            )
        } else {
            return true
        }
        return false
    }

    /// UIKit's section map: moved sections go to their targets, the rest fill the free slots in order.
    private func sectionMap(deleted: Set<Int>, inserted: Set<Int>, moves: [OpMove]) -> ([Int], [Int]) {
        var oldToNew = [Int](repeating: -1, count: oldCounts.count)
        var newToOld = [Int](repeating: -1, count: newCounts.count)
        var isTarget = [Bool](repeating: false, count: newCounts.count)
        var isSource = [Bool](repeating: false, count: oldCounts.count)
        for m in moves {
            oldToNew[m.from.section] = m.to.section
            newToOld[m.to.section] = m.from.section
            isTarget[m.to.section] = true
            isSource[m.from.section] = true
        }
        var free = (0..<newCounts.count).lazy.filter { !inserted.contains($0) && !isTarget[$0] }.makeIterator()
        for i in 0..<oldCounts.count where !deleted.contains(i) && !isSource[i] {
            guard let j = free.next() else { break }
            oldToNew[i] = j
            newToOld[j] = i
        }
        return (oldToNew, newToOld)
    }

    private mutating func checkRowCounts(
        _ deletes: [TaggedOp], _ inserts: [TaggedOp], _ moves: [OpMove],
        _ oldToNew: [Int], _ newToOld: [Int]
    ) -> Bool {
        var inserted = [Int](repeating: 0, count: newCounts.count)
        var deleted = [Int](repeating: 0, count: oldCounts.count)
        var movedIn = [Int](repeating: 0, count: newCounts.count)
        var movedOut = [Int](repeating: 0, count: oldCounts.count)
        for x in inserts { inserted[x.op.section] += 1 }
        for d in deletes { deleted[d.op.section] += 1 }
        for (section, count) in repeatedDeletes { deleted[section] += count }
        for (section, count) in repeatedInserts where section < inserted.count { inserted[section] += count }
        for m in moves where oldToNew[m.from.section] != m.to.section {
            movedIn[m.to.section] += 1
            movedOut[m.from.section] += 1
        }
        for j in 0..<newCounts.count {
            let i = newToOld[j]
            guard i >= 0 else { continue }
            let expected = oldCounts[i] + inserted[j] - deleted[i] + movedIn[j] - movedOut[i]
            if newCounts[j] != expected {
                report(
                    .r17,
                    .exception,
                    text.rowCount(
                        section: j,
                        new: newCounts[j],
                        old: oldCounts[i],
                        inserted: inserted[j],
                        deleted: deleted[i],
                        movedIn: movedIn[j],
                        movedOut: movedOut[i]
                    )
                )
                return false
            }
        }
        return true
    }

    private mutating func checkHazards(
        _ deletes: [TaggedOp], _ inserts: [TaggedOp], _ moves: [OpMove],
        _ sectionMoves: [OpMove], original: BatchUpdate
    ) {
        if !sectionMoves.isEmpty {
            let sources = Set(sectionMoves.map(\.from.section)), targets = Set(sectionMoves.map(\.to.section))
            let touched =
                deletes.first { sources.contains($0.op.section) }.map {
                    "deletes row \($0.op.item) of moved section \($0.op.section)"
                }
                ?? inserts.first { targets.contains($0.op.section) }.map {
                    "inserts row \($0.op.item) into moved section \($0.op.section)"
                }
                ?? moves.first { sources.contains($0.from.section) || targets.contains($0.to.section) }
                .map { "moves row \(Messages.path($0.from)) to \(Messages.path($0.to)) while its section moves" }
            if let touched {
                // No UIKit assertion: what libraries report (`bench rules` R18 gives the sources).
                let effect =
                    target == .collection
                    ? "IGListKit reports heap corruption or a cell animated twice in UICollectionView"
                    : "MUKDataSource (2015) reports UITableView raising \"-[__NSArrayM insertObject:atIndex:]: "
                        + "object cannot be nil\""
                report(.r18, .hazard, "the batch " + text.uikit(touched) + ": " + effect)
            }
        }
        if !original.reloadSections.isEmpty {
            var rest = original
            rest.reloadSections = []
            if !rest.isEmpty {
                // Lint, not a failure: UIKit accepts the batch, and the section-level rules (R1,
                // R2, R3, R8, R9) already fail every real conflict of a section reload.
                report(
                    .r19, .lint,
                    "reloadSections mixed with other operations in one batch "
                        + "(IGListKit: \"reloadSections: is unsafe to use within performBatchUpdates:\")")
            }
        }
    }
}
