/// One CSV row: a cell (algorithm, scenario, size, sections, seed, ids) x metric, with its
/// statistics.
public struct ResultRow: Sendable, Equatable {
    public var meta: RunMetadata
    public var algorithm = "", scenario = "", size = 0, sections = 0, seed: UInt64 = 0, ids = "int"
    public var metric = "", unit = "", direction = "", kind = ""
    public var batch = 0, warmup = 0
    public var summary = Summary()
    public var status = "", note = ""
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

    /// The rows of one measured cell. A figure the cell could not measure has no samples (the
    /// table prints `-`), never a made-up 0.
    public static func rows(for spec: CellSpec, _ result: CellResult, meta: RunMetadata,
                            loadAverage: Double? = nil, rounds: Int = 1) -> [ResultRow] {
        let extra = (result.selfReportedNs == nil ? [] : [selfReported]) + (result.steps == nil ? [] : traceMetrics)
        return (metrics + extra).map { metric in
            var row = ResultRow(meta: meta)
            row.algorithm = spec.algorithm; row.scenario = spec.scenario; row.size = spec.size
            row.sections = spec.sections; row.seed = spec.seed; row.ids = spec.ids
            row.metric = metric.name; row.unit = metric.unit; row.direction = metric.direction; row.kind = metric.kind
            row.batch = result.batch; row.warmup = result.warmup
            row.status = result.status; row.note = result.note
            row.loadAverage = loadAverage
            row.rounds = rounds
            row.caseHash = spec.contentHash ?? ""
            let checked = result.checked
            var values: [Double]?
            switch metric.name {
            case "wall_ns": values = result.wallNs
            case "cpu_ns": values = result.cpuNs
            case "first_diff_ns": values = result.firstDiffNs.map { [$0] }
            case "cell_wall_ns": values = result.elapsed > 0 ? [result.elapsed * 1e9] : nil
            case "instructions":
                values = result.instructions.map { [$0] }
                if values == nil && checked { row.status = "unavailable" }
                row.note = [result.instructionsNote, row.status == "unavailable" ? "" : result.note]
                    .filter { !$0.isEmpty }.joined(separator: "; ")
            case "allocations": values = result.allocations.map { [$0] }
            case "allocated_bytes": values = result.allocatedBytes.map { [$0] }
            case "peak_rss_bytes": values = result.peakRSSBytes.map { [$0] }
            case "correct": values = checked ? [result.correct ? 1 : 0] : nil
            case "stages": values = checked ? [Double(result.stages)] : nil
            case "item_deletes": values = checked ? [Double(result.itemDeletes)] : nil
            case "item_inserts": values = checked ? [Double(result.itemInserts)] : nil
            case "item_moves": values = checked ? [Double(result.itemMoves)] : nil
            case "item_reloads": values = checked ? [Double(result.itemReloads)] : nil
            case "section_ops": values = checked ? [Double(result.sectionOps)] : nil
            case "relocations": values = checked ? [Double(result.relocations)] : nil
            case "minimum_relocations": values = result.minimumRelocations.map { [Double($0)] }
            case "self_reported_ns": values = result.selfReportedNs
            case "excess_moves": values = result.excessMoves.map { [Double($0)] }
            case "steps": values = result.steps.map { [Double($0)] }
            case "step_cpu_ns": values = result.stepCpuNs
            case "step_wall_ns": values = result.stepWallNs
            default: values = checked ? [result.identityPreserved] : nil
            }
            if let values, !values.isEmpty {
                row.samples = values
                row.summary = Summary(values)
            }
            return row
        }
    }
}
