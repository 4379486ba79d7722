// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Results in the formats of the tools people keep benchmark history with, one entry per timed
/// cell of one metric (CPU time per diff by default), named
/// `heckel/mixed/1000/sections=10/seed=1/ids=int` so that a cell keeps its name across runs.
///
/// - `github-action-benchmark`: its `customSmallerIsBetter` input, a JSON array of
///   `{"name", "unit", "value", "range", "extra"}`.
/// - `bencher`: Bencher Metric Format, `{NAME: {MEASURE: {"value", "lower_value", "upper_value"}}}`.
/// - `jmh`: JMH's result JSON, an array of `{"benchmark", "mode", ..., "primaryMetric": {...}}`,
///   which JMH viewers read.
///
/// Values are the median with the 95% confidence interval of the median; cells without samples
/// (timeouts before the first sample, errors, skips) are left out and counted by the caller.
package enum ResultsExport {
    /// The formats.
    package enum Format: String, CaseIterable, Sendable {
        case githubActionBenchmark = "github-action-benchmark"
        case bencher
        case jmh
    }

    /// A cell's stable name.
    package static func name(_ row: ResultRow) -> String {
        "\(row.algorithm)/\(row.scenario)/\(row.size)/sections=\(row.sections)/seed=\(row.seed)/ids=\(row.ids.rawValue)"
    }

    /// The rows of `metric` that have samples, in file order.
    package static func exported(_ rows: [ResultRow], metric: MetricName) -> [ResultRow] {
        rows.filter { $0.metric == metric && !$0.samples.isEmpty }
    }

    /// The export of `rows` for `metric` in `format`.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    package static func render(_ rows: [ResultRow], metric: MetricName, format: Format) -> String {
        typealias V = JSONOutput.Value
        let cells = exported(rows, metric: metric)
        let unit = metric.unit.rawValue
        switch format {
        case .githubActionBenchmark:
            let entries = cells.map { row -> String in
                let s = row.summary
                let half = (s.ciHigh - s.ciLow) / 2
                return JSONOutput.object([
                    ("name", .string(name(row))), ("unit", .string(unit)), ("value", .number(s.median)),
                    ("range", .string("± \(ResultsCSV.number(half))")),
                    (
                        "extra",
                        .string(
                            "\(metric.rawValue) median of \(s.n) samples; 95% CI \(ResultsCSV.number(s.ciLow))-"
                                + "\(ResultsCSV.number(s.ciHigh)); status \(row.status.rawValue); "
                                + "run \(row.meta.runID); "
                                + "commit \(row.meta.gitCommit)")
                    )
                ])
            }
            return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
        case .bencher:
            let measure = metric.rawValue.replacingOccurrences(of: "_", with: "-")
            let entries = cells.map { row -> (String, V) in
                let s = row.summary
                let values = JSONOutput.object([
                    ("value", .number(s.median)), ("lower_value", .number(s.ciLow)),
                    ("upper_value", .number(s.ciHigh))
                ])
                return (name(row), .raw(JSONOutput.object([(measure, .raw(values))])))
            }
            return JSONOutput.object(entries) + "\n"
        case .jmh:
            let entries = cells.map { row -> String in
                let s = row.summary
                let percentiles = JSONOutput.object([
                    ("0.0", .number(s.min)), ("25.0", .number(s.p25)), ("50.0", .number(s.median)),
                    ("75.0", .number(s.p75)), ("90.0", .number(s.p90)), ("100.0", .number(s.max))
                ])
                let raw = "[[" + row.samples.map(ResultsCSV.number).joined(separator: ",") + "]]"
                let primary = JSONOutput.object([
                    ("score", .number(s.median)), ("scoreError", .number((s.ciHigh - s.ciLow) / 2)),
                    ("scoreConfidence", .raw("[\(ResultsCSV.number(s.ciLow)),\(ResultsCSV.number(s.ciHigh))]")),
                    ("scorePercentiles", .raw(percentiles)), ("scoreUnit", .string(unit + "/op")),
                    ("rawData", .raw(raw))
                ])
                return JSONOutput.object([
                    ("jmhVersion", .string("1.37")), ("benchmark", .string("diffbench." + name(row))),
                    ("mode", .string("sample")), ("threads", .number(1)), ("forks", .number(Double(row.rounds))),
                    ("jvm", .string("")), ("jvmArgs", .raw("[]")), ("jdkVersion", .string("")),
                    ("vmName", .string("")), ("vmVersion", .string("")),
                    ("warmupIterations", .number(Double(row.warmup))), ("warmupTime", .string("100 ms")),
                    ("warmupBatchSize", .number(Double(row.batch))),
                    ("measurementIterations", .number(Double(s.n))), ("measurementTime", .string("10 ms")),
                    ("measurementBatchSize", .number(Double(row.batch))),
                    ("primaryMetric", .raw(primary)), ("secondaryMetrics", .raw("{}"))
                ])
            }
            return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
        }
    }
}
