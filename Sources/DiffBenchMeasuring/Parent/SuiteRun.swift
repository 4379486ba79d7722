// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat
/// Measures a list of cells in rounds, optionally alternating with a partner binary.
///
/// Rounds visit every cell again, later in the run: this machine kind's speed drifts in phases
/// of a second or so, and samples spread over the run are less likely to all fall into a slow
/// phase. A partner (`bench run --paired-with`, the base of a gate) measures every cell right
/// before (even rounds) or after (odd rounds) this binary, so that both see the same phases.
/// Instructions are counted in the first round only.
package struct SuiteRun {
    /// The cells, in run order.
    package let specs: [CellSpec]
    /// How many times every cell is visited.
    package let rounds: Int

    /// Runners for one side: `first` measures the first round (instructions included),
    /// `later` the others.
    package struct Side {
        package let first: CellRunner
        package let later: CellRunner
        package init(first: CellRunner, later: CellRunner) { self.first = first; self.later = later }
    }

    /// What a run measured: per cell, the pooled results of this binary and of the partner, and
    /// the load average when the cell was first visited; `rounds` is how many rounds ran.
    package struct Outcome {
        package var results: [CellResult]
        package var partner: [CellResult]?
        package var loads: [Double?]
        package var rounds: Int
        /// Per cell, how many visits its samples come from: `rounds`, one more after a second
        /// look (``secondLook(_:runner:into:progress:)``).
        package var visits: [Int]
        /// Per cell timed side by side, the contenders of its case that shared its rounds
        /// (`heckel+lis+reload`); `nil` for a cell timed alone.
        package var timedWith: [String?] = []
    }

    package init(specs: [CellSpec], rounds: Int) {
        self.specs = specs
        self.rounds = rounds
    }

    /// Runs every cell `rounds` times and pools the samples per cell. A paired run stops after
    /// its first round when a changeset of this binary is wrong: a gate fails on that alone, and
    /// timing against the partner would mean nothing.
    ///
    /// - Complexity: `rounds` x (1 or 2) visits per cell; the first round of each side in a
    ///   process of its own per cell, later rounds in one long-lived process per side.
    ///
    /// Cells of an external differ (named in `externals`) run its command instead; they have no
    /// partner side (a paired run takes none).
    package func measure(
        _ side: Side, partner: Side?, progress: Progress,
        externals: [String: ExternalCell] = [:]
    ) -> Outcome {
        var results: [CellResult?] = specs.map { _ in nil }, partnered: [CellResult?] = specs.map { _ in nil }
        var loads: [Double?] = specs.map { _ in nil }
        var done = 0
        var forecast = BudgetForecast()
        for round in 0..<rounds {
            if partner != nil && round > 0 && results.contains(where: { $0?.status == .wrong }) {
                progress.note("a changeset is wrong: the paired timing rounds after the first are skipped")
                break
            }
            done += 1
            for (n, spec) in specs.enumerated() {
                let step = round * specs.count + n
                let label = spec.label + (rounds > 1 ? " round \(round + 1)/\(rounds)" : "")
                progress.advance(to: step, detail: label)
                if loads[n] == nil { loads[n] = RunMetadata.loadAverage() }
                // A cell that cannot fit its budget is skipped with the forecast, on both sides.
                if round == 0, externals[spec.algorithm] == nil, let reason = forecast.skipReason(spec) {
                    results[n] = CellResult(status: .skipped, note: reason)
                    if partner != nil { partnered[n] = CellResult(status: .skipped, note: reason) }
                    progress.finished(step, seconds: 0, detail: label, outcome: "skipped (forecast past the budget)")
                    continue
                }
                if round > 0, results[n]?.status == .skipped,
                    results[n]?.note.hasPrefix(BudgetForecast.notePrefix) == true
                {
                    progress.finished(step, seconds: 0, detail: label, outcome: CellStatus.skipped.rawValue)
                    continue
                }
                if let partner, round % 2 == 0 { Self.pool(partner, round, spec, into: &partnered[n]) }
                var visit = spec
                if visit.precision != nil { visit.fastestSoFarNs = Self.fastest(before: n, specs, results) }
                let result =
                    externals[spec.algorithm]?.run(spec, check: round == 0)
                    ?? (round == 0 ? side.first : side.later).run(visit) { _ in progress.tick(detail: label) }
                if let partner, round % 2 == 1 { Self.pool(partner, round, spec, into: &partnered[n]) }
                progress.finished(step, seconds: result.elapsed, detail: label, outcome: Self.outcome(result))
                if round == 0 { forecast.record(spec, result) }
                if results[n] == nil { results[n] = result } else { results[n]!.absorb(result) }
            }
        }
        progress.finish()
        return Outcome(
            results: results.map { $0! },
            partner: partner == nil ? nil : partnered.map { $0! },
            loads: loads,
            rounds: done,
            visits: specs.map { _ in done },
            timedWith: specs.map { _ in nil }
        )
    }

    /// The CPU time per diff of the fastest correct, animating (identity preserved), finished
    /// cell of the same case as `specs[n]` measured so far; the baseline (`reload`, whose
    /// `reloadData` keeps no identity) is never a rival.
    ///
    /// - Complexity: O(*n*) for *n* cells.
    static func fastest(before n: Int, _ specs: [CellSpec], _ results: [CellResult?]) -> Double? {
        let key = specs[n].caseKey
        return zip(specs, results).compactMap { spec, result -> Double? in
            guard let result, spec.caseKey == key, result.status == .ok,
                result.correct, result.identityPreserved > 0
            else { return nil }
            // A first visit that timed nothing (its case is timed side by side): its untimed diffs.
            return result.cpuNs.median ?? result.warmDiffNs ?? result.firstDiffNs
        }.min()
    }

    static func pool(_ side: Side, _ round: Int, _ spec: CellSpec, into result: inout CellResult?) {
        let measured = (round == 0 ? side.first : side.later).run(spec)
        if result == nil { result = measured } else { result!.absorb(measured) }
    }

    /// The end of a progress line: `ok 84.1 µs`, `timeout`, `wrong`.
    /// `ok 42.1 µs cpu`: the status and the median the table shows (the diffing thread's CPU time
    /// per diff, else wall time), labelled.
    static func outcome(_ result: CellResult) -> String {
        if !result.cpuNs.isEmpty {
            return result.status.rawValue + " " + Format.nanoseconds(Summary(result.cpuNs).median) + " cpu"
        }
        guard !result.wallNs.isEmpty else { return result.status.rawValue }
        return result.status.rawValue + " " + Format.nanoseconds(Summary(result.wallNs).median) + " wall"
    }
}
