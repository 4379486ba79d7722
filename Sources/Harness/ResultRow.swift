/// One CSV row: an algorithm x scenario x size x metric, with its statistics.
public struct ResultRow: Sendable, Equatable {
    public var meta: RunMetadata
    public var algorithm = "", scenario = "", size = 0, sections = 0, seed: UInt64 = 0
    public var metric = "", unit = "", direction = "", kind = ""
    public var batch = 0, warmup = 0
    public var summary = Summary()
    public var status = "", note = ""
    public var samples: [Double] = []

    public init(meta: RunMetadata) { self.meta = meta }

    /// The join key of `bench compare`.
    public var key: String { "\(algorithm)|\(scenario)|\(size)|\(sections)|\(seed)|\(metric)" }

    /// The metrics of schema 1: name, unit, direction (which way is better) and kind.
    public static let metrics: [(name: String, unit: String, direction: String, kind: String)] = [
        ("wall_ns", "ns", "lower", "timing"), ("cpu_ns", "ns", "lower", "timing"),
        ("instructions", "count", "lower", "exact"), ("allocations", "count", "lower", "exact"),
        ("allocated_bytes", "bytes", "lower", "exact"), ("peak_rss_bytes", "bytes", "lower", "exact"),
        ("correct", "bool", "higher", "exact"), ("stages", "count", "lower", "exact"),
        ("item_deletes", "count", "lower", "exact"), ("item_inserts", "count", "lower", "exact"),
        ("item_moves", "count", "lower", "exact"), ("item_reloads", "count", "lower", "exact"),
        ("section_ops", "count", "lower", "exact"), ("excess_moves", "count", "lower", "exact"),
        ("identity_preserved", "ratio", "higher", "exact"),
    ]

    /// The rows of one measured cell.
    public static func rows(for spec: CellSpec, _ result: CellResult, meta: RunMetadata) -> [ResultRow] {
        metrics.map { metric in
            var row = ResultRow(meta: meta)
            row.algorithm = spec.algorithm; row.scenario = spec.scenario; row.size = spec.size
            row.sections = spec.sections; row.seed = spec.seed
            row.metric = metric.name; row.unit = metric.unit; row.direction = metric.direction; row.kind = metric.kind
            row.batch = result.batch; row.warmup = result.warmup
            row.status = result.status; row.note = result.note
            let measured = result.status != "error" && result.status != "skipped" && !(result.status == "timeout" && result.wallNs.isEmpty)
            var values: [Double]?
            switch metric.name {
            case "wall_ns": values = result.wallNs
            case "cpu_ns": values = result.cpuNs
            case "instructions":
                values = result.instructions
                if values == nil && measured { row.status = "unavailable"; row.note = "perf_event_open refused by the kernel" }
            case "allocations": values = result.allocations.map { [$0] }
            case "allocated_bytes": values = result.allocatedBytes.map { [$0] }
            case "peak_rss_bytes": values = [result.peakRSSBytes]
            case "correct": values = [result.correct ? 1 : 0]
            case "stages": values = [Double(result.stages)]
            case "item_deletes": values = [Double(result.itemDeletes)]
            case "item_inserts": values = [Double(result.itemInserts)]
            case "item_moves": values = [Double(result.itemMoves)]
            case "item_reloads": values = [Double(result.itemReloads)]
            case "section_ops": values = [Double(result.sectionOps)]
            case "excess_moves": values = [Double(result.excessMoves)]
            default: values = [result.identityPreserved]
            }
            if measured || metric.name == "correct", let values, !values.isEmpty {
                row.samples = values
                row.summary = Summary(values)
            }
            return row
        }
    }
}
