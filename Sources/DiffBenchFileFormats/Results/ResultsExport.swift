// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchStatistics

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
        let cells = exported(rows, metric: metric)
        switch format {
        case .githubActionBenchmark:
            return JSONTextEncoder.encode(cells.map { GitHubActionBenchmark($0, metric: metric) }) + "\n"
        case .bencher:
            let measure = metric.rawValue.replacingOccurrences(of: "_", with: "-")
            let entries = cells.map { row -> (key: String, value: OrderedJSONObject<BencherMetric>) in
                (key: name(row), value: OrderedJSONObject([(key: measure, value: BencherMetric(row.summary))]))
            }
            return JSONTextEncoder.encode(OrderedJSONObject(entries)) + "\n"
        case .jmh:
            return JSONTextEncoder.encode(cells.map { JMHResult($0, unit: metric.unit.rawValue) }) + "\n"
        }
    }

    /// github-action-benchmark's `customSmallerIsBetter` entry.
    struct GitHubActionBenchmark: Encodable {
        let name: String, unit: String, value: Double, range: String, extra: String

        init(_ row: ResultRow, metric: MetricName) {
            let s = row.summary
            (name, unit, value) = (ResultsExport.name(row), metric.unit.rawValue, s.median)
            range = "± \(ResultsCSV.number((s.ciHigh - s.ciLow) / 2))"
            extra =
                "\(metric.rawValue) median of \(s.n) samples; 95% CI \(ResultsCSV.number(s.ciLow))-"
                + "\(ResultsCSV.number(s.ciHigh)); status \(row.status.rawValue); run \(row.meta.runID); "
                + "commit \(row.meta.gitCommit)"
        }
    }

    /// A Bencher Metric Format measure: the median and the 95% interval of the median.
    struct BencherMetric: Encodable {
        let value: Double, lowerValue: Double, upperValue: Double

        enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }

        init(_ s: Summary) { (value, lowerValue, upperValue) = (s.median, s.ciLow, s.ciHigh) }
    }

    /// One benchmark of JMH's result JSON, in sample mode, its keys as JMH names them.
    struct JMHResult: Encodable {
        let jmhVersion = "1.37", benchmark: String, mode = "sample", threads = 1, forks: Int, jvm = ""
        let jvmArgs: [String] = [], jdkVersion = "", vmName = "", vmVersion = "", warmupIterations: Int
        let warmupTime = "100 ms", warmupBatchSize: Int, measurementIterations: Int
        let measurementTime = "10 ms", measurementBatchSize: Int, primaryMetric: Primary
        let secondaryMetrics = OrderedJSONObject<Int>([])

        /// The score (the median), its error and interval, percentiles, unit and the samples.
        struct Primary: Encodable {
            let score: Double, scoreError: Double, scoreConfidence: [Double]
            let scorePercentiles: OrderedJSONObject<Double>, scoreUnit: String, rawData: [[Double]]
        }

        init(_ row: ResultRow, unit: String) {
            let s = row.summary
            benchmark = "diffbench." + ResultsExport.name(row)
            (forks, warmupIterations, warmupBatchSize) = (row.rounds, row.warmup, row.batch)
            (measurementIterations, measurementBatchSize) = (s.n, row.batch)
            let percentiles = [("0.0", s.min), ("25.0", s.p25), ("50.0", s.median), ("75.0", s.p75), ("90.0", s.p90)]
            primaryMetric = Primary(
                score: s.median, scoreError: (s.ciHigh - s.ciLow) / 2, scoreConfidence: [s.ciLow, s.ciHigh],
                scorePercentiles: OrderedJSONObject(
                    (percentiles + [("100.0", s.max)]).map { (key: $0.0, value: $0.1) }),
                scoreUnit: unit + "/op", rawData: [row.samples])
        }
    }
}
