// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchStatistics

/// A results row of a timed cell for tests: heckel mixed 1000, 10 sections, seed 1 by default.
///
/// - Complexity: O(*samples*).
package func sampleRow(
    algorithm: String = "heckel",
    metric: MetricName = .cpuNs,
    samples: [Double] = [100_000, 101_000, 99_000, 102_000, 98_000, 100_000],
    status: CellStatus = .ok,
    corpus: String = "diffbench-corpus-1",
    note: String = ""
) -> ResultRow {
    var meta = RunMetadata()
    meta.runID = "r1"
    meta.corpusID = corpus
    meta.cpuModel = "CPU, with \"quotes\""
    var row = ResultRow(meta: meta)
    row.algorithm = algorithm
    row.scenario = "mixed"
    row.size = 1000
    row.sections = 10
    row.seed = 1
    row.metric = metric
    row.batch = 10
    row.warmup = 3
    row.status = status
    row.note = note
    row.samples = samples
    row.summary = Summary(samples)
    return row
}
