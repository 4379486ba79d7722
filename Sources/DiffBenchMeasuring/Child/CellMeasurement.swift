// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchConformance
import DiffBenchCorpus
import DiffBenchPlatform
import DiffBenchFileFormats
import DiffBenchDiffers
import DiffBenchStatistics
import DiffBenchFormat

/// Measures one cell in this process (DESIGN: how a cell is measured). The case is generated
/// and the changeset verified once, outside timing; then up to 100 ms of warm-up, then batches
/// of k diffs (k calibrated so a batch lasts >= 10 ms), stopping at the budget.
///
/// The budget counts from the start of the measuring process. Sampling stops when the next
/// batch would end past it, except that a cell whose single diff fits gets at least
/// ``minimumSamples`` samples as long as they end before the budget plus most of the grace
/// (the parent kills the process at the budget plus ``CellBudget/grace``).
package enum CellMeasurement {
    /// Samples a cell yields before `timeout` whenever one diff fits the budget.
    package static let minimumSamples = 3
    /// Diffs counted for the instructions figure (fixed, so that the count repeats).
    package static let countedDiffs = 4

    /// Measures `spec` with the differ of that name in `registry`. `checkpoint` receives the
    /// figures known so far (what the parent reports if it has to kill this process).
    package static func run(
        _ spec: CellSpec, registry: DifferRegistry, start: UInt64 = Clock.monotonicNanoseconds(),
        checkpoint: (CellResult) -> Void = { _ in }
    ) -> CellResult {
        guard let differ = registry.named(spec.algorithm) else {
            return CellResult(status: .error, note: "unknown algorithm \(spec.algorithm)")
        }
        return run(spec, differ: differ, start: start, checkpoint: checkpoint)
    }

    /// Measures `spec` with `differ` (tests pass differs of their own).
    package static func run(
        _ spec: CellSpec, differ: Differ, start: UInt64,
        checkpoint: (CellResult) -> Void = { _ in }
    ) -> CellResult {
        Memory.fixAllocatorThresholds()
        let clock = CellBudget(start: start, budget: spec.budget)
        if spec.isTrace {
            return TraceTiming.run(
                spec, differ: differ, clock: clock, check: true, warmUp: warmUpSpan,
                checkpoint: checkpoint)
        }
        do {
            switch try CellCase.make(spec) {
            case .int(let old, let new): return try measure(differ, old, new, spec, clock, checkpoint)
            case .string(let old, let new): return try measure(differ, old, new, spec, clock, checkpoint)
            case .uuid(let old, let new): return try measure(differ, old, new, spec, clock, checkpoint)
            case .mixed(let old, let new): return try measure(differ, old, new, spec, clock, checkpoint)
            }
        } catch let error as CorpusError {
            return CellResult(status: .error, note: error.description)
        } catch {
            return CellResult(status: .error, note: "\(error)")
        }
    }

    /// An algorithm is called straight from this function, which the optimizer specializes for
    /// each corpus identity type (the generic adapter path costs about 1,000 instructions per diff).
    static func measure<ID: Hashable & Sendable>(
        _ differ: Differ, _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>,
        _ spec: CellSpec, _ clock: CellBudget, _ checkpoint: (CellResult) -> Void
    ) throws -> CellResult {
        if let a = differ.algorithm {
            return measure(
                PreparedDiff(run: { try a.diff(from: old, to: new) }, convert: { $0 }),
                old,
                new,
                spec,
                clock,
                checkpoint
            )
        }
        let prepared: any PreparedCase<ID>
        do { prepared = try differ.subject.prepare(old, new) } catch { return preparationFailed(error) }
        return measure(prepared, old, new, spec, clock, checkpoint)
    }

    /// The cell of an adapter whose conversion into its input failed. As in `bench verify`: an
    /// AdapterError is the adapter's fault (`error`), anything else is input the differ does not
    /// take, for example identities of another type (`skipped`).
    static func preparationFailed(_ error: any Error) -> CellResult {
        guard error is AdapterError else { return CellResult(status: .skipped, note: "unsupported input: \(error)") }
        return CellResult(status: .error, note: "\(error)")
    }

    static func measure<Prepared: PreparedCase>(
        _ prepared: Prepared, _ old: ElementSnapshot<Prepared.ID>, _ new: ElementSnapshot<Prepared.ID>,
        _ spec: CellSpec, _ clock: CellBudget, _ checkpoint: (CellResult) -> Void
    ) -> CellResult {
        let call = prepared.diff
        var result = CellResult(status: .timeout, note: "stopped before the first diff ended")
        result.minimumRelocations = QualityFigures.minimumRelocations(old: old, new: new)
        checkpoint(result)

        // The first diff: untimed for the statistics; its allocations stand in for a cell too
        // slow for a separate allocation pass.
        var firstAllocations = (count: UInt64(0), bytes: UInt64(0))
        let firstStart = Clock.monotonicNanoseconds()
        Memory.startCountingAllocations()
        let outcome = Result { try call.run() }
        firstAllocations = Memory.stopCountingAllocations()
        let firstDiff = Double(Clock.monotonicNanoseconds() - firstStart)
        let output: Prepared.Output
        switch outcome {
        case .success(let value): output = value
        case .failure(let error):
            result.status = .skipped
            result.note = "unsupported input: \(error)"
            return result
        }
        result.firstDiffNs = firstDiff
        let changeset: Changeset<Element<Prepared.ID>, Element<Prepared.ID>>
        do { changeset = try call.convert(output) } catch {
            result.status = .error
            result.note = "\(error)"
            return result
        }
        let failure = judge(old: old, new: new, changeset: changeset, into: &result)
        result.status = result.correct ? .timeout : .wrong
        result.note = result.correct ? "stopped after the check, before timing" : failure
        checkpoint(result)
        result.status = result.correct ? .ok : .wrong
        result.note = failure

        // Allocations of one diff, counted apart so that timing never pays for counting: after
        // the first diff (runtime caches are filled then), the fewest of three passes, or one pass
        // for slow diffs; the first diff's count when a pass would leave no room in the budget
        // for the fewest samples a cell takes (a 0.5 s diff, `stdlib` on `shuffle` 100k, then
        // ends `ok` with 6 samples, not `timeout` with 4). The passes run before the warm-up and,
        // with the first diff, count toward its 100 ms: they run the same code on the same case.
        var perDiff = max(firstDiff, 1)
        var warmed = firstDiff
        // A first diff may carry a one-time cost of the process (a table a differ builds lazily,
        // a cold cache): it must not decide that a cell is too slow for side-by-side rounds, nor
        // size the passes below. When it alone would send the cell to be timed alone, a second
        // diff (warm-up time) tells the time of a diff, when the passes below would not fit on
        // the first diff's time (when they fit, they tell it). A differ that spent 1 s on its first
        // call had every cell timed alone, and was called 1.13x slower than heckel instead of tied.
        let passesOnFirst = firstDiff < 10_000_000 ? 3.0 : 1.0
        if let below = spec.sideBySideBelow, firstDiff >= below,
            !clock.fits(firstDiff * (passesOnFirst + Double(outOfRaceMinimum)), by: clock.soft)
        {
            let secondStart = Clock.monotonicNanoseconds()
            blackHole(try? call.run())
            let second = Double(Clock.monotonicNanoseconds() - secondStart)
            warmed += second
            perDiff = max(min(firstDiff, second), 1)
        }
        let passes = perDiff < 10_000_000 ? 3 : 1
        if clock.fits(perDiff * Double(passes + outOfRaceMinimum), by: clock.soft) {
            var fewest = (count: UInt64.max, bytes: UInt64.max)
            let passStart = Clock.monotonicNanoseconds()
            for _ in 0..<passes {
                Memory.startCountingAllocations()
                blackHole(try? call.run())
                let (count, bytes) = Memory.stopCountingAllocations()
                if count < fewest.count || (count == fewest.count && bytes < fewest.bytes) { fewest = (count, bytes) }
            }
            let passTime = Double(Clock.monotonicNanoseconds() - passStart)
            warmed += passTime
            perDiff = max(passTime / Double(passes), 1)
            result.warmDiffNs = perDiff
            result.allocations = Double(fewest.count)
            result.allocatedBytes = Double(fewest.bytes)
        } else {
            result.allocations = Double(firstAllocations.count)
            result.allocatedBytes = Double(firstAllocations.bytes)
        }
        // Where allocations cannot be counted, the figures are unavailable, never 0.
        if Memory.allocationCountingUnavailable != nil { (result.allocations, result.allocatedBytes) = (nil, nil) }
        // A first visit whose case is timed side by side later times nothing, unless its diff is
        // too slow for rounds (``CellSpec/sideBySideBelow``).
        if spec.sideBySideBelow.map({ perDiff >= $0 }) ?? true {
            let span = warmUpSpan(spec, perDiff: perDiff)
            result.warmup = warmUp(call, perDiff: &perDiff, span: span, warmed: warmed, clock)
            takeSamples(
                call, perDiff: perDiff, spec, clock, failure: failure, reloadData: changeset.isReloadData,
                into: &result)
        }

        if spec.perfCounters {
            (result.instructions, result.instructionsNote) = countWithPerf(clock, perDiff) {
                blackHole(try? call.run())
            }
        }
        result.peakRSSBytes = Double(Memory.peakResidentBytes())
        result.elapsed = clock.elapsed
        return result
    }

    /// Checks `changeset` (UIKit table rules) and records its quality figures in `result`;
    /// returns the first failure, or "" when it passes.
    ///
    /// - Complexity: the checker's O(*n* log *n*).
    static func judge<ID: Hashable & Sendable>(
        old: ElementSnapshot<ID>, new: ElementSnapshot<ID>, changeset: Changeset<Element<ID>, Element<ID>>,
        into result: inout CellResult
    ) -> String {
        let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: changeset)
        let quality = QualityFigures.measure(old: old, new: new, changeset: changeset, report: report)
        result.checked = true
        result.correct = report.passed
        result.stages = quality.stages
        result.itemDeletes = quality.itemDeletes
        result.itemInserts = quality.itemInserts
        result.itemMoves = quality.itemMoves
        result.itemReloads = quality.itemReloads
        result.sectionOps = quality.sectionOperations
        result.relocations = quality.relocations
        result.identityPreserved = quality.identityPreserved
        return report.passed ? "" : (report.firstFailure?.description ?? "does not end in the new snapshot")
    }

    /// The warm-up of a cell the process has not measured before: 100 ms.
    static let warmUpSpan: UInt64 = 100_000_000
    /// The warm-up of a cell far out of the race (``farOutOfRace``): 20 ms.
    static let outOfRaceWarmUpSpan: UInt64 = 20_000_000
    /// How many times the fastest algorithm measured before it on its case (``CellSpec/fastestSoFarNs``)
    /// a cell's diff takes, measured on its first diffs, before it warms up for
    /// ``outOfRaceWarmUpSpan`` only: 2, a third above ``outOfRace``, so that a cell whose first
    /// diffs ran slow in a fresh process is not taken for one out of the race.
    static let farOutOfRace = 2.0

    /// The warm-up span of `spec` whose first diffs took `perDiff` each: ``outOfRaceWarmUpSpan``
    /// for a cell far out of the race in a run that stops early (``CellSpec/precision``), else
    /// ``warmUpSpan``. Such a cell stops at ±3xPCT% after 6 samples and no verdict hangs on it
    /// (it is 1.5x or more from the fastest); rounds and paired runs, which set no precision,
    /// keep the full warm-up.
    ///
    /// - Complexity: O(1).
    static func warmUpSpan(_ spec: CellSpec, perDiff: Double) -> UInt64 {
        guard let precision = spec.precision, precision > 0, let fastest = spec.fastestSoFarNs,
            perDiff >= farOutOfRace * fastest
        else { return warmUpSpan }
        return outOfRaceWarmUpSpan
    }

    /// The least a timed batch lasts, and the warm-up of a cell this process warmed up before.
    static let batchSpan: Double = 10_000_000
    /// The least a batch lasts: ``baselineBatchSpan`` for a differ that answered `reloadData`,
    /// ``batchSpan`` otherwise.
    ///
    /// - Complexity: O(1).
    static func batchSpan(reloadData: Bool) -> Double { reloadData ? baselineBatchSpan : batchSpan }
    /// The least a batch of a baseline's diffs lasts (a differ that answered `reloadData`: no
    /// diff, never ranked, no line per case): 1 ms, about 100,000 of `reload`'s 10 ns calls. Its
    /// time is kept only as a figure of the CSV, and 10 ms batches spent 60 ms of each of its 64
    /// cells in the default suite.
    static let baselineBatchSpan: Double = 1_000_000
    /// The fewest samples after which sampling may stop early (``CellSpec/precision``): the 95%
    /// interval of the median of 8 samples is their whole range, so stopping at 8 asks that all 8
    /// lie within ± `precision` of their median; from 9 on, all but the smallest and the largest
    /// (``Summary/medianInterval(_:confidence:)``).
    package static let adaptiveMinimum = 8
    /// The fewest for a cell out of the race (``outOfRace``): 6, the fewest any cell takes.
    package static let outOfRaceMinimum = 6
    /// How many times slower than the fastest algorithm measured before it on its case a cell
    /// is out of the race (``CellSpec/fastestSoFarNs``).
    package static let outOfRace = 1.5

    /// The most warm-up diffs: a diff run this often has warmed every cache and predictor it uses
    /// (only a diff of under a microsecond, the `reload` baseline's, reaches it within 100 ms).
    static let warmUpDiffs = 100_000

    /// Runs untimed diffs until, with the `warmed` nanoseconds of untimed diffs already run on
    /// the case (the first diff, the allocation passes), `span` nanoseconds have gone to them,
    /// or ``warmUpDiffs`` diffs have run, whichever comes first (none when `warmed` reaches the
    /// span: a slow cell's first diffs warmed up then); refines `perDiff` and returns how many ran.
    ///
    /// The diffs run in chunks of about a millisecond (``warmUpChunkSpan``), the clock read once
    /// per chunk, and `perDiff` becomes the fastest chunk's time per diff, so that a batch sized
    /// from it lasts at least 10 ms. Read once per diff, the clock added about 40 ns to each
    /// (measured: `reload`'s 10 ns diff was calibrated at 48 ns, so its batches lasted 2 ms, not
    /// 10; a 0.63 µs diff's 9.3 ms); the last chunk alone made a batch 7.7 ms when it was slow.
    ///
    /// The span stays fixed: on this machine kind a fresh process's speed drifts by up to 7% over
    /// its first 100 ms or so, in either direction (measured: lis 4% faster, heckel 7% slower on
    /// 100k unchanged), in steps too small for "two batches agree" to notice.
    static func warmUp<ID, Output>(
        _ call: PreparedDiff<ID, Output>, perDiff: inout Double, span: UInt64,
        warmed: Double = 0, _ clock: CellBudget
    ) -> Int {
        var warmups = 0, spent = warmed, fastest = Double.infinity
        while spent < Double(span) && warmups < warmUpDiffs {
            let chunk = max(1, min(Int(warmUpChunkSpan / perDiff), warmUpDiffs - warmups))
            guard clock.fits(perDiff * Double(chunk), by: clock.soft) else { break }
            let start = Clock.monotonicNanoseconds()
            for _ in 0..<chunk { blackHole(try? call.run()) }
            let took = Double(Clock.monotonicNanoseconds() - start)
            fastest = min(fastest, max(took / Double(chunk), 1))
            perDiff = fastest
            spent += took
            warmups += chunk
        }
        return warmups
    }

    /// How long a chunk of warm-up diffs lasts between two readings of the clock: 1 ms.
    static let warmUpChunkSpan: Double = 1_000_000

    /// Times `spec.samples` batches of k diffs (k calibrated from `perDiff` so that a batch lasts
    /// at least 10 ms, or ``baselineBatchSpan`` when the differ answered `reloadData`), stopping at
    /// the budget (`timeout`, with how far it got), or early once the interval of the median is as
    /// tight as `spec.precision` asks.
    static func takeSamples<ID, Output>(
        _ call: PreparedDiff<ID, Output>, perDiff: Double, _ spec: CellSpec,
        _ clock: CellBudget, failure: String, reloadData: Bool,
        into result: inout CellResult
    ) {
        let span = batchSpan(reloadData: reloadData)
        let batch = max(1, Int((span / perDiff).rounded(.up)))
        result.batch = batch
        for sample in 0..<spec.samples {
            let cost = perDiff * Double(batch)
            let allowed =
                clock.fits(
                    cost,
                    by: clock.soft
                ) || (sample < minimumSamples && clock.fits(cost, by: clock.hard))
            guard allowed else {
                // Load stretches wall time, not the work: a cell with enough samples to tell its
                // median is finished, not timed out; its interval shows the noise.
                if let finished = finishedAtBudget(result, spec, taken: sample) {
                    if failure.isEmpty { result.note = finished }
                    break
                }
                if result.status == .ok { result.status = .timeout }
                let reached =
                    "budget \(Format.seconds(spec.budget)) reached after \(sample) of \(spec.samples) "
                    + "samples "
                    + "(\(Format.fixed(clock.elapsed, 1)) s)"
                result.note = failure.isEmpty ? reached : failure + "; " + reached
                break
            }
            let c0 = Clock.threadCPUNanoseconds(), w0 = Clock.monotonicNanoseconds()
            for _ in 0..<batch { blackHole(try? call.run()) }
            let w1 = Clock.monotonicNanoseconds(), c1 = Clock.threadCPUNanoseconds()
            result.wallNs.append(Double(w1 - w0) / Double(batch))
            result.cpuNs.append(Double(c1 - c0) / Double(batch))
            if isEnough(result, spec, reloadData: reloadData) { break }
        }
    }

    /// Why a cell that reached its budget after `taken` samples is finished all the same, or `nil`:
    /// it has at least ``minimumSamples`` samples, so its median and interval can be told, and
    /// their width says how far load disturbed it (the noisy-run warning reads it). The budget is
    /// wall time, which load stretches without the work changing: load is never a timeout.
    ///
    /// - Complexity: O(*n* log *n*) for *n* samples.
    static func finishedAtBudget(_ result: CellResult, _ spec: CellSpec, taken: Int) -> String? {
        guard result.status == .ok, taken >= minimumSamples, result.cpuNs.count >= minimumSamples else { return nil }
        let cpu = Summary(result.cpuNs)
        guard cpu.median > 0 else { return nil }
        let half = (cpu.ciHigh - cpu.ciLow) / 2
        return "stopped at the budget of \(Format.seconds(spec.budget)) after \(taken) of \(spec.samples) samples, "
            + "its median known to ±\(Format.fixed(100 * half / cpu.median, 1))%"
    }

    /// Whether `result` holds enough samples to stop early: never without a precision; for a
    /// differ that answered `reloadData` (the baseline, `reload`: no diff, never ranked, nothing to
    /// tell it apart from) the fewest any cell takes, ``outOfRaceMinimum`` (its 10 ns call's time
    /// moves between two levels 10% apart from batch to batch, so it never got to ±3%); for the
    /// others ``isPrecise(_:within:fastest:)``.
    ///
    /// - Complexity: O(*n* log *n*) for *n* samples.
    static func isEnough(_ result: CellResult, _ spec: CellSpec, reloadData: Bool) -> Bool {
        guard let precision = spec.precision else { return false }
        if reloadData { return result.cpuNs.count >= outOfRaceMinimum }
        return isPrecise(result, within: precision, fastest: spec.fastestSoFarNs)
    }

    /// Whether the 95% intervals of the wall and CPU medians of `result` both lie within
    /// ± `precision` of the median, after at least ``adaptiveMinimum`` samples; for a cell out of
    /// the race (its CPU median ``outOfRace`` times `fastest` or more), within three times that
    /// after ``outOfRaceMinimum``: it is told apart from the fastest either way; and at once for a
    /// cell whose whole CPU interval lies that far out (`stdlib` at 100k, 100x the fastest, is
    /// not brought to ±3% at half a second a diff: no verdict reads its precision).
    ///
    /// - Complexity: O(*n* log *n*) for *n* samples.
    static func isPrecise(_ result: CellResult, within precision: Double, fastest: Double? = nil) -> Bool {
        guard precision > 0, result.cpuNs.count >= outOfRaceMinimum else { return false }
        let cpu = Summary(result.cpuNs), wall = Summary(result.wallNs)
        if let fastest, fastest > 0, cpu.ciLow >= Self.outOfRace * fastest { return true }
        let outOfRace = fastest.map { cpu.median >= Self.outOfRace * $0 } == true
        guard outOfRace || result.cpuNs.count >= adaptiveMinimum else { return false }
        let target = outOfRace ? 3 * precision : precision
        return [cpu, wall].allSatisfy { summary in
            summary.median > 0 && (summary.ciHigh - summary.ciLow) / 2 <= target * summary.median
        }
    }

    /// User-space instructions over ``countedDiffs`` diffs, per diff; or why not.
    static func countWithPerf(_ clock: CellBudget, _ perDiff: Double, _ diff: () -> Void) -> (Double?, String) {
        guard let counter = HardwareCounter.open() else {
            return (nil, HardwareCounter.unavailableByDesign ?? "perf_event_open refused by the kernel")
        }
        guard clock.fits(perDiff * Double(countedDiffs), by: clock.hard) else {
            return (nil, "no time left in the budget")
        }
        let i0 = counter.read()
        for _ in 0..<countedDiffs { diff() }
        let i1 = counter.read()
        guard let i0, let i1, i1 >= i0 else { return (nil, "the perf counter could not be read") }
        return (Double(i1 - i0) / Double(countedDiffs), "perf, \(countedDiffs) diffs")
    }
}

/// Keeps the optimizer from discarding a result it cannot see used.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
