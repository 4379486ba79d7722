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

    public init(meta: RunMetadata) { self.meta = meta }

    /// The cell this row belongs to: everything that makes the case and the algorithm.
    public var cell: String { "\(algorithm)|\(scenario)|\(size)|\(sections)|\(seed)|\(ids)" }

    /// The row key, unique within a file: the cell and the metric.
    public var key: String { cell + "|" + metric }

    /// One metric: name, unit, direction (which way is better) and kind.
    public struct Metric: Sendable {
        public var name: String, unit: String, direction: String, kind: String
    }

    /// The metrics of schema 2, in row order.
    public static let metrics: [Metric] = [
        ("wall_ns", "ns", "lower", "timing"), ("cpu_ns", "ns", "lower", "timing"),
        ("first_diff_ns", "ns", "lower", "timing"), ("cell_wall_ns", "ns", "lower", "timing"),
        ("instructions", "count", "lower", "exact"), ("allocations", "count", "lower", "exact"),
        ("allocated_bytes", "bytes", "lower", "exact"), ("peak_rss_bytes", "bytes", "lower", "exact"),
        ("correct", "bool", "higher", "exact"), ("stages", "count", "lower", "exact"),
        ("item_deletes", "count", "lower", "exact"), ("item_inserts", "count", "lower", "exact"),
        ("item_moves", "count", "lower", "exact"), ("item_reloads", "count", "lower", "exact"),
        ("section_ops", "count", "lower", "exact"), ("relocations", "count", "lower", "exact"),
        ("minimum_relocations", "count", "lower", "exact"), ("excess_moves", "count", "lower", "exact"),
        ("identity_preserved", "ratio", "higher", "exact"),
    ].map { Metric(name: $0.0, unit: $0.1, direction: $0.2, kind: $0.3) }

    /// The time an external differ reports for itself (`bench run --external`): a row of its
    /// own, present only for such a differ's cells, since its clock is not DiffBench's.
    public static let selfReported = Metric(name: "self_reported_ns", unit: "ns", direction: "lower", kind: "timing")

    /// The rows of a trace cell only: how many steps were timed, and each step's time per diff
    /// (CPU and wall, in step order; a later round appends another pass of steps).
    public static let traceMetrics: [Metric] = [
        ("steps", "count", "higher", "exact"), ("step_cpu_ns", "ns", "lower", "timing"),
        ("step_wall_ns", "ns", "lower", "timing"),
    ].map { Metric(name: $0.0, unit: $0.1, direction: $0.2, kind: $0.3) }

    /// Metrics that describe a cell but are not gated: one untimed diff is no sample, the whole
    /// cell's time (generation, check, warm-up and samples) depends on the budget, and the
    /// minimum belongs to the case, not to the algorithm. A trace's per-step times describe its
    /// steps (the gate judges the cell's passes, `cpu_ns` and `wall_ns`).
    public static let informational: Set<String> = [
        "first_diff_ns", "cell_wall_ns", "minimum_relocations", "steps", "step_cpu_ns", "step_wall_ns",
    ]
}
