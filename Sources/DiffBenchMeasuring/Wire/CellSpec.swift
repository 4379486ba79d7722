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

/// What measuring one cell produced: its status and note, how it was timed, and its figures by
/// ``MetricName`` (``measurements``; values are per diff). A metric the cell measured has its
/// values there, one the cell could not measure has none: a new metric is its `MetricName` case
/// and the code that stores its values here; the record, the CSV and the JSON follow.
package struct CellResult: Codable, Sendable {
    /// `ok`, `wrong`, `error`, `timeout` or `skipped` (its raw value on the wire).
    package var status: CellStatus
    package var note = ""
    /// Diffs per timed batch, and untimed warm-up diffs.
    package var batch = 0, warmup = 0
    /// Whether the changeset was checked (a cell stopped earlier has no quality figures: the
    /// metrics ``MetricName/isFromTheCheck`` are recorded only then).
    package var checked = false
    /// How the instructions were counted (`perf, 4 diffs`), or why they were not.
    package var instructionsNote = ""
    /// The time per diff of the untimed diffs after the first (the allocation passes, warm), when
    /// run: what a run forecasts larger sizes from when the cell took no sample
    /// (``CellSpec/sideBySideBelow``). Not a metric of the results.
    package var warmDiffNs: Double?
    /// Every figure measured, by metric: the samples of a timing metric, the one value of an
    /// exact one.
    package var measurements: [MetricName: [Double]] = [:]

    /// The values of `metric`, as the record takes them: derived for ``MetricName/excessMoves``.
    ///
    /// - Complexity: O(1).
    package func values(_ metric: MetricName) -> [Double]? {
        metric == .excessMoves ? excessMoves.map { [Double($0)] } : measurements[metric]
    }

    /// Wall-clock and CPU time per diff, one per sample.
    package var wallNs: [Double] {
        get { measurements[.wallNs] ?? [] }
        set { measurements[.wallNs] = newValue }
    }
    package var cpuNs: [Double] {
        get { measurements[.cpuNs] ?? [] }
        set { measurements[.cpuNs] = newValue }
    }
    /// The first diff of the cell, untimed for the statistics (it pays for cold caches).
    package var firstDiffNs: Double? {
        get { one(.firstDiffNs) }
        set { set(.firstDiffNs, newValue) }
    }
    /// Instructions per diff over a fixed number of diffs; `nil` when not counted.
    package var instructions: Double? {
        get { one(.instructions) }
        set { set(.instructions, newValue) }
    }
    package var allocations: Double? {
        get { one(.allocations) }
        set { set(.allocations, newValue) }
    }
    package var allocatedBytes: Double? {
        get { one(.allocatedBytes) }
        set { set(.allocatedBytes, newValue) }
    }
    package var peakRSSBytes: Double? {
        get { one(.peakRSSBytes) }
        set { set(.peakRSSBytes, newValue) }
    }
    /// Whether the changeset passed the checker.
    package var correct: Bool {
        get { one(.correct).map { $0 != 0 } ?? false }
        set { set(.correct, newValue ? 1 : 0) }
    }
    package var stages: Int {
        get { count(.stages) }
        set { set(.stages, Double(newValue)) }
    }
    package var itemDeletes: Int {
        get { count(.itemDeletes) }
        set { set(.itemDeletes, Double(newValue)) }
    }
    package var itemInserts: Int {
        get { count(.itemInserts) }
        set { set(.itemInserts, Double(newValue)) }
    }
    package var itemMoves: Int {
        get { count(.itemMoves) }
        set { set(.itemMoves, Double(newValue)) }
    }
    package var itemReloads: Int {
        get { count(.itemReloads) }
        set { set(.itemReloads, Double(newValue)) }
    }
    package var sectionOps: Int {
        get { count(.sectionOps) }
        set { set(.sectionOps, Double(newValue)) }
    }
    package var relocations: Int {
        get { count(.relocations) }
        set { set(.relocations, Double(newValue)) }
    }
    /// The case's lower bound, known as soon as the case is generated.
    package var minimumRelocations: Int? {
        get { one(.minimumRelocations).map { Int($0) } }
        set { set(.minimumRelocations, newValue.map { Double($0) }) }
    }
    package var identityPreserved: Double {
        get { one(.identityPreserved) ?? 0 }
        set { set(.identityPreserved, newValue) }
    }
    /// Seconds from the start of the measuring process to the end of the cell (or its kill): the
    /// metric ``MetricName/cellWallNs``, kept only once more than 0.
    package var elapsed: Double {
        get { (one(.cellWallNs) ?? 0) / 1e9 }
        set { set(.cellWallNs, newValue > 0 ? newValue * 1e9 : nil) }
    }
    /// Per-diff times an external differ reported itself (`elapsed_ns`); `nil` for every other
    /// differ. Never mixed with the in-process `wallNs` and `cpuNs`.
    package var selfReportedNs: [Double]? {
        get { measurements[.selfReportedNs] }
        set { measurements[.selfReportedNs] = newValue }
    }
    /// For a trace: the steps timed, and each step's time per diff (the median of its batches),
    /// CPU and wall, in step order (a later round appends its own pass). `nil` for other cells.
    package var steps: Int? {
        get { one(.steps).map { Int($0) } }
        set { set(.steps, newValue.map { Double($0) }) }
    }
    package var stepCpuNs: [Double]? {
        get { measurements[.stepCpuNs] }
        set { measurements[.stepCpuNs] = newValue }
    }
    package var stepWallNs: [Double]? {
        get { measurements[.stepWallNs] }
        set { measurements[.stepWallNs] = newValue }
    }

    /// The wire's keys: the figures by metric under ``measurements``.
    enum CodingKeys: String, CodingKey {
        case status, note, batch, warmup, checked, instructionsNote, warmDiffNs, measurements
    }

    /// Reads the wire of this protocol, or the one of protocols 2 and 3 (a field per metric),
    /// which a paired run reads from an older bench (``Legacy``).
    ///
    /// - Complexity: O(*s*) for *s* values.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        status = try c.decode(CellStatus.self, forKey: .status)
        note = try c.decodeIfPresent(String.self, forKey: .note) ?? ""
        batch = try c.decodeIfPresent(Int.self, forKey: .batch) ?? 0
        warmup = try c.decodeIfPresent(Int.self, forKey: .warmup) ?? 0
        checked = try c.decodeIfPresent(Bool.self, forKey: .checked) ?? false
        instructionsNote = try c.decodeIfPresent(String.self, forKey: .instructionsNote) ?? ""
        warmDiffNs = try c.decodeIfPresent(Double.self, forKey: .warmDiffNs)
        if let measured = try c.decodeIfPresent([MetricName: [Double]].self, forKey: .measurements) {
            measurements = measured
        } else {
            measurements = try Legacy.measurements(decoder)
        }
    }

    /// The wire of protocols 2 and 3: each figure under the name of the field that held it.
    enum Legacy {
        /// How a field held its figure.
        enum Shape { case samples, number, count, flag, seconds }

        /// Each field of the old wire, the metric it holds and how.
        static let fields: [(String, MetricName, Shape)] = [
            ("wallNs", .wallNs, .samples), ("cpuNs", .cpuNs, .samples), ("firstDiffNs", .firstDiffNs, .number),
            ("elapsed", .cellWallNs, .seconds), ("instructions", .instructions, .number),
            ("allocations", .allocations, .number), ("allocatedBytes", .allocatedBytes, .number),
            ("peakRSSBytes", .peakRSSBytes, .number), ("correct", .correct, .flag), ("stages", .stages, .count),
            ("itemDeletes", .itemDeletes, .count), ("itemInserts", .itemInserts, .count),
            ("itemMoves", .itemMoves, .count), ("itemReloads", .itemReloads, .count),
            ("sectionOps", .sectionOps, .count), ("relocations", .relocations, .count),
            ("minimumRelocations", .minimumRelocations, .count), ("identityPreserved", .identityPreserved, .number),
            ("selfReportedNs", .selfReportedNs, .samples), ("steps", .steps, .count),
            ("stepCpuNs", .stepCpuNs, .samples), ("stepWallNs", .stepWallNs, .samples)
        ]

        /// A field's name as a key.
        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The figures of an old wire's fields.
        ///
        /// - Complexity: O(*s*) for *s* values.
        static func measurements(_ decoder: any Decoder) throws -> [MetricName: [Double]] {
            let c = try decoder.container(keyedBy: Key.self)
            var measured: [MetricName: [Double]] = [:]
            for (name, metric, shape) in fields {
                let key = Key(stringValue: name)
                switch shape {
                case .samples: measured[metric] = try c.decodeIfPresent([Double].self, forKey: key)
                case .number: measured[metric] = try c.decodeIfPresent(Double.self, forKey: key).map { [$0] }
                case .count: measured[metric] = try c.decodeIfPresent(Int.self, forKey: key).map { [Double($0)] }
                case .flag: measured[metric] = try c.decodeIfPresent(Bool.self, forKey: key).map { [$0 ? 1 : 0] }
                case .seconds:
                    let seconds = try c.decodeIfPresent(Double.self, forKey: key) ?? 0
                    measured[metric] = seconds > 0 ? [seconds * 1e9] : nil
                }
            }
            return measured
        }
    }

    /// The one value of an exact metric.
    private func one(_ metric: MetricName) -> Double? { measurements[metric]?.first }
    /// An exact count, 0 when not measured.
    private func count(_ metric: MetricName) -> Int { Int(one(metric) ?? 0) }
    /// Stores the one value of an exact metric, or removes it.
    private mutating func set(_ metric: MetricName, _ value: Double?) { measurements[metric] = value.map { [$0] } }

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
