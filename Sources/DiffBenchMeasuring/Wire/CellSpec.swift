// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchCorpus

/// One benchmark cell: an algorithm on one generated case, with its measurement settings.
package struct CellSpec: Codable, Sendable, Equatable {
    package var algorithm: String
    package var scenario: String
    package var size: Int
    package var sections: Int
    package var seed: UInt64
    package var ids: IdentityKind
    package var samples: Int
    /// Seconds the cell may take before it is stopped and reported `timeout`.
    package var budget: Double
    /// Whether the measuring child reads the hardware instruction counter.
    package var perfCounters = true
    /// Sampling stops early once the 95% CI of the median, of wall and of CPU time alike, lies
    /// within ± this fraction of the median, after at least ``CellMeasurement/adaptiveMinimum``
    /// samples; `nil` takes every one of `samples`. Optional, so that a partner binary that
    /// predates it decodes the spec (and takes every sample).
    package var precision: Double?
    /// The CPU time per diff of the fastest correct, animating algorithm measured before this
    /// one on the same case in this run, if any. A cell at least
    /// ``CellMeasurement/outOfRace`` times slower is out of the race for fastest: it may stop at
    /// three times `precision`, which still tells it apart from the fastest.
    package var fastestSoFarNs: Double?
    /// In a run that times contenders side by side (``SideBySide``), the first visit's limit in
    /// nanoseconds: a cell whose diff takes less times nothing in that visit (its case's process
    /// times it); one at or above it is timed there, alone, as before: a round holding one of its
    /// diffs would keep every rival waiting that long, and it is far out of their race. `nil`: time
    /// the cell here.
    package var sideBySideBelow: Double?
    /// For a cell of a case or trace file (`bench run FILE`): the file's absolute path, its kind
    /// (`case` or `trace`), its content hash and its steps (1 for a case); `nil` for generated
    /// cells.
    package var file: String?
    package var fileKind: String?
    package var contentHash: String?
    package var steps: Int?

    package init(algorithm: String, cell: SuiteCell, samples: Int, budget: Double) {
        self.algorithm = algorithm
        scenario = cell.scenario.rawValue
        size = cell.size
        sections = cell.sections
        seed = cell.seed
        ids = cell.ids
        self.samples = samples
        self.budget = budget
    }

    /// A cell timing `file` with `algorithm`: its scenario is the file's name, its seed 0.
    package init(algorithm: String, file: TimedFile, samples: Int, budget: Double) {
        self.algorithm = algorithm
        scenario = file.name
        size = file.size
        sections = file.sections
        seed = 0
        ids = file.ids
        self.samples = samples
        self.budget = CellSpec.budget(budget, for: file)
        self.file = file.path
        fileKind = file.kind.rawValue
        contentHash = file.contentHash
        steps = file.steps
    }

    /// The budget of a cell of `file`: `budget` for a case; for a trace, `budget` per million
    /// items diffed in one pass (steps times size), never less than `budget` nor more than a
    /// day. One pass reads, checks and times every step, so a long trace needs more than one
    /// case; sampling adapts to what is left per step.
    package static func budget(_ budget: Double, for file: TimedFile) -> Double {
        guard file.kind == .trace else { return budget }
        return min(86_400, budget * max(1, Double(file.steps) * Double(file.size) / 1_000_000))
    }

    /// Whether the cell times a trace (a sequence of steps) rather than one case.
    package var isTrace: Bool { fileKind == TimedFile.Kind.trace.rawValue }

    /// `heckel mixed n=1000 sections=10 seed=1 ids=int`; `heckel chat (trace of 999 steps) n=1000`
    /// for a file.
    package var label: String {
        if let fileKind {
            let what = isTrace ? "trace of \(steps ?? 0) steps" : fileKind
            return "\(algorithm) \(scenario) (\(what)) n=\(size) sections=\(sections)"
                + (ids == .int ? "" : " ids=\(ids.rawValue)")
        }
        return generatedLabel
    }

    /// What every algorithm of one case shares: two specs with the same key diff the same case.
    package var caseKey: String { "\(scenario)|\(size)|\(sections)|\(seed)|\(ids.rawValue)|\(file ?? "")" }

    var generatedLabel: String {
        "\(algorithm) \(scenario) n=\(size) sections=\(sections) seed=\(seed)"
            + (ids == .int ? "" : " ids=\(ids.rawValue)")
    }
}

