// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchPlatform
import DiffBenchRunning
import DiffBenchErrors
import DiffBenchFormat

/// Reading `bench run`'s flags into a ``RunPlan``: each flag's values, and errors that name it.
extension RunPlan {
    /// The plan of `bench run`'s flags: every rule between them is checked here.
    init(_ args: Arguments, registry: DifferRegistry) throws(DiffBenchError) {
        let counter = try args.choice("instructions", default: InstructionChoice.auto).counter
        if counter == .callgrind && InstructionCounter.valgrind == nil {
            throw .usage("--instructions callgrind: valgrind is not installed (apt-get install valgrind)")
        }
        let ranking = try args.rankingOptions()
        // Files alone run only the files; with --suite, the suite's cells too.
        var suite =
            args.positional.isEmpty || args.value("suite") != nil
            ? try SuiteFiles.load(args.value("suite") ?? "default") : Suite(name: "files")
        let budget = try args.seconds("max-time-per-cell") ?? suite.maxTimePerCell ?? 10
        if let unknown = suite.expectedTimeouts.first(where: { registry.named($0) == nil }) {
            throw .usage(
                "suite \(suite.name): expect-timeouts names \"\(unknown)\", which is no registered differ "
                    + "(known: \(registry.names.joined(separator: ", ")))")
        }
        let externals = try RunPlan.externalCells(args, registry, budget: budget)
        if !externals.isEmpty && args.value("paired-with") != nil {
            throw .usage("--external does not go with --paired-with (the partner has no such differ)")
        }
        let chosen = try args.list("algorithms")
        let algorithms =
            try AlgorithmSelection.resolve(
                chosen ?? suite.algorithms, in: registry,
                flag: chosen == nil
                    ? suite.algorithmsSource ?? "--algorithms"
                    : "--algorithms"
            )
            .map(\.name) + externals.map(\.name)
        try ranking.check(in: algorithms)
        let suiteCells = suite.cells
        let selected = RunPlan.distinct(
            suite.cells.isEmpty && !args.positional.isEmpty
                && args.value("scenarios") == nil ? [] : try RunPlan.selectCells(suite, args))
        suite.cells = selected.cells
        if suite.cells.isEmpty, let flag = ["sections", "seed", "ids"].first(where: { args.value($0) != nil }) {
            throw .usage("--\(flag) sets generated cells; a case or trace file has its own (no scenario cells to run)")
        }
        let quiet = args.has("quiet")
        var files = try TimedFile.collect(suite.files + args.positional) { path in
            if !quiet { Console.err("bench: reading \(path)") }
        }
        let rounds = try args.int("rounds", default: suite.rounds ?? 1, range: 1...100)
        let samples = try args.int("samples", default: suite.samples ?? 20, range: 1...100_000)
        guard samples * rounds >= 6 else {
            let over = "\(rounds) round\(rounds == 1 ? "" : "s")"
            throw .usage("--samples \(samples): a cell needs at least 6 samples over its \(over)")
        }
        let precision = try RunPlan.precisionFraction(args, rounds: rounds)
        let shard = try args.value("shard").map(RunPlan.parseShard)
        if let shard { (suite.cells, files) = RunPlan.shardOf(suite.cells, files, shard) }
        let specs = RunPlan.specs(
            suite.cells, files, algorithms, samples: samples, budget: budget, precision: precision)
        guard !specs.isEmpty else { throw RunPlan.noCells(suiteCells, suite: suite.name) }
        let partner = try RunPlan.partner(args)
        // Generated identities are the corpus's own: a fixed seed keeps instruction counts the same
        // from run to run. A file may hold identities crafted against a known seed: a secret one.
        let hashSeed =
            args.value("hash-seed") != nil
            ? try args.seed("hash-seed", default: 0)
            : files.isEmpty ? 0 : UInt64.random(in: 0...UInt64.max)
        self.init(
            suiteName: suite.name, specs: specs, algorithms: algorithms, caseCount: suite.cells.count + files.count,
            samples: samples, rounds: rounds, precision: precision, budget: budget, counter: counter,
            hashSeed: hashSeed)
        self.partner = partner
        counterChosen = args.value("instructions") != nil
        sideBySide = try RunPlan.timesSideBySide(args, rounds: rounds, paired: partner != nil, precision: precision)
        // The second look times only; a paired or pooled run has no use for it, nor a run whose
        // contenders shared their rounds (their ratios cancel what it looks again for).
        secondLook = rounds == 1 && partner == nil && precision != nil && !args.has("no-second-look") && !sideBySide
        self.externals = externals
        self.shard = shard
        expectedTimeouts = suite.expectedTimeouts
        allowTimeouts = args.has("allow-timeouts")
        self.ranking = ranking
        self.quiet = quiet
        notes = selected.note.map { [$0] } ?? []
    }

    /// `--paired-with BENCH` and `--paired-out FILE` (and `--paired-commit`): the other bench a
    /// paired run times each cell with, if any.
    static func partner(_ args: Arguments) throws(DiffBenchError) -> Partner? {
        let partnerPath = args.value("paired-with"), partnerOut = args.value("paired-out")
        guard (partnerPath == nil) == (partnerOut == nil) else {
            throw .usage("--paired-with and --paired-out go together")
        }
        if let partnerOut, let out = args.value("out"),
            URL(fileURLWithPath: partnerOut).standardizedFileURL == URL(fileURLWithPath: out).standardizedFileURL
        {
            throw .usage("--paired-out \(partnerOut) is the --out file: the two results need two files")
        }
        return try partnerPath.map { path throws(DiffBenchError) -> Partner in
            guard let version = CellRunner.pairableVersion(path) else {
                throw .usage(
                    "--paired-with \(path): not a bench that measures cells with protocol "
                        + "\(CellRunner.protocolVersion), 3 or 2")
            }
            return Partner(
                path: path, out: partnerOut!, commit: args.value("paired-commit") ?? "unknown",
                version: version)
        }
    }

