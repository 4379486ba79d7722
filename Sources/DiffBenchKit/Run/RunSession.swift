// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchReports
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchPlatform

/// Executes a ``RunPlan``: starts the measuring children (and a partner's), cleans up on
/// interruption, measures every cell round by round, takes the second look where verdicts hang
/// on noise, and turns the results into records. Progress goes to standard error unless the plan is
/// quiet; nothing is written to a file (the caller writes the records it gets).
public struct RunSession {
    /// What to run.
    public var plan: RunPlan
    /// The facts every row repeats (run ID, machine, commit, command).
    public var meta: RunMetadata

    /// A session for `plan`, its rows stamped with `meta` (and the plan's hash seed).
    ///
    /// - Complexity: O(1).
    public init(plan: RunPlan, meta: RunMetadata) {
        self.plan = plan
        self.meta = meta
        self.meta.hashSeed = String(plan.hashSeed)
    }

    /// Measures every cell of the plan.
    ///
    /// - Complexity: the run: every cell at most its budget plus grace, times the rounds.
    public func execute() throws(DiffBenchError) -> RunOutcome {
        let plan = self.plan, specs = plan.specs, quiet = plan.quiet
        // A helper an external differ starts in a session of its own is killed with it.
        if !plan.externals.isEmpty { ChildProcess.adoptOrphans() }
        let limits = specs.map { $0.budget + CellBudget.grace(budget: $0.budget) }
        let progress = Progress(
            label: "bench", quiet: quiet,
            limits: Array((0..<plan.rounds).map { _ in limits }.joined()),
            groups: (0..<plan.rounds).flatMap { round in
                // Later rounds skip the check and most of the warm-up: timed apart.
                specs.map { "\($0.algorithm)|\($0.size)|\(round == 0 ? "first" : "later")" }
            })
        // Later rounds count no instructions (they repeat exactly: once is enough) and run in one
        // long-lived child per binary (a bench of protocol 2 has none: one child per visit).
        // A partner counts none: only its timing is compared.
        func side(_ executable: String, counter: InstructionCounter, persistent: Bool = true) throws(DiffBenchError)
            -> SuiteRun.Side
        {
            let first = try CellRunner(command: [executable, "_cell"], counter: counter, hashSeed: plan.hashSeed)
            guard plan.rounds > 1 else { return SuiteRun.Side(first: first, later: first) }
            let later =
                persistent
                ? try CellRunner.persistent(executable: executable, hashSeed: plan.hashSeed)
                : counter == .off
                    ? first
                    : try CellRunner(command: [executable, "_cell"], counter: .off, hashSeed: plan.hashSeed)
            return SuiteRun.Side(first: first, later: later)
        }
        // Nothing that takes time comes between the runners' folders and the signal handlers:
        // an interruption there would leave the folders.
        let mine = try side(plan.executable, counter: plan.counter)
        let partner = try plan.partner.map { p throws(DiffBenchError) in
            try side(p.path, counter: .off, persistent: p.version >= 3)
        }
        // The second look times only: its children count no instructions.
        let lookRunner =
            !plan.secondLook
            ? nil
            : plan.counter == .off
                ? mine.first
                : try CellRunner(command: [plan.executable, "_cell"], counter: .off, hashSeed: plan.hashSeed)
        let runners =
            [mine.first, mine.later] + (partner.map { [$0.first, $0.later] } ?? [])
            + (lookRunner.map { [$0] } ?? [])
        let drivers = plan.externals.map(\.driver)
        let handlers = Interruption.removeOnSignal(runners, cleanups: drivers.map { driver in { driver.shutdown() } })
        // The runners' folders go with the run: the process exits without running deinits.
        defer {
            for driver in drivers { driver.shutdown() }
            for runner in runners { runner.removeFiles() }
        }
        let byName = Dictionary(uniqueKeysWithValues: plan.externals.map { ($0.name, $0) })
        let suiteRun = SuiteRun(specs: specs, rounds: plan.rounds)
        var outcome =
            !plan.sideBySide
            ? suiteRun.measure(mine, partner: partner, progress: progress, externals: byName)
            : suiteRun.measureSideBySide(
                mine, progress: progress,
                caseProgress: { count in
                    if !quiet { Console.err("bench: timing the cells of \(Format.count(count, "case")) side by side") }
                    return Progress(label: "bench", quiet: quiet, limits: (0..<count).map { _ in .infinity })
                }, externals: byName, tieFloor: Ranking.tieFloor, keyedTolerance: Ranking.keyedTolerance)
        if let lookRunner {
            let again = CloseCalls.cells(
                specs, outcome.results, meta: meta, options: plan.ranking,
                excluded: Set(byName.keys))
            if !again.isEmpty {
                if !quiet {
                    let names = Set(again.map { specs[$0].algorithm }).sorted().joined(separator: ", ")
                    Console.err(
                        "bench: a second look at \(again.count) cells of close calls, undecided verdicts "
                            + "and unsettled cells (\(names))")
                }
                let look = Progress(label: "bench", quiet: quiet, limits: again.map { limits[$0] })
                suiteRun.secondLook(again, runner: lookRunner, into: &outcome, progress: look)
            }
        }
        withExtendedLifetime(handlers) {}
        var meta = self.meta
        var partnerRecords: [CellRecord]?
        if let p = plan.partner, let results = outcome.partner {
            var partnerMeta = meta
            partnerMeta.runID = RunMetadata.partnerID(of: meta.runID)
            partnerMeta.gitCommit = p.commit
            partnerMeta.gitDirty = "unknown"
            partnerMeta.buildID = RunMetadata.buildIdentity(of: p.path) ?? ""
            partnerMeta.pairedWith = meta.runID
            meta.pairedWith = partnerMeta.runID
            partnerRecords = specs.indices.map { k in
                CellRecord(
                    spec: specs[k], results[k], meta: partnerMeta, loadAverage: outcome.loads[k],
                    rounds: outcome.visits[k])
            }
        }
        let records = specs.indices.map { k in
            CellRecord(
                spec: specs[k], outcome.results[k], meta: meta, loadAverage: outcome.loads[k],
                rounds: outcome.visits[k], timedWith: outcome.timedWith[k] ?? "")
        }
        return RunOutcome(plan: plan, results: outcome.results, records: records, partnerRecords: partnerRecords)
    }
}

