// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchReports
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchPlatform

/// What a run measures and how, decided once: the cells (every algorithm on every case), the
/// sampling, the budget, the counter, the partner of a paired run and the second look. `bench run`
/// makes one from its flags (``init(_:registry:)``, where every rule between flags lives); code
/// makes one with ``init(cells:algorithms:registry:samples:rounds:precision:budget:hashSeed:executable:)``
/// and hands it to a ``RunSession``.
public struct RunPlan {
    /// The other binary of a paired run (`--paired-with`).
    public struct Partner {
        /// The other bench executable, its results file, the commit it was built from and the
        /// version of the cell protocol it speaks.
        public var path: String, out: String, commit: String, version: Int
    }

    /// The suite's name (the run ID and the CSV say it).
    public var suiteName: String
    /// Every cell, case by case, each algorithm of a case in turn.
    package var specs: [CellSpec]
    /// The algorithms, externals last.
    public var algorithms: [String]
    /// The cases (generated cells and files).
    public var caseCount: Int
    /// Samples per cell and round, and rounds.
    public var samples: Int, rounds: Int
    /// The CI half-width at which a cell stops sampling, as a fraction; `nil` takes every sample.
    public var precision: Double?
    /// Seconds per cell, before the grace.
    public var budget: Double
    /// How instructions are counted, and whether the user chose it.
    package var counter: InstructionCounter, counterChosen = true
    /// The seed of the identity hashes in the measuring children (``HashSeed``).
    public var hashSeed: UInt64
    /// The bench executable whose `_cell` measures each cell.
    public var executable: String
    /// The other binary of a paired run, if any.
    public var partner: Partner?
    /// Whether cells whose verdicts hang on noise are timed again (``CloseCalls``).
    public var secondLook: Bool
    /// Whether the contenders of a case are timed side by side in one process
    /// (``SuiteRun/measureSideBySide(_:progress:caseProgress:externals:tieFloor:)``), not each
    /// cell alone: for one round, unpaired, with a precision.
    public var sideBySide = false
    /// Differs in any language (`--external`).
    package var externals: [ExternalCell] = []
    /// The slice of the cases this run measures (`--shard K/N`).
    public var shard: (index: Int, count: Int)?
    /// Algorithms whose timeouts the suite expects, and whether every timeout is allowed.
    public var expectedTimeouts: [String] = [], allowTimeouts = false
    /// How conclusions are drawn (the second look reads verdicts).
    package var ranking = RankingOptions()
    /// No progress on standard error.
    public var quiet = true
    /// Lines to say before the run (cells that became the same under overrides).
    var notes: [String] = []

    /// How `bench run` times cells unless `--timing` says: `alone` or `side-by-side`.
    static let defaultTiming = "side-by-side"

    /// A plan for `cells` of generated cases, each run by every one of `algorithms`.
    ///
    /// - Complexity: O(*c* · *a*) for *c* cells and *a* algorithms.
    /// `executable` is the `bench` whose hidden commands measure a cell (`nil`: this program).
    public init(
        cells: [SuiteCell], algorithms: [String], registry: DifferRegistry, samples: Int = 20,
        rounds: Int = 1, precision: Double? = RunPlan.defaultPrecision, budget: Double = 10,
        hashSeed: UInt64 = 0, executable: String? = nil
    ) throws(DiffBenchError) {
        let names = try AlgorithmSelection.resolve(algorithms, in: registry, flag: "algorithms").map(\.name)
        guard !cells.isEmpty else { throw .usage("a run needs at least one cell") }
        suiteName = "code"
        self.algorithms = names
        specs = RunPlan.specs(cells, [], names, samples: samples, budget: budget, precision: precision)
        caseCount = cells.count
        (self.samples, self.rounds, self.precision, self.budget) = (samples, rounds, precision, budget)
        counter = .off
        self.hashSeed = hashSeed
        self.executable = executable ?? CellRunner.executable
        sideBySide = RunPlan.defaultTiming == "side-by-side" && rounds == 1 && precision != nil
        secondLook = rounds == 1 && precision != nil && !sideBySide
    }