    /// Whether the run times a case's cells side by side: `--timing`, the default, or alone
    /// where side by side cannot be (several rounds, a partner, no precision); asked for where it
    /// cannot be, a usage error that says why.
    static func timesSideBySide(_ args: Arguments, rounds: Int, paired: Bool, precision: Double?)
        throws(DiffBenchError) -> Bool
    {
        let asked: RunPlan.Timing? = try args.choice("timing")
        let timing = asked ?? RunPlan.defaultTiming
        // Asked for side by side where it cannot be: say so rather than time the cells alone.
        if asked == .sideBySide {
            if rounds > 1 {
                let source = args.value("rounds") != nil ? "--rounds \(rounds)" : "the suite's rounds: \(rounds)"
                throw .usage(
                    "--timing side-by-side times one round; \(source) times each cell alone "
                        + "(drop --timing, or pass --rounds 1)")
            }
            if paired {
                throw .usage(
                    "--timing side-by-side cannot be paired: --paired-with times each cell alone "
                        + "(drop one of the two)")
            }
            if precision == nil {
                throw .usage(
                    "--timing side-by-side stops cells once precise; --precision 0 takes every sample "
                        + "alone (drop one of the two)")
            }
        }
        return timing == .sideBySide && rounds == 1 && !paired && precision != nil
    }

    /// The cells and files of shard `shard.index` of `shard.count`: every count-th, files after cells.
    ///
    /// - Complexity: O(*c* + *f*).
    static func shardOf(_ cells: [SuiteCell], _ files: [TimedFile], _ shard: (index: Int, count: Int))
        -> ([SuiteCell], [TimedFile])
    {
        let generated = cells.count
        return (
            cells.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element),
            files.enumerated().filter { (generated + $0.offset) % shard.count == shard.index - 1 }.map(\.element)
        )
    }

    /// Each `--external NAME=COMMAND` (and `--external-mode`): a differ in any language, run as
    /// a command on every case; killed past the cell budget plus grace. A name given twice is a
    /// usage error.
    static func externalCells(_ args: Arguments, _ registry: DifferRegistry, budget: Double) throws(DiffBenchError)
        -> [ExternalCell]
    {
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
        throws(DiffBenchError) -> ExternalCell
    {
        guard let equals = text.firstIndex(of: "="),
            !String(text[text.index(after: equals)...]).trimmingSpaces().isEmpty
        else {
            throw .usage("--external \(text): expected NAME=COMMAND, for example mine=\"python3 differ.py\"")
        }
        let name = String(text[..<equals]), command = String(text[text.index(after: equals)...])
        guard DifferRegistry.isValidName(name) else {
            throw .usage("--external \(name)=...: use lowercase letters, digits, '-', '_' or '.' in the name")
        }
        guard registry.named(name) == nil else {
            throw .usage("--external \(name)=...: \(name) is a registered differ")
        }
        let mode = try args.choice("external-mode", default: ExternalDiffer.Mode.perCase)
        let timeout = min(86_400, budget + CellBudget.grace(budget: budget))
        return ExternalCell(name: name, driver: try ExternalDiffer(command: command, mode: mode, timeout: timeout))
    }

    /// `K/N` with 1 <= K <= N.
    static func parseShard(_ text: String) throws(DiffBenchError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw .usage("--shard \(text): expected K/N with 1 <= K <= N")
        }
        return (k, n)
    }

    static func selectCells(_ suite: Suite, _ args: Arguments) throws(DiffBenchError) -> [SuiteCell] {
        var scenarios: [Scenario]?
        if let names = try args.list("scenarios") {
            var list: [Scenario] = []
            for name in names {
                guard let scenario = Scenario(rawValue: name) else {
                    let known = Scenario.allCases.map(\.rawValue)
                    throw .usage(
                        "--scenarios: unknown scenario \"\(name)\"" + Suggestion.didYouMean(name, among: known)
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
        let idsOverride = try args.choice("ids", among: IdentityKind.generated)
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
        return (
            kept,
            "bench: \(repeats) \(cellWord) the same as an earlier one once --ids, --seed, --sections, "
                + "--scenarios and --sizes are applied; each distinct cell runs once"
        )
    }

    /// `--precision PCT` as a fraction, or `nil` to take every sample: by default 1% for a run
    /// of one round without a partner (rounds pool samples over the run, and a paired gate
    /// compares two sides sampled alike).
    static func precisionFraction(_ args: Arguments, rounds: Int) throws(DiffBenchError) -> Double? {
        guard let text = args.value("precision") else {
            return rounds == 1 && args.value("paired-with") == nil ? defaultPrecision : nil
        }
        guard let value = Double(text), value.isFinite, value >= 0, value <= 100 else {
            throw .usage("--precision \(text): expected a percentage from 0 (every sample) to 100")
        }
        return value == 0 ? nil : value / 100
    }
}
