// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchPlatform

extension SuiteRun {
    /// Measures every cell once, the contenders of a case side by side: first each cell in a
    /// process of its own that checks the changeset and takes the figures that need isolation
    /// (first diff, allocations, instructions, peak memory) but times nothing (unless its diff
    /// takes ``aloneFrom`` or more: then it is timed there, alone); then, case by case,
    /// one process times the cells that finished that visit (correct or wrong) in rounds
    /// (``SideBySide``), each within what its cell's budget has left. Trace files and external
    /// differs are timed alone, as before. A case whose side-by-side process fails has its cells
    /// timed alone.
    ///
    /// Why: a cell timed in its own process at its own moment takes the host's phase of that
    /// moment; a slow phase landing on one contender and not the other flipped verdicts
    /// (docs/measurement.md). Side by side, both see it, and their per-round ratio cancels it.
    ///
    /// Rivals (``SideBySideSpec/rivals``) are the cells that animate fully, by the verdicts' rule
    /// (correct, and identity preserved within `keyedTolerance` of the case's best): a faster
    /// differ that reloads what it could keep must not be the leader the others pair with.
    ///
    /// - Complexity: one visit per cell, plus one process per case.
    package func measureSideBySide(
        _ side: Side, progress: Progress, caseProgress: (Int) -> Progress,
        externals: [String: ExternalCell] = [:], tieFloor: Double,
        keyedTolerance: Double = 0.001
    ) -> Outcome {
        var first = specs
        for k in first.indices where externals[first[k].algorithm] == nil && !first[k].isTrace {
            first[k].sideBySideBelow = Self.aloneFrom
        }
        var outcome = SuiteRun(specs: first, rounds: 1).measure(
            side, partner: nil, progress: progress,
            externals: externals)
        let groups = Self.caseGroups(first, outcome.results)
        // Nothing to time side by side (a trace, or every cell timed in its first visit): no
        // "0 cases" line, no "0/0 done".
        guard !groups.isEmpty else { return outcome }
        let look = caseProgress(groups.count)
        for (step, group) in groups.enumerated() {
            // What each cell's budget has left after its first visit, whose first diff is not
            // counted: a one-time cost of a process is no part of a cell's time.
            let cells = group.map { n in
                var cell = specs[n]
                let firstDiff = (outcome.results[n].firstDiffNs ?? 0) / 1e9
                cell.budget = max(0.01, cell.budget - max(0, outcome.results[n].elapsed - firstDiff))
                return cell
            }
            // The side-by-side process pays each contender's first diff again (a fresh process),
            // outside the budgets: its limit allows for them.
            let firstDiffs = group.reduce(0.0) { $0 + (outcome.results[$1].firstDiffNs ?? 0) / 1e9 }
            let correct = group.map { outcome.results[$0] }.filter(\.correct)
            let best = correct.map(\.identityPreserved).max() ?? 0
            let rivals = group.map { n in
                let result = outcome.results[n]
                return result.correct && result.identityPreserved > 0
                    && result.identityPreserved >= best - keyedTolerance
            }
            let spec = SideBySideSpec(cells: cells, rivals: rivals, tieFloor: tieFloor)
            look.advance(to: step, detail: spec.label)
            let started = Clock.seconds()
            if let timed = side.first.runCase(
                spec, firstDiffs: firstDiffs,
                tick: { _ in look.tick(detail: spec.label) })
            {
                let names = cells.map(\.algorithm).joined(separator: "+")
                for (n, result) in zip(group, timed) {
                    outcome.results[n].takeTiming(result)
                    outcome.timedWith[n] = names
                }
                look.finished(
                    step, seconds: Clock.seconds() - started, detail: spec.label,
                    outcome: "\(group.count) cells side by side")
            } else {
                look.note("\(spec.label): the side-by-side process failed; its cells are timed alone")
                for n in group {
                    let alone = side.first.run(specs[n]) { _ in look.tick(detail: specs[n].label) }
                    outcome.results[n].takeTiming(alone)
                }
                look.finished(step, seconds: Clock.seconds() - started, detail: spec.label, outcome: "timed alone")
            }
        }
        look.finish()
        return outcome
    }

    /// The time per diff from which a cell is timed alone in its first visit
    /// (``CellSpec/sideBySideBelow``): 50 ms, where `stdlib` and `myers` are on the largest cases
    /// of the default suite, 7 times what `heckel` and `lis` take on any of them.
    static let aloneFrom = 50_000_000.0

    /// The cells to time side by side, by case in run order: those whose first visit timed
    /// nothing (``CellSpec/sideBySideBelow``) and finished it checked, `ok` or `wrong`.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    static func caseGroups(_ specs: [CellSpec], _ results: [CellResult]) -> [[Int]] {
        var order: [String] = [], groups: [String: [Int]] = [:]
        for (n, spec) in specs.enumerated()
        where spec.sideBySideBelow != nil && results[n].checked
            && results[n].cpuNs.isEmpty && results[n].wallNs.isEmpty
            && (results[n].status == .ok || results[n].status == .wrong)
        {
            if groups[spec.caseKey] == nil { order.append(spec.caseKey) }
            groups[spec.caseKey, default: []].append(n)
        }
        return order.map { groups[$0]! }
    }
}

extension CellResult {
    /// Takes the timing of `timed` (the same cell timed side by side, or alone after a failed
    /// side-by-side process): its samples, batch, warm-up and time; its status when not `ok`,
    /// unless this one is already `wrong`. The check's figures stay this result's.
    mutating func takeTiming(_ timed: CellResult) {
        wallNs = timed.wallNs
        cpuNs = timed.cpuNs
        batch = timed.batch
        warmup = timed.warmup
        elapsed += timed.elapsed
        guard timed.status != .ok, status != .wrong else { return }
        status = timed.status
        note = timed.note
    }
}
