// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchReports
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors
import DiffBenchFormat

/// `bench [run]`: reads the flags into a ``RunPlan``, runs it in a ``RunSession``, prints the
/// table (or CSV, Markdown, JSON) on stdout and writes Results/<run_id>.csv. Its flags and help
/// are in ``RunFlags``.
enum RunCommand {
    /// The formats it prints, the first the default.
    static let formats: [OutputFormat] = [.table, .csv, .markdown, .json]

    static var help: String { RunFlags.help }

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: Set(RunFlags.options), switches: Set(RunFlags.switches))
        if args.wantsHelp { Console.out(help); return .pass }
        #if DEBUG
        if !args.has("allow-debug") {
            throw .usage(
                "this is a debug build: timing it misleads. Use `swift run -c release bench`, or pass "
                    + "--allow-debug")
        }
        #endif
        let format = try args.choice("format", among: formats, default: .table)
        let plan = try RunPlan(args, registry: registry)
        if !plan.quiet { for note in plan.notes { Console.err(note) } }
        var meta = RunMetadata.current(suite: plan.suiteName, corpusID: CorpusVersion.id)
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "bench").lastPathComponent
        meta.command = ([program] + CommandLine.arguments.dropFirst()).shellQuoted
        let out = args.value("out") ?? "Results/\(meta.runID).csv"
        let force = args.has("force")
        try checkOutputs(out: out, partnerOut: plan.partner?.out, force: force)
        if !plan.quiet { announce(plan) }
        let outcome = try RunSession(plan: plan, meta: meta).execute()
        if let partnerOut = plan.partner?.out, let rows = outcome.partnerRows {
            try FileAccess.writeAtomically(Array(ResultsCSV.encode(rows).utf8), to: partnerOut, replace: force)
        }
        render(outcome.records, format: format, plan: plan)
        let written = write(outcome, to: out, force: force)
        for line in outcome.problems { Console.err(line) }
        let exit = outcome.exit
        if let reason = exit.reason { Console.err(reason) }
        return exit.code == .pass && !written ? .usage : exit.code
    }

    /// Refuses outputs that cannot be written, before anything is measured.
    static func checkOutputs(out: String, partnerOut: String?, force: Bool) throws(DiffBenchError) {
        try FileAccess.checkWritable(out, replace: force)
        if let partnerOut { try FileAccess.checkWritable(partnerOut, replace: force) }
    }

    /// What the run is about to do, on standard error.
    static func announce(_ plan: RunPlan) {
        let grace = CellBudget.grace(budget: plan.budget)
        Console.err(
            "bench: suite \(plan.suiteName)\(plan.shard.map { " shard \($0.index)/\($0.count)" } ?? ""): "
                + "\(plan.specs.count) cells (\(plan.caseCount) cases x \(plan.algorithms.count) algorithms), "
                + "\(plan.samples) samples\(plan.rounds > 1 ? " x \(plan.rounds) rounds" : ""), budget "
                + "\(Format.seconds(plan.budget)) + \(Format.seconds(grace)) grace per cell, instructions: "
                + "\(plan.counter.rawValue)")
        if plan.counter == .off && !plan.counterChosen {
            Console.err(
                "bench: instructions are not counted: this kernel refuses perf counters (--instructions "
                    + "callgrind counts them under valgrind)")
        }
        if !CellRunner.fixedLayoutSupported {
            Console.err(
                "bench: address-space randomization stays on for the measuring processes (the kernel "
                    + "refused to turn it off): a cell may land on a slower memory layout on one run than on another")
        }
    }

    /// The results on standard output, in `format`; a shard's table says it is one.
    static func render(_ records: [CellRecord], format: OutputFormat, plan: RunPlan) {
        let shard = plan.shard.map {
            "(shard \($0.index)/\($0.count): ratios are within this shard's cases; `bench merge` joins shards)"
        }
        ResultsOutput.print(
            records.flatMap(\.rows), records: { records }, format: format, ranking: plan.ranking, preface: shard)
    }

    /// Writes the results file, or, when it cannot be written, the results beside it; says which
    /// on standard error. False when `out` could not be written.
    static func write(_ outcome: RunOutcome, to out: String, force: Bool) -> Bool {
        let rows = outcome.rows, text = Array(ResultsCSV.encode(rows).utf8)
        do throws(DiffBenchError) {
            try FileAccess.writeAtomically(text, to: out, replace: force)
        } catch {
            // The results are not lost: they go beside the file that could not be written.
            let fallback = "\(out).\(getpid()).csv"
            let saved = (try? FileAccess.writeAtomically(text, to: fallback, replace: false)) != nil
            Console.err("bench: \(error.message)" + (saved ? "; the results are in \(fallback)" : ""))
            return false
        }
        let failed = outcome.errored.count + outcome.timedOut.count
        Console.err(
            "bench: wrote \(out) (\(rows.count) rows); \(outcome.wrong.count) wrong, \(failed) error "
                + "or timeout")
        return true
    }
}
