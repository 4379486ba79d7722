// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchConformance
import DiffBenchCorpus
import DiffBenchPlatform
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchDiffers
import DiffBenchFormat

/// Measures a trace cell: the differ on every step of a recorded sequence of updates, in order,
/// reading one snapshot at a time (memory of two snapshots, however long the trace).
///
/// Each step is diffed once untimed (its changeset checked, its allocations counted), then in
/// `r` timed batches of `k` diffs (`k` so that a batch lasts at least ``minimumBatchNs``, `r`
/// the same for every step, set at the first step from the budget left per step, at most the
/// cell's samples). The cell's samples are passes: sample `j` is the mean time per diff over
/// batch `j` of every step, so its spread is noise, not the mix of steps, and its figures rank
/// like any cell's. Each step's own time (the median of its batches) goes to `stepCpuNs` and
/// `stepWallNs`, from which the table and report take the median step, the 99th percentile and
/// the worst step. Quality figures are summed over steps; a wrong step names its index.
enum TraceTiming {
    /// The shortest timed batch: a thread CPU clock read costs about 100 ns.
    static let minimumBatchNs = 20_000.0

    /// What the steps have added up to so far.
    struct Tally {
        var result = CellResult(status: .ok)
        /// Batches per step, fixed at the first step; diffs per batch of the first step.
        var repeats = 0, firstBatch = 0
        var passCpu: [Double] = [], passWall: [Double] = []
        var stepCpu: [Double] = [], stepWall: [Double] = []
        var firstDiffs = 0.0, allocations = 0.0, allocatedBytes = 0.0
        var instructions = 0.0, counted = 0
        var identity = 0.0, minimum = 0
        var failure = ""
        var lastCheckpoint: UInt64 = 0
    }

    /// Measures the trace of `spec` (the first round checks every step; later rounds, `check`
    /// false, only time them).
    ///
    /// - Complexity: reading and checking every snapshot once, plus the timed diffs, within the
    ///   budget.
    static func run(
        _ spec: CellSpec, differ: Differ, clock: CellBudget, check: Bool, warmUp: UInt64,
        checkpoint: (CellResult) -> Void = { _ in }
    ) -> CellResult {
        guard let path = spec.file else { return CellResult(status: .error, note: "a trace cell without a file") }
        let reader: TraceReader
        do { reader = try TraceReader(path: path) } catch {
            return CellResult(status: .error, note: error.description)
        }
        if let expected = spec.contentHash, reader.contentHash != expected {
            return CellResult(status: .error, note: "\(path) changed since the run began (its content hash differs)")
        }
        switch spec.ids {
        case .int:
            return steps(reader, CaseIdentities.ints, differ, spec, clock, check, warmUp, checkpoint)
        case .string:
            return steps(reader, CaseIdentities.strings, differ, spec, clock, check, warmUp, checkpoint)
        default:
            return steps(reader, { $0 }, differ, spec, clock, check, warmUp, checkpoint)
        }
    }

    /// Walks the trace with identities of type `ID`, one step per consecutive pair.
    static func steps<ID: Hashable & Sendable>(
        _ reader: TraceReader, _ convert: (CaseSnapshot) -> ElementSnapshot<ID>?, _ differ: Differ,
        _ spec: CellSpec, _ clock: CellBudget, _ check: Bool, _ warmUp: UInt64, _ checkpoint: (CellResult) -> Void
    ) -> CellResult {
        Memory.fixAllocatorThresholds()
        var tally = Tally()
        let total = spec.steps ?? 0
        let counter = spec.perfCounters && check ? HardwareCounter.open() : nil
        var previous: ElementSnapshot<ID>?
        var step = 0
        do {
            while true {
                let readStart = Clock.monotonicNanoseconds()
                guard let snapshot = try reader.next() else { break }
                guard let new = convert(snapshot) else {
                    return CellResult(
                        status: .error,
                        note: "\(reader.file): $.snapshots[\(reader.count - 1)]: its "
                            + "identities are not all of type \(spec.ids) (the file changed during the run)")
                }
                defer { previous = new }
                guard let old = previous else { continue }
                let go: Bool
                if let a = differ.algorithm {
                    let call = PreparedDiff(run: { try a.diff(from: old, to: new) }, convert: { $0 })
                    go = measureStep(
                        call, old, new, step, total, readStart, spec, clock, check, warmUp, counter,
                        &tally)
                } else {
                    do {
                        let prepared = try differ.subject.prepare(old, new)
                        go = measureStep(
                            prepared, old, new, step, total, readStart, spec, clock, check, warmUp,
                            counter, &tally)
                    } catch {
                        var failed = CellMeasurement.preparationFailed(error)
                        failed.note = "step \(step): " + failed.note
                        return failed
                    }
                }
                step += 1
                if check && Clock.monotonicNanoseconds() - tally.lastCheckpoint > 1_000_000_000 {
                    tally.lastCheckpoint = Clock.monotonicNanoseconds()
                    var partial = tally.result
                    partial.status = tally.failure.isEmpty ? .timeout : .wrong
                    partial.note = tally.failure.isEmpty ? "stopped at step \(step) of \(total)" : tally.failure
                    checkpoint(partial)
                }
                guard go else { break }
            }
        } catch {
            return CellResult(status: .error, note: error.description)
        }
        return finish(tally, steps: step, check: check, clock: clock)
    }

