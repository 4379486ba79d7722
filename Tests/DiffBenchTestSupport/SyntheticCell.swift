// SPDX-License-Identifier: Apache-2.0
import DiffBenchCorpus
import DiffBenchFileFormats
import DiffBenchMeasuring
import DiffBenchVerdicts

/// One cell's rows with the given CPU (and wall) samples: hand-made results for verdict tests.
///
/// - Complexity: O(*samples*).
package func cell(
    _ algorithm: String, _ samples: [Double], size: Int = 1_000, scenario: Scenario = .mixed,
    excess: Int = 0, identity: Double = 1, status: CellStatus = .ok, minimum: Int = 10,
    waiting: Double = 1, reloadData: Bool? = nil, timedWith: String = ""
) -> [ResultRow] {
    let spec = CellSpec(
        algorithm: algorithm, cell: SuiteCell(scenario: scenario, size: size), samples: samples.count,
        budget: 5)
    var result = CellResult(status: status)
    result.wallNs = samples.map { $0 * waiting }
    result.cpuNs = samples
    result.checked = status != .skipped
    result.correct = status == .ok || status == .timeout
    result.minimumRelocations = minimum
    result.relocations = minimum + excess
    result.identityPreserved = identity
    // `reload` answers reloadData (no stage, identity 0), as DiffBench's does; the others stage.
    result.stages = reloadData ?? (algorithm == "reload") ? 0 : 1
    return CellRecord(spec: spec, result, meta: RunMetadata(), timedWith: timedWith).rows
}

/// Twelve samples around `center`, spread by `spread` (a share of it).
///
/// - Complexity: O(1).
public func around(_ center: Double, spread: Double) -> [Double] {
    (0..<12).map { center * (1 + spread * (Double($0) / 11 - 0.5)) }
}

/// The cells of `rows` (a results file's lines) as the tables, verdicts and reports read them.
///
/// - Complexity: O(*r*) for *r* rows.
package func figures(_ rows: [ResultRow]) -> [CellFigures] {
    CellFigures.gather(CellRecord.records(rows))
}
