// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Judges a changeset the way UIKit would (docs/uikit-batch-updates.md): reload
/// decomposition, validation in UIKit's order with UIKit's messages, replay with the fill
/// rule, then identity and content slot by slot, stage by stage, and the final state.
///
/// Independent of every algorithm: it sees only snapshots and batches.
public struct ConformanceChecker: Sendable {
    /// The UIKit consumer to check for.
    public var target: Target
    /// How many findings of one rule and stage are listed before they are summarized.
    public var findingLimit: Int
    /// Replays every section of every batch, even those a batch leaves alone with the very same
    /// items (tests compare the two ways; the verdicts must not differ).
    var replaysUntouchedSections = false

    /// Creates a checker.
    public init(target: Target = .table, findingLimit: Int = 10) {
        self.target = target
        self.findingLimit = findingLimit
    }

    /// Why this target cannot judge any changeset from `old` to `new`, or `nil` when it can.
    ///
    /// An `NSDiffableDataSourceSnapshot` cannot hold duplicate identities (D1, D2), so on the
    /// diffable target a case with duplicates is unsupported input for every differ, not a
    /// differ's failure. The table and collection targets accept every case.
    ///
    /// - Complexity: O(*n*) for *n* items on the diffable target; O(1) otherwise.
    public func unsupportedInput<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>
    ) -> String? {
        guard target == .diffable else { return nil }
        for (name, snapshot) in [("old", old), ("new", new)] {
            if let duplicate = DiffableRules.firstDuplicate(snapshot) {
                return "the \(name) snapshot's \(duplicate): a diffable data source requires unique identifiers"
                    + " (check it with --target table or collection)"
            }
        }
        return nil
    }

    /// Checks that `changeset` turns `old` into `new` under UIKit's batch-update rules.
    ///
    /// - Complexity: O((*n* + *k*) log *k*) for *n* items and *k* operations.
    @_specialize(where Model == IntElement, Item == IntElement)
    @_specialize(where Model == StringElement, Item == StringElement)
    @_specialize(where Model == UUIDElement, Item == UUIDElement)
    @_specialize(where Model == CaseElement, Item == CaseElement)
    public func check<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>
    ) -> ConformanceReport {
        var log = FindingLog(limit: findingLimit)
        guard case .staged(let stages) = changeset else {
            if target == .diffable {
                DiffableRules.checkUnique(
                    old,
                    stage: 0,
                    into: &log
                ); DiffableRules.checkUnique(new, stage: 0, into: &log)
            }
            return ConformanceReport(
                findings: log.finished(),
                reachedTarget: true,
                identityPreserved: 0,
                keptInPlace: 0
            )
        }
        if target == .diffable { DiffableRules.checkUnique(old, stage: 0, into: &log) }
        var current = old
        var preserved = old.sections.map { [Continuity](repeating: .inPlace, count: $0.items.count) }
        var reached = stages.isEmpty ? old.isIdentical(to: new) : false
        // Stale cells of the update under way: reported when it ends (the next stage starts a new
        // update, or there is none), so a row stale between two batches of one update and
        // refreshed by the second is no failure.
        var stale = StaleContent()
        var diffableStale = DiffableRules.Stale<Model, Item>()
        for (k, stage) in stages.enumerated() {
            let isLast = k == stages.count - 1
            guard let next = stage.after ?? (isLast ? new : nil) else {
                log.report(
                    .stage,
                    .exception,
                    stage: k,
                    "stage \(k) is not the last one but carries no `after` snapshot"
                )
                break
            }
            if isLast {
                reached = next.isIdentical(to: new)
                if !reached {
                    log.report(
                        .final,
                        .misrender,
                        stage: k,
                        "the last stage's `after` snapshot differs from the new snapshot"
                    )
                }
            }
            var stop = false
            if target == .diffable {
                DiffableRules.check(
                    before: current, after: next, update: stage.update, stage: k, stale: &diffableStale, into: &log)
                preserved = DiffableRules.preservation(
                    before: current,
                    after: next,
                    update: stage.update,
                    carrying: preserved
                )
            } else {
                (preserved, stop) = checkStage(
                    before: current, after: next, update: stage.update, stage: k,
                    carrying: preserved, stale: &stale, into: &log)
            }
            let updateEnds = isLast || !stages[k + 1].continuesUpdate
            if stop || updateEnds {
                stale.report(into: &log)
                stale = StaleContent()
                diffableStale.report(present: next, into: &log)
                diffableStale = DiffableRules.Stale()
            }
            if stop {
                reached = false
                break
            }
            current = next
        }
        if !stages.isEmpty && !reached
            && !log.findings.contains(where: {
                $0.ruleID == .final
                    || $0.severity == .exception
            })
        {
            log.report(.final, .misrender, stage: stages.count - 1, "the changeset does not end in the new snapshot")
        }
        let share = Self.share(preserved, finalState: new, old: old)
        return ConformanceReport(
            findings: log.finished(), reachedTarget: reached,
            identityPreserved: share.preserved, keptInPlace: share.inPlace)
    }

    /// Validates and replays one stage; returns the preservation flags of `after` and whether to stop.
    func checkStage<Model: DiffElement, Item: DiffElement>(
        before: Snapshot<Model, Item>, after: Snapshot<Model, Item>, update: BatchUpdate, stage: Int,
        carrying preserved: [[Continuity]], stale: inout StaleContent, into log: inout FindingLog
    ) -> ([[Continuity]], Bool) {
        let oldCounts = before.sections.map(\.items.count), newCounts = after.sections.map(\.items.count)
        let freshFlags = newCounts.map { [Continuity](repeating: .lost, count: $0) }
        if let finding = Self.sentinelCollision(update, oldCounts: oldCounts, newCounts: newCounts, target: target) {
            log.report(finding.rule, .exception, stage: stage, finding.message)
            return (freshFlags, true)
        }
        let normalized: NormalizedBatch
        switch ReloadDecomposition.normalize(update) {
        case .failure(let conflict):
            log.report(.r1, .exception, stage: stage, Messages(target: target).deleteAndReload(conflict.path))
            return (freshFlags, true)
        case .success(let batch): normalized = batch
        }
        var validator = BatchValidator(
            oldCounts: oldCounts, newCounts: newCounts, target: target, stage: stage,
            limit: findingLimit)
        let outcome = validator.validate(normalized, original: update)
        log.append(contentsOf: validator.findings)
        switch outcome {
        case .exception: return (freshFlags, true)
        case .valid(let batch):
            let skip =
                replaysUntouchedSections
                ? [Bool](repeating: false, count: after.sections.count)
                : untouchedSections(before: before, after: after, batch: batch, update: update)
            let slots = replay(batch, oldCounts: oldCounts, newCounts: newCounts, skip: skip)
            let flags = IdentityCheck(target: target, stage: stage)
                .run(
                    before: before, after: after, batch: batch, slots: slots, skip: skip, update: update,
                    carrying: preserved, stale: &stale, into: &log)
            return (flags, false)
        }
    }

    /// An item index equal to the validator's whole-section marker (`Int.max`) would be taken
    /// for a section operation; it is out of range for every real section, so it is reported
    /// here under the rule UIKit applies to an out-of-range index.
    static func sentinelCollision(
        _ update: BatchUpdate,
        oldCounts: [Int],
        newCounts: [Int],
        target: Target
    ) -> (rule: RuleID, message: String)? {
        let words = Messages(target: target)
        func rows(_ counts: [Int], _ section: Int) -> String {
            section >= 0 && section < counts.count ? String(counts[section]) : "0"
        }
        for p in update.deleteItems + update.reloadItems where p.item == Op.all {
            return (
                .r6,
                words.uikit(
                    "attempt to delete row \(p.item) from section \(p.section) which only contains "
                        + "\(rows(oldCounts, p.section)) rows before the update")
            )
        }
        for p in update.insertItems + update.reconfigureItems where p.item == Op.all {
            return (
                .r12,
                words.uikit(
                    "attempt to insert row \(p.item) into section \(p.section), but there are only "
                        + "\(rows(newCounts, p.section)) rows in section \(p.section) after the update")
            )
        }
        for m in update.moveItems where m.from.item == Op.all || m.to.item == Op.all {
            let (
                path,
                counts,
                when
            ) = m.from.item == Op.all ? (m.from, oldCounts, "before") : (m.to, newCounts, "after")
            return (
                m.from.item == Op.all ? .r14d : .r14f,
                words.uikit(
                    "attempt to move index path (\(Messages.path(Op(path)))) that does not exist - there are "
                        + "only \(rows(counts, path.section)) rows in section \(path.section) \(when) the update")
            )
        }
        return nil
    }

    /// The share of items present in both `old` and the final state that kept their cell, and
    /// how many of them never moved.
    static func share<Model: DiffElement, Item: DiffElement>(
        _ preserved: [[Continuity]], finalState: Snapshot<Model, Item>, old: Snapshot<Model, Item>
    ) -> (preserved: Double, inPlace: Int) {
        let numbering = IdentityNumbering(old: old, new: finalState)
        var survivors = 0, kept = 0, inPlace = 0, flat = 0
        for (j, section) in finalState.sections.enumerated() {
            defer { flat += section.items.count }
            for q in section.items.indices where numbering.new[flat + q] >= 0 {
                survivors += 1
                let state = j < preserved.count && q < preserved[j].count ? preserved[j][q] : .lost
                if state != .lost { kept += 1 }
                if state == .inPlace { inPlace += 1 }
            }
        }
        return (survivors == 0 ? 1 : Double(kept) / Double(survivors), inPlace)
    }
}
