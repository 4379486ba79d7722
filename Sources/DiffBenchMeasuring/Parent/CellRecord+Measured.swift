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

    /// One metric of `result`: its values, and its own status and note where they differ from
    /// the cell's (a counter this machine lacks). A figure of the check counts only once the
    /// changeset was checked.
    ///
    /// - Complexity: O(*s*) for *s* values.
    private static func measurement(_ metric: MetricName, _ result: CellResult) -> Measurement {
        var status = result.status, note = result.note
        let values = metric.isFromTheCheck && !result.checked ? nil : result.values(metric)
        switch metric {
        case .instructions:
            if values == nil && result.checked { status = .unavailable }
            note = [result.instructionsNote, status == .unavailable ? "" : result.note]
                .filter { !$0.isEmpty }.joined(separator: "; ")
        case .allocations, .allocatedBytes:
            if values == nil && result.checked, let why = Memory.allocationCountingUnavailable {
                status = .unavailable
                note = why
            }
        default: break
        }
        return Measurement(values ?? [], status: status, note: note)
    }
}
