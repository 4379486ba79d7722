// SPDX-License-Identifier: Apache-2.0
import DiffBenchStatistics

/// One line of the results CSV: one metric of one cell, with its statistics. The CSV and the
/// `diffbench-results/1` JSON are made of these; what reads a run reads ``CellRecord``s, which
/// group a cell's lines once.
public struct ResultRow: Sendable, Equatable {
    public var meta: RunMetadata
    /// The cell the row belongs to.
    public var cell = CellKey()
    /// The metric, which knows its unit, direction and kind.
    public var metric = MetricName.wallNs
    public var batch = 0, warmup = 0
    public var summary = Summary()
    public var status = CellStatus.ok, note = ""
    public var samples: [Double] = []
    /// The 1-minute load average when the cell started (appended metadata; `nil` if unknown).
    public var loadAverage: Double?
    /// How many rounds the samples come from, in order and equal numbers (appended metadata).
    public var rounds = 1
    /// The content hash of the case or trace file the cell timed; "" for a generated cell.
    public var caseHash = ""
    /// For a cell timed side by side, the algorithms of its case timed in the same rounds of one
    /// process, `+`-joined (`heckel+lis+reload`); its `i`-th sample and theirs come from the same
    /// round. "" for a cell timed alone (appended metadata).
    public var timedWith = ""

    /// A row of `meta`'s run with the default fields.
    ///
    /// - Complexity: O(1).
    public init(meta: RunMetadata) { self.meta = meta }

    /// The row key, unique within a file: the cell and the metric.
    public var key: Key { Key(cell: cell, metric: metric) }

    /// A row's key: its cell and metric.
    public struct Key: Hashable, Sendable, CustomStringConvertible {
        public var cell: CellKey, metric: MetricName
        /// `heckel|mixed|1000|10|1|int|cpu_ns`: the fields in column order.
        public var description: String { "\(cell)|\(metric.rawValue)" }
    }

    /// The metric's unit, direction and kind: the CSV's `unit`, `direction` and `kind` columns.
    public var unit: MetricName.Unit { metric.unit }
    public var direction: MetricName.Direction { metric.direction }
    public var kind: MetricKind { metric.kind }

    /// The cell's fields, one by one.
    public var algorithm: String {
        get { cell.algorithm }
        set { cell.algorithm = newValue }
    }
    public var scenario: String {
        get { cell.scenario }
        set { cell.scenario = newValue }
    }
    public var size: Int {
        get { cell.size }
        set { cell.size = newValue }
    }
    public var sections: Int {
        get { cell.sections }
        set { cell.sections = newValue }
    }
    public var seed: UInt64 {
        get { cell.seed }
        set { cell.seed = newValue }
    }
    public var ids: IdentityKind {
        get { cell.ids }
        set { cell.ids = newValue }
    }
}
