// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchMeasuring
import DiffBenchStatistics
import DiffBenchFormat

/// What a run measured: each cell's result and record (and the partner's records), and the exit
/// policy.
public struct RunOutcome {
    /// The plan that was run.
    public var plan: RunPlan
    /// Each cell's result, in the order of the plan's cells.
    package var results: [CellResult]
    /// Each cell's record, in the order of the plan's cells, and the partner's in a paired run.
    public var records: [CellRecord], partnerRecords: [CellRecord]?

    /// The lines of the results file, and of the partner's in a paired run.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    public var rows: [ResultRow] { records.flatMap(\.rows) }
    public var partnerRows: [ResultRow]? { partnerRecords?.flatMap(\.rows) }

    /// The cells whose changeset was wrong, that failed, and that ran out of their budget.
    public var wrong: [Int] { plan.specs.indices.filter { results[$0].status == .wrong } }
    public var errored: [Int] { plan.specs.indices.filter { results[$0].status == .error } }
    public var timedOut: [Int] { plan.specs.indices.filter { results[$0].status == .timeout } }

    /// Adds ``CellStatus/expectedTimeout`` to the note of `result`, a cell of `algorithm`, when it
    /// timed out and `plan`'s suite expects that differ to (`expect-timeouts:`).
    ///
    /// - Complexity: O(*a*) for *a* expected differs.
    static func noteExpectedTimeout(_ result: inout CellResult, plan: RunPlan, algorithm: String) {
        guard result.status == .timeout, plan.expectedTimeouts.contains(algorithm),
            !result.note.contains(CellStatus.expectedTimeout)
        else { return }
        result.note = result.note.isEmpty ? CellStatus.expectedTimeout : result.note + "; " + CellStatus.expectedTimeout
    }

    /// Whether a timeout of cell `k` is allowed (`--allow-timeouts`) or expected by the suite.
    public func expected(_ k: Int) -> Bool {
        plan.allowTimeouts || plan.expectedTimeouts.contains(plan.specs[k].algorithm)
    }

    /// The lines that name every cell that did not measure, and hints, for standard error.
    public var problems: [String] {
        func note(_ k: Int) -> String { results[k].note.isEmpty ? "no reason recorded" : results[k].note }
        var lines =
            wrong.map { "bench: WRONG \(plan.specs[$0].label): \(note($0))" }
            + errored.map { "bench: ERROR \(plan.specs[$0].label): \(note($0))" }
        for k in timedOut {
            let why =
                plan.allowTimeouts
                ? " (allowed by --allow-timeouts)"
                : expected(k) && !note(k).contains(CellStatus.expectedTimeout) ? " (\(CellStatus.expectedTimeout))" : ""
            lines.append("bench: TIMEOUT \(plan.specs[k].label): \(note(k))\(why)")
        }
        for external in plan.externals where external.driver.mode == .perCase {
            let seconds = plan.specs.indices.filter { plan.specs[$0].algorithm == external.name }
                .map { results[$0].elapsed }
            if let hint = RunOutcome.perCaseHint(external.name, seconds) { lines.append(hint) }
        }
        return lines
    }

    /// The exit status, and its reason when it is not a pass: 1 when no cell could be measured,
    /// 3 for a wrong changeset, an error or an unexpected timeout.
    public var exit: (code: ExitCode, reason: String?) {
        if results.allSatisfy({ $0.status == .error }) {
            return (.usage, "bench: no cell could be measured (every cell is `error`)")
        }
        if !wrong.isEmpty { return (.wrong, nil) }
        let unexpected = timedOut.filter { !expected($0) }
        if !errored.isEmpty || !unexpected.isEmpty {
            let hint = unexpected.isEmpty ? ")" : "; --allow-timeouts reports timeouts without failing)"
            return (
                .wrong,
                "bench: \(errored.count) error and \(unexpected.count) unexpected timeout cells: "
                    + "the run is not a complete measurement (exit 3" + hint
            )
        }
        return (.pass, nil)
    }

    /// A hint to `--external-mode lines` when an external differ run one process per case spent
    /// noticeable time in them (starting a process and an interpreter per case usually dominates).
    static func perCaseHint(_ name: String, _ seconds: [Double]) -> String? {
        guard seconds.count >= 5 else { return nil }
        let total = seconds.reduce(0, +), median = Summary(seconds).median
        guard median >= 0.05 || total >= 10 else { return nil }
        return "bench: \(name) ran one process per case (\(seconds.count) cells, \(Format.fixed(total, 1)) s in all, "
            + "median \(Format.seconds(median)) per cell); --external-mode lines keeps one process for every case "
            + "(one case per line of JSON in, one changeset per line out) and usually answers in a fraction of that"
    }
}
