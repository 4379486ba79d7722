import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchReports
import DiffBenchCorpus
import DiffBenchAlgorithms
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchPlatform

/// `bench [run]`: measures every cell of a suite and writes Results/<run_id>.csv.
enum RunCommand {
    static let help = """
    USAGE: bench [run] [FILE|DIR ...] [--suite NAME|FILE] [--algorithms a,b] [--scenarios x,y] [--sizes n,m]
                       [--sections K] [--seed N] [--ids int|sparse|string|key|uuid]
                       [--samples N] [--precision PCT]
                       [--max-time-per-cell S] [--instructions auto|perf|callgrind|off]
                       [--rounds R] [--shard K/N] [--paired-with BENCH --paired-out FILE] [--out FILE] [--force]
                       [--external NAME=COMMAND [--external-mode per-case|lines]]
                   [--format table|csv|markdown|json] [--time cpu|wall] [--reference NAME]
                       [--allow-timeouts] [--no-second-look] [--hash-seed N] [--quiet] [--allow-debug]

    Generates each cell's case once, verifies each algorithm's changeset with the UIKit
    conformance checker (a failure is reported `wrong`), warms up for up to 100 ms (20 ms for a
    cell whose first diffs took 2x the case's fastest so far, when --precision stops cells early),
    then times batches of at least 10 ms (up to 20 samples, fewer once the median is known within
    ±1%: see --precision) in a child process. The budget counts from the child's start: sampling stops
    at it (`timeout`, with how far it got; a cell whose single diff fits still gets 3 samples),
    and the parent kills the child at the budget plus a grace of max(2 s, 25%). A cell whose
    single diff is forecast, from smaller sizes of it, at 1.5x the budget or more is `skipped`
    with the forecast. Prints a table on stdout, progress on stderr, and writes the CSV (schema
    2) to --out, default Results/<run_id>.csv.

      FILE|DIR               case files (diffbench-case/1) and trace files (diffbench-trace/1,
                             a recorded sequence of snapshots, one diff per step) to time like
                             generated cells; a folder means every case and trace file in it.
                             A cell's scenario is the file's "name" (else its file name), its
                             size the largest snapshot's items, its seed 0, its ids int, string
                             or mixed as found. A trace is timed in passes over its steps (read
                             one snapshot at a time: memory of two snapshots), with the total per
                             pass, the median, p99 and worst step below the table; its budget is
                             --max-time-per-cell per million items diffed per pass, at least
                             --max-time-per-cell. Files alone run only the files; with --suite,
                             the suite's cells too. A suite names files as `file PATH`
      --suite NAME|FILE      quick, default (the default) or full, or a .suite file
      --algorithms a,b       subset of the registered algorithms
      --scenarios x,y        keep only these scenarios (with --sizes: exactly these cells)
      --sizes n,m            keep only these sizes (with --scenarios: exactly these cells)
      --sections K / --seed N / --ids KIND  override every cell's value (cells that it makes
                             the same run once). KIND: int (dense 0..<n), sparse (random 63-bit
                             integers, as database keys), string (UUID strings), key (short
                             string keys), uuid (Foundation UUIDs)
      --samples N            samples per cell and round (default 20 or the suite's; at least 6
                             per cell over all rounds)
      --precision PCT        stop sampling a cell once the 95% CI of its median, wall and CPU
                             alike, lies within ±PCT% of the median, after at least 8 samples;
                             within ±3xPCT% after 6 for a cell out of the race (1.5x the
                             fastest of its case so far, or reload). Default 1 for a run of
                             one round without --paired-with; 0 (the default with rounds or a
                             partner) takes every sample
      --max-time-per-cell S  budget per cell in seconds (default the suite's, else 10)
      --instructions C       how to count instructions per diff: auto (perf where the kernel
                             allows it, else off), perf, callgrind (under valgrind: slower,
                             exact and repeatable) or off
      --rounds R             visit every cell R times, later in the run each time, and pool
                             the samples (default 1 or the suite's; the gate's suites use 3).
                             Rounds after the first run in one long-lived child per binary:
                             timing only, 100 ms warm-up on its first visit of a cell, 10 ms
                             on later ones
      --shard K/N            run only the K-th of N slices; a slice holds whole cases (every
                             algorithm of a case), so its ratios are right; `bench merge` joins them
      --paired-with BENCH    also measure every cell with another bench binary (a gate's base),
                             alternating with this one cell by cell, round by round; its
                             results go to --paired-out FILE (--paired-commit names its commit)
      --external NAME=CMD    add a differ in any language as NAME: /bin/sh -c CMD reads each
                             case as diffbench-case/1 JSON on stdin and writes a
                             diffbench-changeset/1 changeset on stdout (as in bench verify). Its
                             cells are checked like any, not timed by DiffBench: an "elapsed_ns"
                             it reports goes to its own row, self_reported_ns, and the table says
                             "self-reported". Killed past the cell budget plus grace (`error`).
                             Repeat it for several differs, each with a name of its own
      --external-mode M      per-case (default: one process per case) or lines (one process,
                             one case per line)
      --out FILE             the CSV; an existing file is kept unless --force
      --format F             stdout format: table (default), csv, markdown or json (the
                             shape "diffbench-results/1": see the README, JSON output)
      --time T               what the table and summary compare: cpu (default: the diffing
                             thread's CPU time, what the gate judges and what load on other
                             cores disturbs least) or wall
      --reference NAME       ratios and scores relative to NAME (default: each case's fastest
                             correct algorithm that animates fully)
      --allow-timeouts       a cell that runs out of its budget is reported, not failed (a suite
                             can expect them per algorithm: expect-timeouts: stdlib)
      --no-second-look       no second look where verdicts hang on noise (see below)
      --hash-seed N          the seed the identity joins hash with (the CSV's hash_seed). Default
                             0 for generated cells (the same probes, so the same instruction
                             counts, on every run), a random one when the run times files (ids
                             crafted against a known seed cannot flood the joins then; see
                             docs/limits.md). Give one to repeat a file run's counts exactly
      --quiet                no progress on stderr
      --allow-debug          time a debug build anyway (its numbers mean little)

    Below the table: one line per differ (its score, the geometric mean over cases of its time
    over the case's fastest correct algorithm that animates fully, with a 95% CI; excess moves per
    1,000 items; identity preserved; cells finished, with every other outcome named), a warning
    when the run was noisy, and the answer: the differ to use overall (the one recommended in the
    most scenarios), how much faster the fastest differ ran than the next (hyperfine's line), and
    the differ to use per scenario. A differ animates fully when it keeps every identity the case
    lets survive, as the best correct differ of the case does; one that reloads what it could keep
    is timed but never the yardstick or the pick. "≈ fastest": the 95% interval of its ratio to
    the fastest lies below 1.05 (tied, with evidence); "undecided (noisy)": neither that nor 5%
    slower beyond the intervals. No single one is crowned among ties.
    5% is what one case's ratio of two algorithms moves by between two runs on 1 case in 20;
    for that, measuring children get the same memory layout on every run (address-space
    randomization off for them, as `setarch -R`; stderr says so when the kernel refuses).
    One 3-7% behind the fastest is marked "close call": another run may mark it the other way.
    A run of one round without --paired-with takes a second look where its verdicts hang on
    noise: a scenario's gap within 2% of the 5% tie floor (`bench report` names it), a verdict
    too noisy to call tied or slower (undecided), a case that alone decides whether two tie (left
    out, the verdict turns), or a cell in the race whose median's interval is wider than ±3%
    (unsettled: the machine slowed down during it). The cells of the case
    (the leader's and the other's) are timed once more, each in a fresh process with as many
    samples as the first time, and the samples of the process with the lower median kept
    (their `rounds` is 2; traces excepted): what moves a median between runs is mostly the
    process, and another program running during part of one only adds time.
    --no-second-look turns it off.

    Exit status: 0 every cell correct and measured, 1 usage or input error (or no cell could be
    measured), 3 a changeset is wrong, or a cell is `error` (its differ crashed, hung or
    answered garbage, or its measuring child died), or `timeout` without --allow-timeouts
    (or the suite's expect-timeouts for its algorithm: the default suite expects stdlib's).
    Skipped cells (unsupported input, or predicted past the budget) do not fail the run.
    """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(CommandError) -> ExitCode {
        let args = try Arguments(
            tokens,
            options: [
                "suite", "algorithms", "scenarios", "sizes", "sections", "seed", "ids", "samples", "precision",
                "max-time-per-cell",
                "instructions", "rounds", "shard", "out", "format", "external", "external-mode", "time", "reference",
                "paired-with", "paired-out", "paired-commit", "hash-seed"
            ],
            switches: ["quiet", "allow-debug", "force", "allow-timeouts", "no-second-look"]
        )
        if args.wantsHelp { Console.out(help); return .pass }
        #if DEBUG
        if !args.has("allow-debug") {
            throw .usage("this is a debug build: timing it misleads. Use `swift run -c release bench`, or pass "
                + "--allow-debug")
        }
        #endif
        let format = args.value("format") ?? "table"
        guard ["table", "csv", "markdown", "json"].contains(format) else {
            throw .usage("--format \(format): expected table, csv, markdown or json")
        }
        guard let counter = InstructionCounter.resolve(args.value("instructions")) else {
            throw .usage("--instructions \(args.value("instructions")!): expected auto, perf, callgrind or off")
        }
        if counter == .callgrind && InstructionCounter.valgrind == nil {
            throw .usage("--instructions callgrind: valgrind is not installed (apt-get install valgrind)")
        }
        let ranking = try args.rankingOptions()
        // Files alone run only the files; with --suite, the suite's cells too.
        var suite = args.positional.isEmpty || args.value("suite") != nil
            ? try SuiteFiles.load(args.value("suite") ?? "default") : Suite(name: "files")
        let budget = try seconds(args.value("max-time-per-cell")) ?? suite.maxTimePerCell ?? 10
        if let unknown = suite.expectedTimeouts.first(where: { registry.named($0) == nil }) {
            throw .usage("suite \(suite.name): expect-timeouts names \"\(unknown)\", which is no registered differ "
                         + "(known: \(registry.names.joined(separator: ", ")))")
        }
        let externals = try externalCells(args, registry, budget: budget)
        // A helper an external differ starts in a session of its own is killed with it.
        if !externals.isEmpty { ChildProcess.adoptOrphans() }
        if !externals.isEmpty && args.value("paired-with") != nil {
            throw .usage("--external does not go with --paired-with (the partner has no such differ)")
        }
        let chosen = try args.list("algorithms")
        let algorithms = try AlgorithmSelection.resolve(chosen ?? suite.algorithms, in: registry,
                                                        flag: chosen == nil ? suite.algorithmsSource ?? "--algorithms"
                                                            : "--algorithms")
            .map(\.name) + externals.map(\.name)
        try ranking.check(in: algorithms)
        let suiteCells = suite.cells
        let selected = distinct(suite.cells.isEmpty && args.positional.isEmpty == false
            && args.value("scenarios") == nil ? [] : try selectCells(suite, args))
        suite.cells = selected.cells
        if suite.cells.isEmpty, let flag = ["sections", "seed", "ids"].first(where: { args.value($0) != nil }) {
            throw .usage("--\(flag) sets generated cells; a case or trace file has its own (no scenario cells to run)")
        }
        let quiet = args.has("quiet")
        if let note = selected.note, !quiet { Console.err(note) }
        var files = try TimedFile.collect(suite.files + args.positional) { path in
            if !quiet { Console.err("bench: reading \(path)") }
        }
        let rounds = try args.int("rounds", default: suite.rounds ?? 1, range: 1...100)
        let samples = try args.int("samples", default: suite.samples ?? 20, range: 1...100_000)
        guard samples * rounds >= 6 else {
            let over = "\(rounds) round\(rounds == 1 ? "" : "s")"
            throw .usage("--samples \(samples): a cell needs at least 6 samples over its \(over)")
        }
        let precision = try precisionFraction(args, rounds: rounds)
        let shard = try args.value("shard").map(parseShard)
        if let shard {
            let generated = suite.cells.count
            suite.cells = suite.cells.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            files = files.enumerated().filter { (generated
                + $0.offset) % shard.count == shard.index - 1 }.map(\.element)
        }
        let specs = suite.cells.flatMap { cell in
            algorithms.map { name in
                var spec = CellSpec(algorithm: name, cell: cell, samples: samples, budget: budget)
                spec.precision = precision
                return spec
            }
        } + files.flatMap { file in
            algorithms.map { name in
                var spec = CellSpec(algorithm: name, file: file, samples: samples, budget: budget)
                spec.precision = precision
                return spec
            }
        }
        guard !specs.isEmpty else {
            // At most ten of each, so that a suite of thousands of cells gets a one-line error.
            func listed(_ names: [String]) -> String {
                names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
            }
            let sizes = listed(Set(suiteCells.map(\.size)).sorted().map(String.init))
            var scenarios: [String] = [], seen = Set<String>()
            for cell in suiteCells where seen.insert(cell.scenario.rawValue).inserted {
                scenarios.append(cell.scenario.rawValue)
            }
            let have = "sizes \(sizes); scenarios \(listed(scenarios))"
            throw .usage("no cells to run after --scenarios/--sizes/--shard (suite \(suite.name) has: \(have))")
        }

        var meta = RunMetadata.current(suite: suite.name, corpusID: CorpusVersion.id)
        // Generated identities are the corpus's own: a fixed seed keeps instruction counts the same
        // from run to run. A file may hold identities crafted against a known seed: a secret one.
        let hashSeed = args.value("hash-seed") != nil ? try args.seed("hash-seed", default: 0)
            : files.isEmpty ? 0 : UInt64.random(in: 0...UInt64.max)
        meta.hashSeed = String(hashSeed)
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "bench").lastPathComponent
        meta.command = ([program] + CommandLine.arguments.dropFirst()).shellQuoted
        let out = args.value("out") ?? "Results/\(meta.runID).csv"
        let force = args.has("force")
        try FileAccess.checkWritable(out, replace: force)
        if let partnerOut = args.value("paired-out"),
           URL(fileURLWithPath: partnerOut).standardizedFileURL == URL(fileURLWithPath: out).standardizedFileURL {
            throw .usage("--paired-out \(partnerOut) is the --out file: the two results need two files")
        }
        let grace = CellBudget.grace(budget: budget)
        if !quiet {
            Console.err("bench: suite \(suite.name)\(shard.map { " shard \($0.index)/\($0.count)" } ?? ""): "
                + "\(specs.count) cells "
                + "(\(suite.cells.count + files.count) cases x \(algorithms.count) algorithms), "
                + "\(samples) samples\(rounds > 1 ? " x \(rounds) rounds" : ""), budget "
                + "\(Format.seconds(budget)) + \(Format.seconds(grace)) grace per cell, instructions: "
                + "\(counter.rawValue)")
            if counter == .off && args.value("instructions") == nil {
                Console.err("bench: instructions are not counted: this kernel refuses perf counters (--instructions "
                    + "callgrind counts them under valgrind)")
            }
        }
        let limits = specs.map { $0.budget + CellBudget.grace(budget: $0.budget) }
        let progress = Progress(label: "bench", quiet: quiet, limits: Array((0..<rounds).map { _ in limits }.joined()),
                                groups: (0..<rounds).flatMap { round in
                                    // Later rounds skip the check and most of the warm-up: timed apart.
                                    specs.map { "\($0.algorithm)|\($0.size)|\(round == 0 ? "first" : "later")" }
                                })
        // Later rounds count no instructions (they repeat exactly: once is enough) and run in one
        // long-lived child per binary (a bench of protocol 2 has none: one child per visit).
        // A partner counts none: only its timing is compared.
        func side(_ executable: String, counter: InstructionCounter, persistent: Bool = true) throws(CommandError)
            -> SuiteRun.Side {
            let first = try CellRunner(command: [executable, "_cell"], counter: counter, hashSeed: hashSeed)
            guard rounds > 1 else { return SuiteRun.Side(first: first, later: first) }
            let later = persistent ? try CellRunner.persistent(executable: executable, hashSeed: hashSeed)
                : counter == .off ? first
                : try CellRunner(command: [executable, "_cell"], counter: .off, hashSeed: hashSeed)
            return SuiteRun.Side(first: first, later: later)
        }
        if !CellRunner.fixedLayoutSupported && !quiet {
            Console.err("bench: address-space randomization stays on for the measuring processes (the kernel "
                + "refused to turn it off): a cell may land on a slower memory layout on one run "
                + "than on another")
        }
        let partnerPath = args.value("paired-with"), partnerOut = args.value("paired-out")
        guard (partnerPath == nil) == (partnerOut == nil) else {
            throw .usage("--paired-with and --paired-out go together")
        }
        // Everything that takes time (asking the partner its protocol) comes before the runners'
        // folders exist: from their making to the signal handlers, an interruption would leave them.
        let partnerVersion = try partnerPath.map { path throws(CommandError) -> Int in
            guard let version = CellRunner.pairableVersion(path) else {
                throw .usage("--paired-with \(path): not a bench that measures cells with protocol "
                    + "\(CellRunner.protocolVersion) or 2")
            }
            return version
        }
        if let partnerOut { try FileAccess.checkWritable(partnerOut, replace: force) }
        let mine = try side(CellRunner.executable, counter: counter)
        let partner = try partnerPath.map { path throws(CommandError) -> SuiteRun.Side in
            try side(path, counter: .off, persistent: (partnerVersion ?? 3) >= 3)
        }
        // The second look times only: its children count no instructions.
        let secondLook = rounds == 1 && partner == nil && precision != nil && !args.has("no-second-look")
        let lookRunner = !secondLook ? nil : counter == .off ? mine.first
            : try CellRunner(command: [CellRunner.executable, "_cell"], counter: .off, hashSeed: hashSeed)
        let runners = [mine.first, mine.later] + (partner.map { [$0.first, $0.later] } ?? [])
            + (lookRunner.map { [$0] } ?? [])
        let drivers = externals.map(\.driver)
        let handlers = Interruption.removeOnSignal(runners, cleanups: drivers.map { driver in { driver.shutdown() } })
        // The runners' folders go with the run: the process exits without running deinits.
        defer {
            for driver in drivers { driver.shutdown() }
            for runner in runners { runner.removeFiles() }
        }
        let byName = Dictionary(uniqueKeysWithValues: externals.map { ($0.name, $0) })
        let suiteRun = SuiteRun(specs: specs, rounds: rounds)
        var outcome = suiteRun.measure(mine, partner: partner, progress: progress, externals: byName)
        if let lookRunner {
            let again = CloseCalls.cells(specs, outcome.results, meta: meta, options: ranking,
                                         excluded: Set(byName.keys))
            if !again.isEmpty {
                if !quiet {
                    let names = Set(again.map { specs[$0].algorithm }).sorted().joined(separator: ", ")
                    Console.err("bench: a second look at \(again.count) cells of close calls, undecided verdicts "
                        + "and unsettled cells (\(names))")
                }
                let look = Progress(label: "bench", quiet: quiet, limits: again.map { limits[$0] })
                suiteRun.secondLook(again, runner: lookRunner, into: &outcome, progress: look)
            }
        }
        withExtendedLifetime(handlers) {}
        let results = outcome.results, loads = outcome.loads
        let statuses = results.map(\.status)

