// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors

/// What a run measures and how, decided once: the cells (every algorithm on every case), the
/// sampling, the budget, the counter, the partner of a paired run and the second look. `bench run`
/// makes one from its flags (in the command-line module, where every rule between flags lives); code
/// makes one with ``init(cells:algorithms:registry:samples:rounds:precision:budget:hashSeed:executable:)``
/// and hands it to a ``RunSession``.
public struct RunPlan {
    /// The other binary of a paired run (`--paired-with`).
    public struct Partner {
        /// The other bench executable, its results file, the commit it was built from and the
        /// version of the cell protocol it speaks.
        public var path: String, out: String, commit: String, version: Int

        /// The partner at `path`, writing `out`, built from `commit`, speaking protocol `version`.
        ///
        /// - Complexity: O(1).
        package init(path: String, out: String, commit: String, version: Int) {
            (self.path, self.out, self.commit, self.version) = (path, out, commit, version)
        }
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
    package var notes: [String] = []

    /// The CI half-width at which a cell stops sampling unless `--precision` says otherwise: ±1%,
    /// a fifth of the spread (5%) under which two algorithms tie anyway, so stopping there changes
    /// no verdict.
    public static let defaultPrecision = 0.01

    /// How `bench run` times a case's cells (`--timing`).
    package enum Timing: String, CaseIterable, Sendable {
        /// In one child, in rotating order, round after round.
        case sideBySide = "side-by-side"
        /// Each cell in children of its own.
        case alone
    }

    /// How `bench run` times cells unless `--timing` says.
    package static let defaultTiming = Timing.sideBySide

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
        guard !cells.isEmpty else { throw .badInput("a run needs at least one cell") }
        suiteName = "code"
        self.algorithms = names
        specs = RunPlan.specs(cells, [], names, samples: samples, budget: budget, precision: precision)
        caseCount = cells.count
        (self.samples, self.rounds, self.precision, self.budget) = (samples, rounds, precision, budget)
        counter = .off
        self.hashSeed = hashSeed
        self.executable = executable ?? CellRunner.executable
        sideBySide = RunPlan.defaultTiming == .sideBySide && rounds == 1 && precision != nil
        secondLook = rounds == 1 && precision != nil && !sideBySide
    }

    /// A plan of `specs` with every other choice at its default (no partner, no externals, no
    /// shard, quiet): the command line's plan starts here and sets the rest.
    ///
    /// - Complexity: O(1).
    package init(
        suiteName: String, specs: [CellSpec], algorithms: [String], caseCount: Int, samples: Int, rounds: Int,
        precision: Double?, budget: Double, counter: InstructionCounter, hashSeed: UInt64
    ) {
        (self.suiteName, self.specs, self.algorithms, self.caseCount) = (suiteName, specs, algorithms, caseCount)
        (self.samples, self.rounds, self.precision, self.budget) = (samples, rounds, precision, budget)
        (self.counter, self.hashSeed, executable, secondLook) = (counter, hashSeed, CellRunner.executable, false)
    }

    /// Every algorithm on every generated cell, then on every file.
    package static func specs(
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
    package static func noCells(_ cells: [SuiteCell], suite: String) -> DiffBenchError {
        func listed(_ names: [String]) -> String {
            names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
        }
        let sizes = listed(Set(cells.map(\.size)).sorted().map(String.init))
        var scenarios: [String] = [], seen = Set<String>()
        for cell in cells where seen.insert(cell.scenario.rawValue).inserted {
            scenarios.append(cell.scenario.rawValue)
        }
        return .badInput(
            "no cells to run after --scenarios/--sizes/--shard (suite \(suite) has: sizes \(sizes); "
                + "scenarios \(listed(scenarios)))")
    }
}
