// SPDX-License-Identifier: Apache-2.0
/// What a metric measures, and so how it is judged: a timing varies from run to run and is judged
/// by statistics (noise floors, drift, Mann-Whitney, per-round ratios); an exact figure repeats
/// and is judged by any change beyond its tolerance. The CSV's `kind` column holds its raw value.
public enum MetricKind: String, Sendable, CaseIterable {
    /// Time: wall, CPU, first diff, cell wall, an external differ's own.
    case timing
    /// Counts and flags that repeat exactly: instructions, allocations, correctness, operations.
    case exact
}
