// SPDX-License-Identifier: Apache-2.0
/// The vocabulary of the results CSV's `metric` column: every metric a row can carry, by its
/// column name (``rawValue``). Each case knows its unit, which way is better and how it is
/// judged; a new metric is one case here, plus the code that measures it and stores its values in
/// the cell's result (`CellResult.measurements`), and where it is shown. Code names a metric by its
/// case, never by a string of its own.
public enum MetricName: String, CaseIterable, Sendable, Comparable, CustomStringConvertible, Codable,
    CodingKeyRepresentable
{
    /// Per diff: wall-clock and CPU time of the diffing thread.
    case wallNs = "wall_ns"
    case cpuNs = "cpu_ns"
    /// The cell's first, untimed diff, and the whole cell (generation, check, warm-up, samples).
    case firstDiffNs = "first_diff_ns"
    case cellWallNs = "cell_wall_ns"
    /// Exact counts of one diff: user-space instructions, heap allocations and their bytes.
    case instructions, allocations
    case allocatedBytes = "allocated_bytes"
    /// The measuring process's peak resident memory.
    case peakRSSBytes = "peak_rss_bytes"
    /// The changeset's verdict (1 passes the checker) and its batch-update stages.
    case correct, stages
    /// What the changeset does, by kind.
    case itemDeletes = "item_deletes"
    case itemInserts = "item_inserts"
    case itemMoves = "item_moves"
    case itemReloads = "item_reloads"
    case sectionOps = "section_ops"
    /// Items that change place, the fewest any changeset could do with, and the excess.
    case relocations
    case minimumRelocations = "minimum_relocations"
    case excessMoves = "excess_moves"
    /// The share of surviving items and sections whose identity the changeset keeps.
    case identityPreserved = "identity_preserved"
    /// The time an external differ reports for itself (`bench run --external`): a row of its
    /// own, present only for such a differ's cells, since its clock is not DiffBench's.
    case selfReportedNs = "self_reported_ns"
    /// A trace cell's steps, and each step's CPU and wall time per diff (in step order; a later
    /// round appends another pass of steps). Present only for a trace's cells.
    case steps
    case stepCpuNs = "step_cpu_ns"
    case stepWallNs = "step_wall_ns"

    /// Which rows of a cell carry the metric: every cell's, an external differ's, or a trace's.
    public enum Group: Sendable {
        case every, external, trace
    }

    /// The unit of the CSV's `unit` column.
    public enum Unit: String, Sendable {
        case ns, count, bytes, bool, ratio
    }

    /// Which way is better: the CSV's `direction` column.
    public enum Direction: String, Sendable {
        case lower, higher
    }

    /// The cells whose rows carry this metric.
    public var group: Group {
        switch self {
        case .selfReportedNs: .external
        case .steps, .stepCpuNs, .stepWallNs: .trace
        default: .every
        }
    }

    /// The unit its figures are in.
    public var unit: Unit {
        switch self {
        case .wallNs, .cpuNs, .firstDiffNs, .cellWallNs, .selfReportedNs, .stepCpuNs, .stepWallNs: .ns
        case .allocatedBytes, .peakRSSBytes: .bytes
        case .correct: .bool
        case .identityPreserved: .ratio
        default: .count
        }
    }

    /// Which way is better.
    public var direction: Direction {
        switch self {
        case .correct, .identityPreserved, .steps: .higher
        default: .lower
        }
    }

    /// How it is judged: a time by statistics, a count by any change.
    public var kind: MetricKind { unit == .ns ? .timing : .exact }

    /// Whether it describes a cell without being gated: one untimed diff is no sample, the whole
    /// cell's time (generation, check, warm-up and samples) depends on the budget, and the
    /// minimum belongs to the case, not to the algorithm. A trace's per-step times describe its
    /// steps (the gate judges the cell's passes, `cpu_ns` and `wall_ns`).
    public var isInformational: Bool {
        switch self {
        case .firstDiffNs, .cellWallNs, .minimumRelocations, .steps, .stepCpuNs, .stepWallNs: true
        default: false
        }
    }

    /// Whether the changeset's check measures it: a cell stopped before its check has none.
    public var isFromTheCheck: Bool {
        switch self {
        case .correct, .stages, .itemDeletes, .itemInserts, .itemMoves, .itemReloads, .sectionOps, .relocations,
            .identityPreserved:
            true
        default: false
        }
    }

    /// The metrics of `group`, in the order their rows are written.
    ///
    /// - Complexity: O(1): there are 25 metrics.
    public static func of(_ group: Group) -> [MetricName] { allCases.filter { $0.group == group } }

    /// Metrics compare in the order their rows are written.
    ///
    /// - Complexity: O(1).
    public static func < (a: MetricName, b: MetricName) -> Bool { a.order < b.order }

    /// The column name: what a message or file shows.
    public var description: String { rawValue }

    private var order: Int { MetricName.allCases.firstIndex(of: self)! }
}