    /// Diffs one step: once untimed (checked, allocations counted), then `tally.repeats` timed
    /// batches. Returns false when the cell must stop (the budget, or input the differ refuses).
    static func measureStep<Prepared: PreparedCase>(
        _ prepared: Prepared, _ old: ElementSnapshot<Prepared.ID>, _ new: ElementSnapshot<Prepared.ID>,
        _ step: Int, _ total: Int, _ stepStart: UInt64, _ spec: CellSpec, _ clock: CellBudget, _ check: Bool,
        _ warmUpSpan: UInt64, _ counter: HardwareCounter?, _ tally: inout Tally
    ) -> Bool {
        let call = prepared.diff
        var allocations = (count: UInt64(0), bytes: UInt64(0))
        let firstStart = Clock.monotonicNanoseconds()
        Memory.startCountingAllocations()
        let outcome = Result { try call.run() }
        allocations = Memory.stopCountingAllocations()
        var perDiff = max(Double(Clock.monotonicNanoseconds() - firstStart), 1)
        let output: Prepared.Output
        switch outcome {
        case .success(let value): output = value
        case .failure(let error):
            tally.result.status = .skipped
            tally.result.note = "unsupported input at step \(step): \(error)"
            return false
        }
        tally.firstDiffs += perDiff
        tally.allocations += Double(allocations.count)
        tally.allocatedBytes += Double(allocations.bytes)
        if check {
            do {
                var figures = CellResult(status: .ok)
                let failure = CellMeasurement.judge(
                    old: old, new: new, changeset: try call.convert(output),
                    into: &figures)
                add(figures, to: &tally.result)
                tally.identity += figures.identityPreserved
                tally.minimum += QualityFigures.minimumRelocations(old: old, new: new)
                if !figures.correct && tally.failure.isEmpty { tally.failure = "step \(step): \(failure)" }
            } catch {
                tally.result.status = .error
                tally.result.note = "step \(step): \(error)"
                return false
            }
        }
        if let counter {
            let i0 = counter.read()
            blackHole(try? call.run())
            let i1 = counter.read()
            if let i0, let i1, i1 >= i0 {
                tally.instructions += Double(i1 - i0)
                tally.counted += 1
            }
        }
        if step == 0 { tally.result.warmup = CellMeasurement.warmUp(call, perDiff: &perDiff, span: warmUpSpan, clock) }
        let batch = max(1, Int((minimumBatchNs / perDiff).rounded(.up)))
        if step == 0 {
            tally.firstBatch = batch
            // The budget left per step, less what this step cost besides its timed batches.
            let overhead = Double(Clock.monotonicNanoseconds() - stepStart) - Double(tally.result.warmup) * perDiff
            let perStep = Double(clock.soft &- Clock.monotonicNanoseconds()) / Double(max(1, total)) - max(0, overhead)
            let fitting = Int(perStep / (perDiff * Double(batch) * 1.2))
            tally.repeats = min(max(spec.samples, 1), max(1, fitting))
            tally.passCpu = Array(repeating: 0, count: tally.repeats)
            tally.passWall = Array(repeating: 0, count: tally.repeats)
        }
        guard clock.fits(perDiff * Double(batch * tally.repeats), by: clock.soft) else {
            tally.result.status = .timeout
            tally.result.note =
                "budget \(Format.seconds(spec.budget)) reached at step \(step) of \(total) "
                + "(\(Format.fixed(clock.elapsed, 1)) s)"
            return false
        }
        var cpu: [Double] = [], wall: [Double] = []
        for j in 0..<tally.repeats {
            let c0 = Clock.threadCPUNanoseconds(), w0 = Clock.monotonicNanoseconds()
            for _ in 0..<batch { blackHole(try? call.run()) }
            let w1 = Clock.monotonicNanoseconds(), c1 = Clock.threadCPUNanoseconds()
            cpu.append(Double(c1 - c0) / Double(batch))
            wall.append(Double(w1 - w0) / Double(batch))
            tally.passCpu[j] += cpu[j]
            tally.passWall[j] += wall[j]
        }
        tally.stepCpu.append(Summary(cpu).median)
        tally.stepWall.append(Summary(wall).median)
        return true
    }

    /// Adds one step's quality figures to the cell's.
    static func add(_ step: CellResult, to result: inout CellResult) {
        result.checked = true
        result.stages += step.stages
        result.itemDeletes += step.itemDeletes
        result.itemInserts += step.itemInserts
        result.itemMoves += step.itemMoves
        result.itemReloads += step.itemReloads
        result.sectionOps += step.sectionOps
        result.relocations += step.relocations
    }

    /// The cell's result from the tally of `steps` steps.
    static func finish(_ tally: Tally, steps: Int, check: Bool, clock: CellBudget) -> CellResult {
        var result = tally.result
        let timed = tally.stepCpu.count
        result.steps = timed
        result.stepCpuNs = tally.stepCpu
        result.stepWallNs = tally.stepWall
        if timed > 0 {
            result.cpuNs = tally.passCpu.map { $0 / Double(timed) }
            result.wallNs = tally.passWall.map { $0 / Double(timed) }
        }
        result.batch = tally.firstBatch
        if steps > 0 {
            result.firstDiffNs = tally.firstDiffs / Double(steps)
            result.allocations = tally.allocations / Double(steps)
            result.allocatedBytes = tally.allocatedBytes / Double(steps)
        }
        if check && result.checked && steps > 0 {
            result.minimumRelocations = tally.minimum
            result.identityPreserved = tally.identity / Double(steps)
            result.correct = tally.failure.isEmpty
            if !tally.failure.isEmpty {
                result.status = .wrong
                result.note = tally.failure + (result.note.isEmpty ? "" : "; " + result.note)
            }
        }
        if tally.counted > 0 {
            result.instructions = tally.instructions / Double(tally.counted)
            result.instructionsNote = "perf, 1 diff per step over \(tally.counted) steps"
        }
        result.peakRSSBytes = Double(Memory.peakResidentBytes())
        result.elapsed = clock.elapsed
        return result
    }
}
