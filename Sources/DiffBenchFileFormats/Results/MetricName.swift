// SPDX-License-Identifier: Apache-2.0
/// The vocabulary of the results CSV's `metric` column: every metric a row can carry, by its
/// column name (``rawValue``). Code names a metric by its case, never by a string of its own.
public enum MetricName: String, CaseIterable, Sendable {
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
    /// The time an external differ reports for itself.
    case selfReportedNs = "self_reported_ns"
    /// A trace cell's steps, and each step's CPU and wall time per diff.
    case steps
    case stepCpuNs = "step_cpu_ns"
    case stepWallNs = "step_wall_ns"
}
