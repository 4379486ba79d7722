// SPDX-License-Identifier: Apache-2.0
extension SuiteRun {
    /// Times the cells at `indices` once more, each in a fresh measuring process as in the first
    /// round and with as many samples as it took then, and keeps the samples of the quieter of
    /// the two processes (``CellResult/keepQuieter(_:)``): the second look at a close call
    /// (`bench run`, one round).
    ///
    /// Why: what moves a cell's median from one run to the next is mostly the measuring process
    /// (0.5-0.7% standard deviation from one process to another, now and then 20% or more when
    /// another process runs for part of the cell: docs/measurement.md). Of two processes, the
    /// one with the lower median is the one less disturbed. A second look that does not finish
    /// (`timeout`, `error`) leaves the first alone.
    ///
    /// - Complexity: one visit per index, each within the cell's budget.
    package func secondLook(_ indices: [Int], runner: CellRunner, into outcome: inout Outcome, progress: Progress) {
        for (step, n) in indices.enumerated() {
            var spec = specs[n]
            spec.precision = nil
            spec.samples = outcome.results[n].cpuNs.count
            let label = spec.label + " (second look)"
            progress.advance(to: step, detail: label)
            let result = runner.run(spec) { _ in progress.tick(detail: label) }
            progress.finished(step, seconds: result.elapsed, detail: label, outcome: Self.outcome(result))
            guard result.status == .ok, result.cpuNs.count == spec.samples else { continue }
            outcome.results[n].keepQuieter(result)
            outcome.visits[n] += 1
        }
        progress.finish()
    }
}
