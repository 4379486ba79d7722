// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat
/// What a trace cell's steps add up to: the figures a reader of a recorded sequence of updates
/// asks for (the whole sequence, the typical step, and the step that hurts).
package struct TraceSteps: Sendable, Equatable {
    /// Steps in the trace (consecutive pairs of snapshots).
    package var steps: Int
    /// Time per pass over every step (the sum of the steps' times).
    package var total: Double
    /// The median step, and the 99th percentile of the steps.
    package var median: Double, p99: Double
    /// The slowest step and its index (0 is the step from snapshot 0 to snapshot 1).
    package var worst: Double, worstStep: Int

    /// The figures of `cell`'s per-step times (CPU or wall), or `nil` when it is no trace. A
    /// step timed in several rounds counts with the median of its rounds.
    ///
    /// - Complexity: O(*s* log *s*) for *s* step samples.
    package init?(_ cell: CellFigures, time: TimeMetric) {
        let samples = time == .cpu ? cell.stepCpu : cell.stepWall
        guard let steps = cell.steps, steps > 0, samples.count >= steps else { return nil }
        let rounds = samples.count / steps
        let perStep = (0..<steps).map { k in
            Summary((0..<rounds).map { samples[$0 * steps + k] }).median
        }
        self.steps = steps
        total = perStep.reduce(0, +)
        let sorted = perStep.sorted()
        median = Summary.percentile(sorted, 0.5)
        p99 = Summary.percentile(sorted, 0.99)
        worstStep = perStep.indices.max { perStep[$0] < perStep[$1] } ?? 0
        worst = perStep[worstStep]
    }

    /// `toy (29 steps): heckel 293 µs per pass; median step 9.80 µs, p99 40.1 µs, worst 45.2 µs
    /// (step 18)`, one line per algorithm of each trace in `cells`.
    ///
    /// - Complexity: O(*c* · *s* log *s*).
    package static func lines(_ cells: [CellFigures], time: TimeMetric) -> [String] {
        var out: [String] = []
        var seen: Set<CaseKey> = []
        for cell in cells where cell.steps != nil && !seen.contains(cell.caseKey) {
            seen.insert(cell.caseKey)
            let members = cells.filter { $0.caseKey == cell.caseKey }
            let steps = members.compactMap(\.steps).max() ?? 0
            out.append("\(cell.scenarioLabel), a trace of \(steps) steps (\(time.rawValue) time per diff):")
            let width = members.map(\.algorithm.count).max() ?? 0
            for member in members {
                let name = member.algorithm.padding(toLength: width, withPad: " ", startingAt: 0)
                guard let figures = TraceSteps(member, time: time) else {
                    out.append("  \(name)  \(member.status.rawValue)" + (member.note.isEmpty ? "" : ": \(member.note)"))
                    continue
                }
                let partial = member.status == .ok ? "" : " (\(member.status.rawValue): \(figures.steps) steps timed)"
                out.append(
                    "  \(name)  \(Format.nanoseconds(figures.total)) per pass\(partial); median step "
                        + "\(Format.nanoseconds(figures.median)), p99 \(Format.nanoseconds(figures.p99)), worst "
                        + "\(Format.nanoseconds(figures.worst)) (step \(figures.worstStep))")
            }
        }
        return out
    }
}