/// What a run measured: each cell's result and record (and the partner's records), and the exit
/// policy.
public struct RunOutcome {
    /// The plan that was run.
    public var plan: RunPlan
    /// Each cell's result, in the order of the plan's cells.
    package var results: [CellResult]
    /// Each cell's record, in the order of the plan's cells, and the partner's in a paired run.
    public var records: [CellRecord], partnerRecords: [CellRecord]?

    /// The lines of the results file, and of the partner's in a paired run.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    public var rows: [ResultRow] { records.flatMap(\.rows) }
    public var partnerRows: [ResultRow]? { partnerRecords?.flatMap(\.rows) }

    /// The cells whose changeset was wrong, that failed, and that ran out of their budget.
    public var wrong: [Int] { plan.specs.indices.filter { results[$0].status == .wrong } }
    public var errored: [Int] { plan.specs.indices.filter { results[$0].status == .error } }
    public var timedOut: [Int] { plan.specs.indices.filter { results[$0].status == .timeout } }

    /// Whether a timeout of cell `k` is allowed (`--allow-timeouts`) or expected by the suite.
    public func expected(_ k: Int) -> Bool {
        plan.allowTimeouts || plan.expectedTimeouts.contains(plan.specs[k].algorithm)
    }

    /// The lines that name every cell that did not measure, and hints, for standard error.
    public var problems: [String] {
        func note(_ k: Int) -> String { results[k].note.isEmpty ? "no reason recorded" : results[k].note }
        var lines =
            wrong.map { "bench: WRONG \(plan.specs[$0].label): \(note($0))" }
            + errored.map { "bench: ERROR \(plan.specs[$0].label): \(note($0))" }
        for k in timedOut {
            let why =
                plan.allowTimeouts
                ? " (allowed by --allow-timeouts)"
                : expected(k) ? " (expected by the suite: expect-timeouts)" : ""
            lines.append("bench: TIMEOUT \(plan.specs[k].label): \(note(k))\(why)")
        }
        for external in plan.externals where external.driver.mode == .perCase {
            let seconds = plan.specs.indices.filter { plan.specs[$0].algorithm == external.name }
                .map { results[$0].elapsed }
            if let hint = RunOutcome.perCaseHint(external.name, seconds) { lines.append(hint) }
        }
        return lines
    }

    /// The exit status, and its reason when it is not a pass: 1 when no cell could be measured,
    /// 3 for a wrong changeset, an error or an unexpected timeout.
    public var exit: (code: ExitCode, reason: String?) {
        if results.allSatisfy({ $0.status == .error }) {
            return (.usage, "bench: no cell could be measured (every cell is `error`)")
        }
        if !wrong.isEmpty { return (.wrong, nil) }
        let unexpected = timedOut.filter { !expected($0) }
        if !errored.isEmpty || !unexpected.isEmpty {
            let hint = unexpected.isEmpty ? ")" : "; --allow-timeouts reports timeouts without failing)"
            return (
                .wrong,
                "bench: \(errored.count) error and \(unexpected.count) unexpected timeout cells: "
                    + "the run is not a complete measurement (exit 3" + hint
            )
        }
        return (.pass, nil)
    }

    /// A hint to `--external-mode lines` when an external differ run one process per case spent
    /// noticeable time in them (starting a process and an interpreter per case usually dominates).
    static func perCaseHint(_ name: String, _ seconds: [Double]) -> String? {
        guard seconds.count >= 5 else { return nil }
        let total = seconds.reduce(0, +), median = Summary(seconds).median
        guard median >= 0.05 || total >= 10 else { return nil }
        return "bench: \(name) ran one process per case (\(seconds.count) cells, \(Format.fixed(total, 1)) s in all, "
            + "median \(Format.seconds(median)) per cell); --external-mode lines keeps one process for every case "
            + "(one case per line of JSON in, one changeset per line out) and usually answers in a fraction of that"
    }
}
