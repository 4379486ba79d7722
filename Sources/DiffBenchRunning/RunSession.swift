// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchPlatform
import DiffBenchErrors
import DiffBenchFormat

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
                    if !quiet {
                        RunSession.say("bench: timing the cells of \(Format.count(count, "case")) side by side")
                    }
                    return Progress(label: "bench", quiet: quiet, limits: (0..<count).map { _ in .infinity })
                }, externals: byName, tieFloor: Ranking.tieFloor, keyedTolerance: Ranking.keyedTolerance)
        if let lookRunner {
            secondLook(
                runner: lookRunner, into: &outcome, suiteRun: suiteRun, limits: limits, externals: Set(byName.keys))
        }
        withExtendedLifetime(handlers) {}
        // A timeout the suite expects says so in its note, for `bench compare` to read.
        for k in specs.indices {
            RunOutcome.noteExpectedTimeout(&outcome.results[k], plan: plan, algorithm: specs[k].algorithm)
            if outcome.partner != nil {
                RunOutcome.noteExpectedTimeout(&outcome.partner![k], plan: plan, algorithm: specs[k].algorithm)
            }
        }
        let (records, partnerRecords) = records(of: outcome)
        return RunOutcome(plan: plan, results: outcome.results, records: records, partnerRecords: partnerRecords)
    }
}

extension RunSession {
    /// A line of progress on standard error.
    static func say(_ line: String) { Terminal.writeError(Terminal.printable(line, lines: true) + "\n") }

    /// The runners of one binary. Later rounds count no instructions (they repeat exactly: once
    /// is enough) and run in one long-lived child per binary (a bench of protocol 2 has none: one
    /// child per visit). A partner counts none: only its timing is compared.
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

    /// Times again the cells of close calls, undecided verdicts and unsettled cells, in children
    /// that count nothing, keeping the quieter look of each.
    func secondLook(
        runner: CellRunner, into outcome: inout SuiteRun.Outcome, suiteRun: SuiteRun, limits: [Double],
        externals: Set<String>
    ) {
        let specs = plan.specs
        let again = CloseCalls.cells(specs, outcome.results, meta: meta, options: plan.ranking, excluded: externals)
        guard !again.isEmpty else { return }
        if !plan.quiet {
            let names = Set(again.map { specs[$0].algorithm }).sorted().joined(separator: ", ")
            RunSession.say(
                "bench: a second look at \(again.count) cells of close calls, undecided verdicts "
                    + "and unsettled cells (\(names))")
        }
        let look = Progress(label: "bench", quiet: plan.quiet, limits: again.map { limits[$0] })
        suiteRun.secondLook(again, runner: runner, into: &outcome, progress: look)
    }

    /// The records of the run's cells, and of the partner's in a paired run (each run's metadata
    /// names the other).
    func records(of outcome: SuiteRun.Outcome) -> (records: [CellRecord], partner: [CellRecord]?) {
        let specs = plan.specs
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
        return (records, partnerRecords)
    }
}