        if let partnerOut {
            var partnerMeta = meta
            partnerMeta.runID = RunMetadata.partnerID(of: meta.runID)
            partnerMeta.gitCommit = args.value("paired-commit") ?? "unknown"
            partnerMeta.gitDirty = "unknown"
            partnerMeta.pairedWith = meta.runID
            meta.pairedWith = partnerMeta.runID
            let partnerRows = specs.indices.flatMap {
                ResultRow.rows(
                    for: specs[$0],
                    outcome.partner![$0],
                    meta: partnerMeta,
                    loadAverage: loads[$0],
                    rounds: outcome.visits[$0]
                )
            }
            try FileAccess.writeAtomically(Array(ResultsCSV.encode(partnerRows).utf8), to: partnerOut, replace: force)
        }
        let rows = specs.indices.flatMap {
            ResultRow.rows(for: specs[$0], results[$0], meta: meta, loadAverage: loads[$0], rounds: outcome.visits[$0])
        }
        switch format {
        case "csv": Console.out(ResultsCSV.encode(rows))
        case "json": Console.out(JSONOutput.results(rows), terminator: "")
        default:
            if let shard {
                Console.out("(shard \(shard.index)/\(shard.count): ratios are within this shard's cases; `bench "
                    + "merge` joins shards)")
            }
            let markdown = format == "markdown"
            Console.out(ResultTable.render(rows, markdown: markdown, colour: format == "table" && Console.colour,
                                           options: ranking))
            Console.out("")
            Console.out(ResultTable.footer(rows, markdown: markdown, options: ranking))
        }
        var writeFailure: CommandError?
        do throws(CommandError) { try FileAccess.writeAtomically(
            Array(ResultsCSV.encode(rows).utf8),
            to: out,
            replace: force
        ) } catch {
            writeFailure = error
        }
        let wrong = specs.indices.filter { statuses[$0] == .wrong }
        let errored = specs.indices.filter { statuses[$0] == .error }
        let timedOut = specs.indices.filter { statuses[$0] == .timeout }
        let failed = errored.count + timedOut.count
        if let writeFailure {
            // The results are not lost: they go beside the file that could not be written.
            let fallback = "\(out).\(getpid()).csv"
            let saved = (try? FileAccess.writeAtomically(
                Array(ResultsCSV.encode(rows).utf8),
                to: fallback,
                replace: false
            )) != nil
            Console.err("bench: \(writeFailure.message)" + (saved ? "; the results are in \(fallback)" : ""))
        } else {
            Console.err("bench: wrote \(out) (\(rows.count) rows); \(wrong.count) wrong, \(failed) error or timeout")
        }
        func note(_ k: Int) -> String { results[k].note.isEmpty ? "no reason recorded" : results[k].note }
        for k in wrong { Console.err("bench: WRONG \(specs[k].label): \(note(k))") }
        for k in errored { Console.err("bench: ERROR \(specs[k].label): \(note(k))") }
        let allowTimeouts = args.has("allow-timeouts")
        func expected(_ k: Int) -> Bool { allowTimeouts || suite.expectedTimeouts.contains(specs[k].algorithm) }
        for k in timedOut {
            let why = allowTimeouts ? " (allowed by --allow-timeouts)"
                : expected(k) ? " (expected by the suite: expect-timeouts)" : ""
            Console.err("bench: TIMEOUT \(specs[k].label): \(note(k))\(why)")
        }
        for external in externals where external.driver.mode == .perCase {
            if let hint = perCaseHint(external.name, specs.indices.filter { specs[$0].algorithm == external.name }
                .map { results[$0].elapsed }) { Console.err(hint) }
        }
        if statuses.allSatisfy({ $0 == .error }) {
            Console.err("bench: no cell could be measured (every cell is `error`)")
            return .usage
        }
        if !wrong.isEmpty { return .wrong }
        let unexpected = timedOut.filter { !expected($0) }
        if !errored.isEmpty || !unexpected.isEmpty {
            let hint = unexpected.isEmpty ? ")" : "; --allow-timeouts reports timeouts without failing)"
            Console.err("bench: \(errored.count) error and \(unexpected.count) unexpected timeout cells: "
                        + "the run is not a complete measurement (exit 3" + hint)
            return .wrong
        }
        return writeFailure == nil ? .pass : .usage
    }

    /// Each `--external NAME=COMMAND` (and `--external-mode`): a differ in any language, run as
    /// a command on every case; killed past the cell budget plus grace. A name given twice is a
    /// usage error.
    static func externalCells(_ args: Arguments, _ registry: DifferRegistry, budget: Double) throws(CommandError)
        -> [ExternalCell] {
        let texts = args.values("external")
        if texts.isEmpty && args.value("external-mode") != nil {
            throw .usage("--external-mode needs --external NAME=COMMAND")
        }
        var cells: [ExternalCell] = []
        for text in texts {
            let cell = try externalCell(text, args, registry, budget: budget)
            guard !cells.contains(where: { $0.name == cell.name }) else {
                throw .usage("--external \(cell.name)=...: the name \(cell.name) is given twice")
            }
            cells.append(cell)
        }
        return cells
    }

    static func externalCell(_ text: String, _ args: Arguments, _ registry: DifferRegistry, budget: Double)
        throws(CommandError) -> ExternalCell {
        guard let equals = text.firstIndex(of: "="),
              !String(text[text.index(after: equals)...]).trimmingSpaces().isEmpty else {
            throw .usage("--external \(text): expected NAME=COMMAND, for example mine=\"python3 differ.py\"")
        }
        let name = String(text[..<equals]), command = String(text[text.index(after: equals)...])
        guard DifferRegistry.isValidName(name) else {
            throw .usage("--external \(name)=...: use lowercase letters, digits, '-', '_' or '.' in the name")
        }
        guard registry.named(name) == nil else {
            throw .usage("--external \(name)=...: \(name) is a registered differ")
        }
        let modeText = args.value("external-mode") ?? ExternalDiffer.Mode.perCase.rawValue
        guard let mode = ExternalDiffer.Mode(rawValue: modeText) else {
            throw .usage("--external-mode \(modeText): expected per-case or lines")
        }
        let timeout = min(86_400, budget + CellBudget.grace(budget: budget))
        return ExternalCell(name: name, driver: try ExternalDiffer(command: command, mode: mode, timeout: timeout))
    }

    static func cellKey(_ spec: CellSpec) -> String {
        "\(spec.algorithm)|\(spec.scenario)|\(spec.size)|\(spec.sections)|\(spec.seed)|\(spec.ids)"
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

    /// `K/N` with 1 <= K <= N.
    static func parseShard(_ text: String) throws(CommandError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw .usage("--shard \(text): expected K/N with 1 <= K <= N")
        }
        return (k, n)
    }

    static func selectCells(_ suite: Suite, _ args: Arguments) throws(CommandError) -> [SuiteCell] {
        var scenarios: [Scenario]?
        if let names = try args.list("scenarios") {
            var list: [Scenario] = []
            for name in names {
                guard let scenario = Scenario(rawValue: name) else {
                    let known = Scenario.allCases.map(\.rawValue)
                    throw .usage("--scenarios: unknown scenario \"\(name)\"" + Suggestion.didYouMean(name, among: known)
                        + " (known: \(known.joined(separator: ", ")))")
                }
                list.append(scenario)
            }
            scenarios = list
        }
        var sizes: [Int]?
        if let texts = try args.list("sizes") {
            var list: [Int] = []
            for text in texts {
                guard let size = Format.size(text), size >= 1 else {
                    throw .usage("--sizes: \"\(text)\" is not a size of at least 1 (1000, 10k, 1M)")
                }
                list.append(size)
            }
            sizes = list
        }
        var cells: [SuiteCell]
        if let scenarios, let sizes {
            cells = scenarios.flatMap { s in sizes.map { SuiteCell(scenario: s, size: $0) } }
        } else {
            cells = suite.cells.filter { cell in
                (scenarios?.contains(cell.scenario) ?? true) && (sizes?.contains(cell.size) ?? true)
            }
        }
        let seed: UInt64? = args.value("seed") == nil ? nil : try args.seed(default: 1)
        let sectionsOverride = try args.int("sections", default: 0, range: 1...Int.max)
        let idsOverride = try args.value("ids").map { text throws(CommandError) -> IdentityKind in
            guard let kind = IdentityKind(rawValue: text) else {
                throw .usage("--ids \(text): expected int, sparse, string, key or uuid")
            }
            return kind
        }
        for k in cells.indices {
            if let seed { cells[k].seed = seed }
            if args.value("sections") != nil { cells[k].sections = sectionsOverride }
            if let idsOverride { cells[k].ids = idsOverride }
            do { try cells[k].scenario.validate(size: cells[k].size, sections: cells[k].sections) } catch {
                throw .usage("\(cells[k].scenario.rawValue) \(cells[k].size): \(error.description)")
            }
        }
        return cells
    }

    /// `cells` with each cell once, in first-seen order, and a one-line note when some repeated:
    /// `--ids`, `--seed` or `--sections` can make two cells of a suite the same (the default
    /// suite's `mixed 10000` and `mixed 10000 ids=string` under `--ids string`), and a CSV holds
    /// each cell once, so a second run of it would make the file unreadable to `compare`.
    ///
    /// - Complexity: O(*n*) for *n* cells.
    static func distinct(_ cells: [SuiteCell]) -> (cells: [SuiteCell], note: String?) {
        var kept: [SuiteCell] = [], seen = Set<SuiteCell>()
        for cell in cells where seen.insert(cell).inserted { kept.append(cell) }
        let repeats = cells.count - kept.count
        guard repeats > 0 else { return (kept, nil) }
        let cellWord = repeats == 1 ? "cell is" : "cells are"
        return (kept, "bench: \(repeats) \(cellWord) the same as an earlier one once --ids, --seed, --sections, "
            + "--scenarios and --sizes are applied; each distinct cell runs once")
    }

    /// `--precision PCT` as a fraction, or `nil` to take every sample: by default 1% for a run
    /// of one round without a partner (rounds pool samples over the run, and a paired gate
    /// compares two sides sampled alike).
    static func precisionFraction(_ args: Arguments, rounds: Int) throws(CommandError) -> Double? {
        guard let text = args.value("precision") else {
            return rounds == 1 && args.value("paired-with") == nil ? defaultPrecision : nil
        }
        guard let value = Double(text), value.isFinite, value >= 0, value <= 100 else {
            throw .usage("--precision \(text): expected a percentage from 0 (every sample) to 100")
        }
        return value == 0 ? nil : value / 100
    }

    /// The default ``precisionFraction(_:rounds:)``: ±1%, a fifth of the spread (5%) under which
    /// two algorithms tie anyway, so stopping there changes no verdict.
    static let defaultPrecision = 0.01

    static func seconds(_ text: String?) throws(CommandError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
            throw .usage("--max-time-per-cell \(text): expected seconds, more than 0 and at most 86400")
        }
        return value
    }
}
