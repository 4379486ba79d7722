// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchStatistics
/// One cell's headline figures, read from its ``CellRecord``: what the terminal table, the
/// verdicts and the report charts read, with what the other cells of its case decide about it
/// (``isBaseline``, ``animatesFully``).
package struct CellFigures: Sendable {
    /// The cell as measured.
    package var record: CellRecord

    /// The figures of `record`, judged alone (``gather(_:)`` judges a cell among its case's).
    ///
    /// - Complexity: O(1).
    package init(_ record: CellRecord) { self.record = record }

    /// The cell's key: algorithm, scenario, identity kind, size, sections and seed.
    package var algorithm: String { record.cell.algorithm }
    package var scenario: String { record.cell.scenario }
    package var ids: IdentityKind { record.cell.ids }
    /// Items and sections of the case.
    package var size: Int { record.cell.size }
    package var sections: Int { record.cell.sections }
    /// The case's seed.
    package var seed: UInt64 { record.cell.seed }
    /// How the cell ended (`ok`, `wrong`, `timeout`, `error`, `skipped`), and why when not `ok`.
    package var status: CellStatus { record.status }
    package var note: String { record.note }
    /// Wall time per diff; `nil` when no sample was taken.
    package var wall: Summary? { record.measurements[.wallNs]?.measured }
    /// CPU time per diff (the thread's); `nil` when no sample was taken.
    package var cpu: Summary? { record.measurements[.cpuNs]?.measured }
    /// The raw samples behind ``wall`` and ``cpu``, in the order they were taken.
    package var wallSamples: [Double] { record.samples(.wallNs) }
    package var cpuSamples: [Double] { record.samples(.cpuNs) }
    /// For a cell timed side by side, the algorithms timed in the same rounds (`heckel+lis`; its
    /// `i`-th sample and theirs come from one round); "" when timed alone.
    package var timedWith: String { record.timedWith }
    /// The 1-minute load average when the cell started, when known.
    package var loadAverage: Double? { record.loadAverage }
    /// The visits (rounds) whose samples the cell pools; 1 for a run of one round.
    package var rounds: Int { record.rounds }
    /// Whether the changeset passed the checker; `nil` when it was never checked.
    package var correct: Bool? { record.median(.correct).map { $0 == 1 } }
    /// Relocations, the case's minimum, and identity preserved (0 to 1), when measured.
    package var relocations: Double? { record.median(.relocations) }
    package var minimum: Double? { record.median(.minimumRelocations) }
    package var identity: Double? { record.median(.identityPreserved) }
    /// Batches (`performBatchUpdates` calls) per diff, when measured.
    package var stages: Double? { record.median(.stages) }
    /// How long the cell ran, for a cell stopped before its first sample.
    package var cellWallNs: Double? { record.median(.cellWallNs) }
    /// The median time an external differ reported itself (never DiffBench's own timing).
    package var selfReported: Double? { record.median(.selfReportedNs) }
    /// For a trace: the steps timed and each step's time per diff, CPU and wall (``TraceSteps``).
    package var steps: Int? { record.median(.steps).map { Int($0) } }
    package var stepCpu: [Double] { record.samples(.stepCpuNs) }
    package var stepWall: [Double] { record.samples(.stepWallNs) }
    /// The run's metadata.
    package var meta: RunMetadata { record.meta }

    /// The scenario with its identity kind: `mixed`, `mixed (string ids)`.
    package var scenarioLabel: String { record.cell.scenarioLabel }
    /// The case this cell measured (every algorithm of a case shares it).
    package var caseKey: CaseKey { record.cell.caseKey }
    /// Items diffed per pass: the size, times the steps of a trace (quality per 1,000 items
    /// divides by it).
    package var itemsDiffed: Double { Double(max(size, 1) * max(steps ?? 1, 1)) }

    /// Relocations beyond the case's minimum, when both are known.
    package var excess: Double? {
        guard let relocations, let minimum else { return nil }
        return max(0, relocations - minimum)
    }
    /// Whether the cell's differ is a baseline, not a diff: it answered `reloadData` in every
    /// cell it got right (``CellRecord/baselines(in:)``; DiffBench's is `reload`). Never ranked.
    package var isBaseline = false
    /// Correct and timed: may be ranked for speed.
    /// A timed-out cell's few samples are no ranking: it did not finish.
    package var rankable: Bool { correct == true && wall != nil && !isBaseline && status == .ok }

    /// The time per diff the conclusions read: CPU time (what the gate judges), or wall time.
    package func time(_ metric: TimeMetric) -> Summary? {
        switch metric {
        case .cpu: return cpu ?? wall
        case .wall: return wall
        }
    }

    /// The samples behind ``time(_:)``.
    ///
    /// - Complexity: O(1).
    package func samples(_ metric: TimeMetric) -> [Double] {
        switch metric {
        case .cpu: return cpu == nil ? wallSamples : cpuSamples
        case .wall: return wallSamples
        }
    }

    /// Whether the changeset animates (keeps some surviving cell): `reload` and differs that
    /// redraw everything (identity preserved 0) do not, unless no correct differ of the case keeps
    /// an identity (``keepsNothingPossible``): then none could, and reaching that is the best.
    package var animates: Bool { !isBaseline && ((identity ?? 1) > 0 || keepsNothingPossible) }

    /// Whether this cell keeps no identity where no correct differ of its case keeps one: UIKit lets
    /// none survive (a row moved out of a deleted section is deleted and inserted), so the cell
    /// does the best possible, not "animates nothing".
    package var keepsNothingPossible: Bool { !isBaseline && identity == 0 && caseBestIdentity == 0 }

    /// Whether the changeset animates fully: it keeps the identity of every item and section the
    /// case lets survive, as the best correct differ of the case does (identity preserved within
    /// ``Ranking/keyedTolerance`` of the case's highest; a cell whose identity was not measured
    /// counts when it animates). Only such cells are yardsticks, fastest or recommended; a differ
    /// that reloads what it could keep is timed and scored against them, in a class of its own.
    /// Set by ``gather(_:)`` from the other cells of the case.
    package var animatesFully = true

    /// The highest identity preserved of a correct differ on this cell's case, when measured.
    package var caseBestIdentity: Double?

    /// The figures of `records`, in their order, each judged among the cells of its case.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    package static func gather(_ records: [CellRecord]) -> [CellFigures] {
        let baselines = CellRecord.baselines(in: records)
        var cells = records.map { record in
            var cell = CellFigures(record)
            cell.isBaseline = baselines.contains(record.cell.algorithm)
            return cell
        }
        markKeyed(&cells)
        return cells
    }

    /// Sets ``animatesFully`` and ``caseBestIdentity`` of every cell from the cells of its case.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    static func markKeyed(_ cells: inout [CellFigures]) {
        var best: [CaseKey: Double] = [:]
        for cell in cells where cell.correct == true && !cell.isBaseline {
            if let identity = cell.identity { best[cell.caseKey] = max(best[cell.caseKey] ?? 0, identity) }
        }
        for k in cells.indices {
            let top = best[cells[k].caseKey]
            cells[k].caseBestIdentity = top
            let keeps = cells[k].identity.map { own in top.map { own >= $0 - Ranking.keyedTolerance } ?? true } ?? true
            cells[k].animatesFully = cells[k].animates && keeps
        }
    }
}
