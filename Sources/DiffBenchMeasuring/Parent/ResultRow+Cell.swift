// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchStatistics

extension ResultRow {
    /// The rows of one measured cell. A figure the cell could not measure has no samples (the
    /// table prints `-`), never a made-up 0.
    package static func rows(
        for spec: CellSpec, _ result: CellResult, meta: RunMetadata,
        loadAverage: Double? = nil, rounds: Int = 1, timedWith: String = ""
    ) -> [ResultRow] {
        let extra = (result.selfReportedNs == nil ? [] : [selfReported]) + (result.steps == nil ? [] : traceMetrics)
        return (metrics + extra).map { metric in
            var row = ResultRow(meta: meta)
            row.algorithm = spec.algorithm; row.scenario = spec.scenario; row.size = spec.size
            row.sections = spec.sections; row.seed = spec.seed; row.ids = spec.ids
            row.metric = metric.name; row.unit = metric.unit; row.direction = metric.direction; row.kind = metric.kind
            row.batch = result.batch; row.warmup = result.warmup
            row.status = result.status; row.note = result.note
            row.loadAverage = loadAverage
            row.rounds = rounds
            row.timedWith = timedWith
            row.caseHash = spec.contentHash ?? ""
            let checked = result.checked
            var values: [Double]?
            switch metric.id {
            case .wallNs: values = result.wallNs
            case .cpuNs: values = result.cpuNs
            case .firstDiffNs: values = result.firstDiffNs.map { [$0] }
            case .cellWallNs: values = result.elapsed > 0 ? [result.elapsed * 1e9] : nil
            case .instructions:
                values = result.instructions.map { [$0] }
                if values == nil && checked { row.status = .unavailable }
                row.note = [result.instructionsNote, row.status == .unavailable ? "" : result.note]
                    .filter { !$0.isEmpty }.joined(separator: "; ")
            case .allocations, .allocatedBytes:
                values = (metric.id == .allocations ? result.allocations : result.allocatedBytes).map { [$0] }
                if values == nil && checked, let why = Memory.allocationCountingUnavailable {
                    row.status = .unavailable
                    row.note = why
                }
            case .peakRSSBytes: values = result.peakRSSBytes.map { [$0] }
            case .correct: values = checked ? [result.correct ? 1 : 0] : nil
            case .stages: values = checked ? [Double(result.stages)] : nil
            case .itemDeletes: values = checked ? [Double(result.itemDeletes)] : nil
            case .itemInserts: values = checked ? [Double(result.itemInserts)] : nil
            case .itemMoves: values = checked ? [Double(result.itemMoves)] : nil
            case .itemReloads: values = checked ? [Double(result.itemReloads)] : nil
            case .sectionOps: values = checked ? [Double(result.sectionOps)] : nil
            case .relocations: values = checked ? [Double(result.relocations)] : nil
            case .minimumRelocations: values = result.minimumRelocations.map { [Double($0)] }
            case .selfReportedNs: values = result.selfReportedNs
            case .excessMoves: values = result.excessMoves.map { [Double($0)] }
            case .steps: values = result.steps.map { [Double($0)] }
            case .stepCpuNs: values = result.stepCpuNs
            case .stepWallNs: values = result.stepWallNs
            default: values = checked ? [result.identityPreserved] : nil
            }
            if let values, !values.isEmpty {
                row.samples = values
                row.summary = Summary(values)
            }
            return row
        }
    }
}
