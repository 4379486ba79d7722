// SPDX-License-Identifier: Apache-2.0
import DiffBenchStatistics

/// One CSV row: a cell (algorithm, scenario, size, sections, seed, ids) x metric, with its
/// statistics.
public struct ResultRow: Sendable, Equatable {
    public var meta: RunMetadata
    public var algorithm = "", scenario = "", size = 0, sections = 0, seed: UInt64 = 0, ids = "int"
    public var metric = "", unit = "", direction = "", kind = ""
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

    public init(meta: RunMetadata) { self.meta = meta }

    /// The cell this row belongs to: everything that makes the case and the algorithm.
    public var cell: String { "\(algorithm)|\(scenario)|\(size)|\(sections)|\(seed)|\(ids)" }

    /// The row key, unique within a file: the cell and the metric.
    public var key: String { cell + "|" + metric }

    /// One metric: name, unit, direction (which way is better) and kind.
    public struct Metric: Sendable {
        public var id: MetricName, unit: String, direction: String, kind: String
        /// The name in the CSV's `metric` column.
        public var name: String { id.rawValue }
    }

    /// The metric of this row, when it is one of ``MetricName``'s.
    public var metricName: MetricName? { MetricName(rawValue: metric) }

    /// What kind of figure this row holds, typed: the CSV's `kind` column, which every reader
    /// compares through this instead of the text (`nil` for text the CSV reader refuses).
    public var metricKind: MetricKind? { MetricKind(rawValue: kind) }

    /// The metrics of schema 2, in row order.
    public static let metrics: [Metric] =
        ([
            (.wallNs, "ns", "lower", "timing"), (.cpuNs, "ns", "lower", "timing"),
            (.firstDiffNs, "ns", "lower", "timing"), (.cellWallNs, "ns", "lower", "timing"),
            (.instructions, "count", "lower", "exact"), (.allocations, "count", "lower", "exact"),
            (.allocatedBytes, "bytes", "lower", "exact"), (.peakRSSBytes, "bytes", "lower", "exact"),
            (.correct, "bool", "higher", "exact"), (.stages, "count", "lower", "exact"),
            (.itemDeletes, "count", "lower", "exact"), (.itemInserts, "count", "lower", "exact"),
            (.itemMoves, "count", "lower", "exact"), (.itemReloads, "count", "lower", "exact"),
            (.sectionOps, "count", "lower", "exact"), (.relocations, "count", "lower", "exact"),
            (.minimumRelocations, "count", "lower", "exact"), (.excessMoves, "count", "lower", "exact"),
            (.identityPreserved, "ratio", "higher", "exact")
        ] as [(MetricName, String, String, String)]).map { Metric(id: $0.0, unit: $0.1, direction: $0.2, kind: $0.3) }

    /// The time an external differ reports for itself (`bench run --external`): a row of its
    /// own, present only for such a differ's cells, since its clock is not DiffBench's.
    public static let selfReported = Metric(id: .selfReportedNs, unit: "ns", direction: "lower", kind: "timing")

    /// The rows of a trace cell only: how many steps were timed, and each step's time per diff
    /// (CPU and wall, in step order; a later round appends another pass of steps).
    public static let traceMetrics: [Metric] =
        ([
            (.steps, "count", "higher", "exact"), (.stepCpuNs, "ns", "lower", "timing"),
            (.stepWallNs, "ns", "lower", "timing")
        ] as [(MetricName, String, String, String)]).map { Metric(id: $0.0, unit: $0.1, direction: $0.2, kind: $0.3) }

    /// Metrics that describe a cell but are not gated: one untimed diff is no sample, the whole
    /// cell's time (generation, check, warm-up and samples) depends on the budget, and the
    /// minimum belongs to the case, not to the algorithm. A trace's per-step times describe its
    /// steps (the gate judges the cell's passes, `cpu_ns` and `wall_ns`).
    public static let informational: Set<String> = Set(
        [
            MetricName.firstDiffNs, .cellWallNs, .minimumRelocations, .steps, .stepCpuNs, .stepWallNs
        ].map(\.rawValue))
}
