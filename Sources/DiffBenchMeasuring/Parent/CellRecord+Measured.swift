// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchStatistics

extension CellRecord {
    /// The record of one measured cell: every metric of its group (an external differ's and a
    /// trace's carry theirs too). A figure the cell could not measure has no samples (the table
    /// prints `-`), never a made-up 0.
    ///
    /// - Complexity: O(*s* log *s*) for *s* samples.
    package init(
        spec: CellSpec, _ result: CellResult, meta: RunMetadata,
        loadAverage: Double? = nil, rounds: Int = 1, timedWith: String = ""
    ) {
        var key = CellKey()
        (key.algorithm, key.scenario, key.size) = (spec.algorithm, spec.scenario, spec.size)
        (key.sections, key.seed, key.ids) = (spec.sections, spec.seed, spec.ids)
        self.init(cell: key, meta: meta)
        (status, note, batch, warmup) = (result.status, result.note, result.batch, result.warmup)
        (self.loadAverage, self.rounds, self.timedWith) = (loadAverage, rounds, timedWith)
        caseHash = spec.contentHash ?? ""
        let groups: [MetricName.Group] =
            [.every] + (result.selfReportedNs == nil ? [] : [.external]) + (result.steps == nil ? [] : [.trace])
        for metric in groups.flatMap(MetricName.of) {
            measurements[metric] = Self.measurement(metric, result)
        }
    }

    /// One metric of `result`: its samples, and its own status and note where they differ
    /// from the cell's (a counter this machine lacks).
    private static func measurement(_ metric: MetricName, _ result: CellResult) -> Measurement {
        let checked = result.checked
        func counted(_ value: Int) -> [Double]? { checked ? [Double(value)] : nil }
        var status = result.status, note = result.note
        let values: [Double]?
        switch metric {
        case .wallNs: values = result.wallNs
        case .cpuNs: values = result.cpuNs
        case .firstDiffNs: values = result.firstDiffNs.map { [$0] }
        case .cellWallNs: values = result.elapsed > 0 ? [result.elapsed * 1e9] : nil
        case .instructions:
            values = result.instructions.map { [$0] }
            if values == nil && checked { status = .unavailable }
            note = [result.instructionsNote, status == .unavailable ? "" : result.note]
                .filter { !$0.isEmpty }.joined(separator: "; ")
        case .allocations, .allocatedBytes:
            values = (metric == .allocations ? result.allocations : result.allocatedBytes).map { [$0] }
            if values == nil && checked, let why = Memory.allocationCountingUnavailable {
                status = .unavailable
                note = why
            }
        case .peakRSSBytes: values = result.peakRSSBytes.map { [$0] }
        case .correct: values = checked ? [result.correct ? 1 : 0] : nil
        case .stages: values = counted(result.stages)
        case .itemDeletes: values = counted(result.itemDeletes)
        case .itemInserts: values = counted(result.itemInserts)
        case .itemMoves: values = counted(result.itemMoves)
        case .itemReloads: values = counted(result.itemReloads)
        case .sectionOps: values = counted(result.sectionOps)
        case .relocations: values = counted(result.relocations)
        case .minimumRelocations: values = result.minimumRelocations.map { [Double($0)] }
        case .excessMoves: values = result.excessMoves.map { [Double($0)] }
        case .identityPreserved: values = checked ? [result.identityPreserved] : nil
        case .selfReportedNs: values = result.selfReportedNs
        case .steps: values = result.steps.map { [Double($0)] }
        case .stepCpuNs: values = result.stepCpuNs
        case .stepWallNs: values = result.stepWallNs
        }
        return Measurement(values ?? [], status: status, note: note)
    }
}