/// What measuring one cell produced. Values are per diff.
package struct CellResult: Codable, Sendable {
    /// `ok`, `wrong`, `error`, `timeout` or `skipped` (its raw value on the wire).
    package var status: CellStatus
    package var note = ""
    /// Diffs per timed batch, and untimed warm-up diffs.
    package var batch = 0, warmup = 0
    package var wallNs: [Double] = [], cpuNs: [Double] = []
    /// The first diff of the cell, untimed for the statistics (it pays for cold caches).
    package var firstDiffNs: Double?
    /// The time per diff of the untimed diffs after the first (the allocation passes, warm), when
    /// run: what a run forecasts larger sizes from when the cell took no sample
    /// (``CellSpec/sideBySideBelow``).
    package var warmDiffNs: Double?
    /// Instructions per diff over a fixed number of diffs; `nil` when not counted.
    package var instructions: Double?
    /// How the instructions were counted (`perf, 4 diffs`), or why they were not.
    package var instructionsNote = ""
    package var allocations: Double?, allocatedBytes: Double?
    package var peakRSSBytes: Double?
    /// Whether the changeset was checked (a cell stopped earlier has no quality figures).
    package var checked = false
    package var correct = false
    package var stages = 0, itemDeletes = 0, itemInserts = 0, itemMoves = 0, itemReloads = 0, sectionOps = 0
    package var relocations = 0
    /// The case's lower bound, known as soon as the case is generated.
    package var minimumRelocations: Int?
    package var identityPreserved = 0.0
    /// Seconds from the start of the measuring process to the end of the cell (or its kill).
    package var elapsed = 0.0
    /// Per-diff times an external differ reported itself (`elapsed_ns`); `nil` for every other
    /// differ. Never mixed with the in-process `wallNs` and `cpuNs`.
    package var selfReportedNs: [Double]?
    /// For a trace: the steps timed, and each step's time per diff (the median of its batches),
    /// CPU and wall, in step order (a later round appends its own pass). `nil` for other cells.
    package var steps: Int?
    package var stepCpuNs: [Double]?, stepWallNs: [Double]?

    package init(status: CellStatus, note: String = "") {
        self.status = status
        self.note = note
    }

    /// Adds the samples of another round of the same cell (rounds spread a cell's samples over
    /// the run, so that a slow phase of the machine does not hold all of them). Exact figures
    /// stay those of the first round; a status other than `ok` wins.
    package mutating func absorb(_ round: CellResult) {
        wallNs += round.wallNs
        cpuNs += round.cpuNs
        if let more = round.selfReportedNs { selfReportedNs = (selfReportedNs ?? []) + more }
        if let more = round.stepCpuNs { stepCpuNs = (stepCpuNs ?? []) + more }
        if let more = round.stepWallNs { stepWallNs = (stepWallNs ?? []) + more }
        elapsed += round.elapsed
        if status == .ok && round.status != .ok || round.status == .wrong {
            status = round.status
            note = round.note
        }
    }

    /// Of this look at the cell and `other` (the same cell timed again in another process, with
    /// as many samples), keeps the samples of the one whose CPU median is lower, the quieter
    /// process; exact figures stay those of the first look, and `elapsed` counts both.
    ///
    /// Why not pool them: another process running now and then only adds time, and a process
    /// it hits for part of its samples has them in two clusters. Pooled with a quiet process's,
    /// the median falls between the clusters: `unchanged` 10,000 heckel 9.37 µs from samples of
    /// 7.51-12.28 µs where lis, the same code, had 7.53 µs, which made lis "fastest beyond
    /// noise" (2026-11-25). Both cells of a verdict's pair get the second look, so both keep
    /// the lower of two medians.
    ///
    /// - Complexity: O(*s* log *s*) for *s* samples.
    package mutating func keepQuieter(_ other: CellResult) {
        elapsed += other.elapsed
        guard Summary(other.cpuNs).median < Summary(cpuNs).median else { return }
        wallNs = other.wallNs
        cpuNs = other.cpuNs
    }

    /// Relocations beyond the minimum; `nil` before the changeset was checked.
    package var excessMoves: Int? {
        guard checked, let minimumRelocations else { return nil }
        return max(0, relocations - minimumRelocations)
    }
}
