// SPDX-License-Identifier: Apache-2.0
import DiffBenchStatistics

/// One cell of a run, typed: its key, how it ended, the run's metadata and its measurements by
/// metric. Measuring makes one per cell (`CellRecord(spec:_:...)` in the measuring module); the
/// results CSV and JSON hold it as one line per metric (``rows``), and a file read back becomes
/// records again once (``records(_:)``). Verdicts, tables, reports and charts read records.
public struct CellRecord: Sendable, Equatable {
    /// The algorithm and the case.
    public var cell: CellKey
    /// The facts every line of the run repeats (run ID, machine, commit, command).
    public var meta: RunMetadata
    /// How the cell ended, and why when not `ok` (a metric may say more of its own).
    public var status = CellStatus.ok, note = ""
    /// Diffs per timed batch, untimed warm-up diffs, and the rounds the samples come from.
    public var batch = 0, warmup = 0, rounds = 1
    /// The 1-minute load average when the cell started, when known.
    public var loadAverage: Double?
    /// The content hash of the case or trace file the cell timed; "" for a generated cell.
    public var caseHash = ""
    /// For a cell timed side by side, the algorithms timed in the same rounds (`heckel+lis`; its
    /// `i`-th sample and theirs come from one round); "" when timed alone.
    public var timedWith = ""
    /// What was measured, by metric: a metric the cell could not measure is present without
    /// samples (printed `-`), never a made-up 0; a metric of no line is absent.
    public var measurements: [MetricName: Measurement] = [:]

    /// One metric of the cell: its samples, their summary, and its own status and note (a
    /// counter this machine lacks is `unavailable` in an `ok` cell).
    public struct Measurement: Sendable, Equatable {
        public var samples: [Double] = []
        public var summary = Summary()
        public var status = CellStatus.ok, note = ""

        /// A measurement of `samples`, summarized.
        ///
        /// - Complexity: O(*s* log *s*) for *s* samples.
        public init(_ samples: [Double], status: CellStatus = .ok, note: String = "") {
            self.samples = samples
            if !samples.isEmpty { summary = Summary(samples) }
            self.status = status
            self.note = note
        }

        /// The summary, when there are samples.
        public var measured: Summary? { samples.isEmpty ? nil : summary }
    }

    /// A cell of `meta`'s run with nothing measured yet.
    ///
    /// - Complexity: O(1).
    public init(cell: CellKey, meta: RunMetadata) {
        self.cell = cell
        self.meta = meta
    }

    /// The median of `metric`, when it has samples.
    ///
    /// - Complexity: O(1).
    public func median(_ metric: MetricName) -> Double? { measurements[metric]?.measured?.median }

    /// The samples of `metric`, in the order they were taken (empty when unmeasured).
    ///
    /// - Complexity: O(1).
    public func samples(_ metric: MetricName) -> [Double] { measurements[metric]?.samples ?? [] }

    /// The cell as lines of the results file, in metric order.
    ///
    /// - Complexity: O(*m* log *m* + *s*) for *m* metrics and *s* samples.
    public var rows: [ResultRow] {
        measurements.keys.sorted().map { metric in
            let measurement = measurements[metric]!
            var row = ResultRow(meta: meta)
            row.cell = cell
            row.metric = metric
            row.batch = batch; row.warmup = warmup; row.rounds = rounds
            row.loadAverage = loadAverage; row.caseHash = caseHash; row.timedWith = timedWith
            row.status = measurement.status; row.note = measurement.note
            row.samples = measurement.samples
            row.summary = measurement.summary
            return row
        }
    }

    /// The cells of `rows` (lines of a results file), in the order their first line appears:
    /// the one place lines become cells. A cell's status, note, load, rounds and companions are
    /// those of its `wall_ns` line (every line of a cell bench wrote repeats them), else of its
    /// first line; its metadata is its first line's.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    public static func records(_ rows: [ResultRow]) -> [CellRecord] {
        var index: [CellKey: Int] = [:], records: [CellRecord] = []
        for row in rows {
            let k: Int
            if let known = index[row.cell] {
                k = known
            } else {
                k = records.count
                index[row.cell] = k
                records.append(CellRecord(cell: row.cell, meta: row.meta))
                records[k].adoptCellFields(of: row)
            }
            if row.metric == .wallNs { records[k].adoptCellFields(of: row) }
            var measurement = Measurement([], status: row.status, note: row.note)
            measurement.samples = row.samples
            measurement.summary = row.summary
            records[k].measurements[row.metric] = measurement
        }
        return records
    }

    private mutating func adoptCellFields(of row: ResultRow) {
        status = row.status; note = row.note
        batch = row.batch; warmup = row.warmup; rounds = row.rounds
        loadAverage = row.loadAverage; caseHash = row.caseHash; timedWith = row.timedWith
    }
}
