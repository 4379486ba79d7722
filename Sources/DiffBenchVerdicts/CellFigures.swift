// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchStatistics
/// One cell's headline figures gathered from its result rows: what the terminal table, the
/// verdicts and the report charts read.
package struct CellFigures: Sendable {
    /// The cell's key: algorithm, scenario, identity kind, size, sections and seed.
    package var algorithm = "", scenario = "", ids = "int"
    /// Items and sections of the case.
    package var size = 0, sections = 0
    /// The case's seed.
    package var seed: UInt64 = 0
    /// The wall-time row's status (`ok`, `wrong`, `timeout`, `error`, `skipped`).
    package var status = CellStatus.ok
    /// Why the status is not `ok` (the wall-time row's note).
    package var note = ""
    /// Wall time per diff; `nil` when no sample was taken.
    package var wall: Summary?
    /// CPU time per diff (the thread's); `nil` when no sample was taken.
    package var cpu: Summary?
    /// The raw samples behind ``wall`` and ``cpu``, in the order they were taken.
    package var wallSamples: [Double] = [], cpuSamples: [Double] = []
    /// For a cell timed side by side, the algorithms timed in the same rounds (`heckel+lis`; its
    /// `i`-th sample and theirs come from one round); "" when timed alone.
    package var timedWith = ""
    /// The 1-minute load average when the cell started, when known.
    package var loadAverage: Double?
    /// The visits (rounds) whose samples the cell pools; 1 for a run of one round.
    package var rounds = 1
    /// Whether the changeset passed the checker; `nil` when it was never checked.
    package var correct: Bool?
    /// Relocations, the case's minimum, and identity preserved (0 to 1), when measured.
    package var relocations: Double?, minimum: Double?, identity: Double?
    /// Batches (`performBatchUpdates` calls) per diff, when measured.
    package var stages: Double?
    /// How long the cell ran, for a cell stopped before its first sample.
    package var cellWallNs: Double?
    /// The median time an external differ reported itself (never DiffBench's own timing).
    package var selfReported: Double?
    /// For a trace: the steps timed and each step's time per diff, CPU and wall (``TraceSteps``).
    package var steps: Int?
    package var stepCpu: [Double] = [], stepWall: [Double] = []
    /// The run's metadata (from the cell's first row).
    package var meta: RunMetadata

    init(meta: RunMetadata) { self.meta = meta }

    /// The scenario with its identity kind: `mixed`, `mixed (string ids)`.
    package var scenarioLabel: String { scenario + (ids == "int" ? "" : " (\(ids) ids)") }
    /// The case this cell measured (every algorithm of a case shares it).
    package var caseKey: String { "\(scenario)|\(size)|\(sections)|\(seed)|\(ids)" }
    /// Items diffed per pass: the size, times the steps of a trace (quality per 1,000 items
    /// divides by it).
    package var itemsDiffed: Double { Double(max(size, 1) * max(steps ?? 1, 1)) }

    /// Relocations beyond the case's minimum, when both are known.
    package var excess: Double? {
        guard let relocations, let minimum else { return nil }
        return max(0, relocations - minimum)
    }
    /// Whether the cell's differ is a baseline, not a diff: it answered `reloadData` in every
    /// cell it got right (``ResultRow/baselines(in:)``; DiffBench's is `reload`). Never ranked.
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

    /// The cells of `rows`, in the order their first row appears.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    package static func gather(_ rows: [ResultRow]) -> [CellFigures] {
        var index: [String: Int] = [:]
        var cells: [CellFigures] = []
        let baselines = ResultRow.baselines(in: rows)
        for row in rows {
            let k: Int
            if let known = index[row.cell] {
                k = known
            } else {
                var cell = CellFigures(meta: row.meta)
                cell.algorithm = row.algorithm; cell.scenario = row.scenario; cell.ids = row.ids
                cell.size = row.size; cell.sections = row.sections; cell.seed = row.seed
                cell.status = row.status; cell.note = row.note; cell.rounds = row.rounds
                cell.isBaseline = baselines.contains(row.algorithm)
                k = cells.count
                index[row.cell] = k
                cells.append(cell)
            }
            let value = row.samples.isEmpty ? nil : row.summary.median
            switch row.metricName {
            case .wallNs?:
                cells[k].status = row.status
                cells[k].note = row.note
                cells[k].wall = row.samples.isEmpty ? nil : row.summary
                cells[k].wallSamples = row.samples
                cells[k].loadAverage = row.loadAverage
                cells[k].timedWith = row.timedWith
            case .cpuNs?:
                cells[k].cpu = row.samples.isEmpty ? nil : row.summary
                cells[k].cpuSamples = row.samples
            case .correct?: cells[k].correct = value.map { $0 == 1 }
            case .relocations?: cells[k].relocations = value
            case .minimumRelocations?: cells[k].minimum = value
            case .identityPreserved?: cells[k].identity = value
            case .stages?: cells[k].stages = value
            case .cellWallNs?: cells[k].cellWallNs = value
            case .selfReportedNs?: cells[k].selfReported = value
            case .steps?: cells[k].steps = value.map { Int($0) }
            case .stepCpuNs?: cells[k].stepCpu = row.samples
            case .stepWallNs?: cells[k].stepWall = row.samples
            default: break
            }
        }
        markKeyed(&cells)
        return cells
    }

    /// Sets ``animatesFully`` and ``caseBestIdentity`` of every cell from the cells of its case.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    static func markKeyed(_ cells: inout [CellFigures]) {
        var best: [String: Double] = [:]
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
