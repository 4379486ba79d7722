// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats

/// The shape `diffbench-compare/1` (`bench compare --format json`): the counts, the drift, the
/// exit code, every joined row (``ComparisonRow``, the comparison CSV's columns) and every
/// growth fit.
package struct ComparisonJSON: Encodable {
    let comparison: Comparison

    /// The shape of `comparison`.
    ///
    /// - Complexity: O(1).
    package init(_ comparison: Comparison) { self.comparison = comparison }

    enum CodingKeys: String, CodingKey {
        case format, summary, drift, entries, scaling
        case exitCode = "exit_code"
    }

    /// How many rows ended in each verdict.
    struct Summary: Encodable {
        var rows = 0, wrong = 0, broken = 0, regressions = 0, improvements = 0, unchanged = 0, skipped = 0
        var missing = 0
    }

    /// One growth fit.
    struct Scaling: Encodable {
        let change: ScalingChange

        enum CodingKeys: String, CodingKey {
            case algorithm, scenario, ids, seed, metric, sizes, change, verdict, method
            case baseExponent = "base_exponent"
            case newExponent = "new_exponent"
            case low = "change_low"
            case high = "change_high"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            let g = change
            try c.encode(g.algorithm, forKey: .algorithm)
            try c.encode(g.scenario, forKey: .scenario)
            try c.encode(g.ids.rawValue, forKey: .ids)
            try c.encode(g.seed, forKey: .seed)
            try c.encode(g.metric.rawValue, forKey: .metric)
            try c.encode(g.sizes, forKey: .sizes)
            try c.encode(g.baseExponent, forKey: .baseExponent)
            try c.encode(g.newExponent, forKey: .newExponent)
            try c.encode(g.change, forKey: .change)
            try c.encode(g.low, forKey: .low)
            try c.encode(g.high, forKey: .high)
            try c.encode(g.verdict.rawValue, forKey: .verdict)
            try c.encode(g.method, forKey: .method)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        let counts = Dictionary(grouping: comparison.entries, by: \.verdict).mapValues(\.count)
        let summary = Summary(
            rows: comparison.entries.count, wrong: counts[.wrong] ?? 0, broken: counts[.broken] ?? 0,
            regressions: counts[.regression] ?? 0, improvements: counts[.improvement] ?? 0,
            unchanged: counts[.unchanged] ?? 0, skipped: counts[.skipped] ?? 0, missing: counts[.missing] ?? 0)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("diffbench-compare/1", forKey: .format)
        try c.encode(summary, forKey: .summary)
        try c.encode(comparison.drift, forKey: .drift)
        try c.encode(Int(comparison.outcome.rawValue), forKey: .exitCode)
        try c.encode(comparison.entries.map(ComparisonRow.init), forKey: .entries)
        try c.encode(comparison.scaling.map(Scaling.init), forKey: .scaling)
    }
}

extension JSONOutput {
    /// The comparison as `diffbench-compare/1` (``ComparisonJSON``), with a final newline.
    ///
    /// - Complexity: O(*e*) for *e* entries.
    package static func comparison(_ c: Comparison) -> String { JSONTextEncoder.encode(ComparisonJSON(c)) + "\n" }
}