    /// The plan of `bench run`'s flags: every rule between them is checked here.
    init(_ args: Arguments, registry: DifferRegistry) throws(DiffBenchError) {
        guard let counter = InstructionCounter.resolve(args.value("instructions")) else {
            throw .usage("--instructions \(args.value("instructions")!): expected auto, perf, callgrind or off")
        }
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
        if let shard {
            let generated = suite.cells.count
            suite.cells = suite.cells.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            files = files.enumerated().filter { (generated + $0.offset) % shard.count == shard.index - 1 }
                .map(\.element)
        }
        specs = RunPlan.specs(suite.cells, files, algorithms, samples: samples, budget: budget, precision: precision)
        guard !specs.isEmpty else { throw RunPlan.noCells(suiteCells, suite: suite.name) }
        let partnerPath = args.value("paired-with"), partnerOut = args.value("paired-out")
        guard (partnerPath == nil) == (partnerOut == nil) else {
            throw .usage("--paired-with and --paired-out go together")
        }
        if let partnerOut, let out = args.value("out"),
            URL(fileURLWithPath: partnerOut).standardizedFileURL == URL(fileURLWithPath: out).standardizedFileURL
        {
            throw .usage("--paired-out \(partnerOut) is the --out file: the two results need two files")
        }
        partner = try partnerPath.map { path throws(DiffBenchError) -> Partner in
            guard let version = CellRunner.pairableVersion(path) else {
                throw .usage(
                    "--paired-with \(path): not a bench that measures cells with protocol "
                        + "\(CellRunner.protocolVersion) or 2")
            }
            return Partner(
                path: path, out: partnerOut!, commit: args.value("paired-commit") ?? "unknown",
                version: version)
        }
        // Generated identities are the corpus's own: a fixed seed keeps instruction counts the same
        // from run to run. A file may hold identities crafted against a known seed: a secret one.
        hashSeed =
            args.value("hash-seed") != nil
            ? try args.seed("hash-seed", default: 0)
            : files.isEmpty ? 0 : UInt64.random(in: 0...UInt64.max)
        suiteName = suite.name
        self.algorithms = algorithms
        caseCount = suite.cells.count + files.count
        (self.samples, self.rounds, self.precision, self.budget) = (samples, rounds, precision, budget)
        self.counter = counter
        counterChosen = args.value("instructions") != nil
        executable = CellRunner.executable
        let timing = args.value("timing") ?? RunPlan.defaultTiming
        guard timing == "alone" || timing == "side-by-side" else {
            throw .usage("--timing \(timing): expected side-by-side or alone")
        }
        // Asked for side by side where it cannot be: say so rather than time the cells alone.
        if args.value("timing") == "side-by-side" {
            if rounds > 1 {
                let source = args.value("rounds") != nil ? "--rounds \(rounds)" : "the suite's rounds: \(rounds)"
                throw .usage(
                    "--timing side-by-side times one round; \(source) times each cell alone "
                        + "(drop --timing, or pass --rounds 1)")
            }
            if partner != nil {
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
        sideBySide = timing == "side-by-side" && rounds == 1 && partner == nil && precision != nil
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

    /// Every algorithm on every generated cell, then on every file.
    static func specs(
        _ cells: [SuiteCell], _ files: [TimedFile], _ algorithms: [String], samples: Int,
        budget: Double, precision: Double?
    ) -> [CellSpec] {
        func with(_ spec: CellSpec) -> CellSpec {
            var spec = spec
            spec.precision = precision
            return spec
        }
        return cells.flatMap { cell in
            algorithms.map { with(CellSpec(algorithm: $0, cell: cell, samples: samples, budget: budget)) }
        }
            + files.flatMap { file in
                algorithms.map { with(CellSpec(algorithm: $0, file: file, samples: samples, budget: budget)) }
            }
    }

    /// The error of a selection that left no cell, listing at most ten sizes and scenarios of the
    /// suite, so that a suite of thousands of cells gets a one-line error.
    static func noCells(_ cells: [SuiteCell], suite: String) -> DiffBenchError {
        func listed(_ names: [String]) -> String {
            names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
        }
        let sizes = listed(Set(cells.map(\.size)).sorted().map(String.init))
        var scenarios: [String] = [], seen = Set<String>()
        for cell in cells where seen.insert(cell.scenario.rawValue).inserted {
            scenarios.append(cell.scenario.rawValue)
        }
        return .usage(
            "no cells to run after --scenarios/--sizes/--shard (suite \(suite) has: sizes \(sizes); "
                + "scenarios \(listed(scenarios)))")
    }
}
