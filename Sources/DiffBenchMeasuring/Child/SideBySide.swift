// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchPlatform
import DiffBenchDiffers
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// Times the contenders of one case side by side in this process (`bench _case`): the case is
/// generated once, every contender warms up in turn, then rounds follow in which every contender
/// still sampling runs one batch, in an order that rotates (``SideBySideSchedule``). The `i`-th
/// sample of two contenders comes from the same round, so a slow phase of the machine, which
/// lasts far longer than a round, slows both, and their per-round ratio cancels it
/// (``PairedRatio``). Timing only: each cell's first visit, in a process of its own, checked the
/// changeset and took the figures that need isolation (first diff, allocations, instructions,
/// peak memory).
///
/// A contender stops sampling at its spec's samples; at its budget (what its cell has left); or,
/// with a precision, once its median is as precise as a cell timed alone asks
/// (``CellMeasurement/isPrecise(_:within:fastest:)``) and, for a rival, once its per-round ratio
/// against the leader (the rival with the lowest median) is decided: tied (wholly below the tie
/// floor) or slower (at or above it, its interval above 1). The leader samples on while a rival
/// is undecided, so that their rounds pair up.
package enum SideBySide {
    /// Warm-up per contender: at least 20 ms, and 100 ms among all of them (the process's own
    /// drift over its first 100 ms lands on every contender alike and cancels in their ratios).
    static let warmUpEach = 20_000_000.0
    static let warmUpTotal = 100_000_000.0

    /// Times the cells of `spec` with the differs of those names in `registry`.
    ///
    /// - Complexity: the case's generation, then every contender's diffs for at most its budget.
    package static func run(_ spec: SideBySideSpec, registry: DifferRegistry) -> [CellResult] {
        var differs: [Differ] = []
        for cell in spec.cells {
            guard let differ = registry.named(cell.algorithm) else {
                return spec.cells.map { _ in CellResult(status: .error, note: "unknown algorithm \(cell.algorithm)") }
            }
            differs.append(differ)
        }
        return run(spec, differs: differs)
    }

    /// Times the cells of `spec`, `differs[k]` running cell `k` (tests pass differs of their own).
    package static func run(_ spec: SideBySideSpec, differs: [Differ]) -> [CellResult] {
        Memory.fixAllocatorThresholds()
        guard let first = spec.cells.first, differs.count == spec.cells.count,
            spec.rivals.count == spec.cells.count
        else { return [] }
        do {
            switch try CellCase.make(first) {
            case .int(let old, let new): return time(spec, differs, old, new)
            case .string(let old, let new): return time(spec, differs, old, new)
            case .uuid(let old, let new): return time(spec, differs, old, new)
            case .mixed(let old, let new): return time(spec, differs, old, new)
            }
        } catch {
            return spec.cells.map { _ in CellResult(status: .error, note: error.description) }
        }
    }

    /// One contender: its diff behind a closure that runs `k` of them, specialized where it was
    /// made, and what sampling it has done.
    struct Contender {
        let batchOf: (Int) -> Void
        var perDiff: Double
        var reloadData = false
        var batch = 1
        /// Nanoseconds of this contender's diffs so far (its share of its cell's budget).
        var spent = 0.0
        var budget: Double, hard: Double
        var active = true
        var result = CellResult(status: .ok)

        init<Prepared: PreparedCase>(_ prepared: Prepared, budget seconds: Double) {
            let call = prepared.diff
            batchOf = { k in for _ in 0..<k { blackHole(try? call.run()) } }
            budget = seconds * 1e9
            hard = CellBudget.ceiling(budget: seconds) * 1e9
            let start = Clock.monotonicNanoseconds()
            let output = Result { try call.run() }
            let took = Double(Clock.monotonicNanoseconds() - start)
            perDiff = max(took, 1)
            // Not counted against the budget: the cell's first visit counted its first diff.
            switch output {
            case .success(let value): reloadData = (try? call.convert(value))?.isReloadData ?? false
            case .failure(let error):
                result = CellResult(status: .skipped, note: "unsupported input: \(error)")
                active = false
            }
        }

        /// Runs `count` diffs untimed for the samples; returns their time.
        mutating func run(_ count: Int) -> Double {
            let start = Clock.monotonicNanoseconds()
            batchOf(count)
            let took = Double(Clock.monotonicNanoseconds() - start)
            spent += took
            return took
        }

        /// Whether `cost` more nanoseconds fit the budget (or, before the fewest samples, the
        /// budget plus most of its grace).
        func fits(_ cost: Double) -> Bool {
            spent + cost <= budget || (result.cpuNs.count < CellMeasurement.minimumSamples && spent + cost <= hard)
        }
    }

    static func time<ID: Hashable & Sendable>(
        _ spec: SideBySideSpec, _ differs: [Differ],
        _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>
    )
        -> [CellResult]
    {
        var contenders: [Contender] = []
        for (k, differ) in differs.enumerated() {
            let budget = spec.cells[k].budget
            if let a = differ.algorithm {
                contenders.append(
                    Contender(
                        PreparedDiff(run: { try a.diff(from: old, to: new) }, convert: { $0 }),
                        budget: budget))
                continue
            }
            do { contenders.append(Contender(try differ.subject.prepare(old, new), budget: budget)) } catch {
                var failed = Contender(PreparedDiff<ID, Void>(run: {}, convert: { _ in .reloadData }), budget: 0)
                failed.result = CellMeasurement.preparationFailed(error)
                failed.active = false
                contenders.append(failed)
            }
        }
        warmUp(&contenders)
        sample(&contenders, spec)
        return contenders.map { contender in
            var result = contender.result
            result.batch = contender.batch
            result.elapsed = contender.spent / 1e9
            return result
        }
    }

    /// Warms every active contender up in turn, a chunk of about a millisecond each, until each
    /// has run ``warmUpEach`` and all ``warmUpTotal`` nanoseconds of diffs (its first diff, run
    /// before, aside) or ``CellMeasurement/warmUpDiffs``; sets each one's time per diff from its fastest
    /// chunk and its batch (10 ms, 1 ms for a differ that answered `reloadData`).
    static func warmUp(_ contenders: inout [Contender]) {
        let count = Double(max(contenders.count, 1))
        let each = max(warmUpEach, warmUpTotal / count)
        var fastest = contenders.map { _ in Double.infinity }
        var warming = contenders.indices.filter { contenders[$0].active }
        var round = 0
        // Invariant: every contender in `warming` ran a chunk in each round so far; one whose next
        // chunk no longer fits its budget leaves, so the loop ends.
        while !warming.isEmpty {
            var full: Set<Int> = []
            for k in SideBySideSchedule.order(round: round, of: warming) {
                let perDiff = contenders[k].perDiff
                let chunk = max(
                    1,
                    min(
                        Int(CellMeasurement.warmUpChunkSpan / perDiff),
                        CellMeasurement.warmUpDiffs - contenders[k].result.warmup))
                guard contenders[k].fits(perDiff * Double(chunk)) else {
                    full.insert(k)
                    continue
                }
                let took = contenders[k].run(chunk)
                contenders[k].result.warmup += chunk
                fastest[k] = min(fastest[k], max(took / Double(chunk), 1))
                contenders[k].perDiff = fastest[k]
            }
            warming = warming.filter { k in
                !full.contains(k) && contenders[k].spent < each
                    && contenders[k].result.warmup < CellMeasurement.warmUpDiffs
            }
            round += 1
        }
        for k in contenders.indices {
            let span = CellMeasurement.batchSpan(reloadData: contenders[k].reloadData)
            contenders[k].batch = max(1, Int((span / contenders[k].perDiff).rounded(.up)))
        }
    }

    /// The timed rounds (``SideBySide``).
    static func sample(_ contenders: inout [Contender], _ spec: SideBySideSpec) {
        var round = 0
        while true {
            let active = contenders.indices.filter { contenders[$0].active }
            guard !active.isEmpty else { break }
            for k in SideBySideSchedule.order(round: round, of: active) {
                let cost = contenders[k].perDiff * Double(contenders[k].batch)
                guard contenders[k].fits(cost) else {
                    let cell = spec.cells[k], taken = contenders[k].result.cpuNs.count
                    contenders[k].active = false
                    if let finished = CellMeasurement.finishedAtBudget(contenders[k].result, cell, taken: taken) {
                        contenders[k].result.note = finished
                        continue
                    }
                    contenders[k].result.status = .timeout
                    contenders[k].result.note =
                        "budget \(Format.seconds(cell.budget)) left after the check reached "
                        + "after \(taken) of \(cell.samples) samples side by side"
                    continue
                }
                let c0 = Clock.threadCPUNanoseconds(), w0 = Clock.monotonicNanoseconds()
                contenders[k].batchOf(contenders[k].batch)
                let w1 = Clock.monotonicNanoseconds(), c1 = Clock.threadCPUNanoseconds()
                contenders[k].spent += Double(w1 - w0)
                let batch = Double(contenders[k].batch)
                contenders[k].result.wallNs.append(Double(w1 - w0) / batch)
                contenders[k].result.cpuNs.append(Double(c1 - c0) / batch)
            }
            let stops = active.filter { k in
                contenders[k].active && isDone(k, contenders, spec)
            }
            for k in stops { contenders[k].active = false }
            round += 1
        }
    }

    /// Whether contender `k` has sampled enough (``SideBySide``): at its spec's samples; `reload`
    /// (no rival) after ``CellMeasurement/outOfRaceMinimum``; a rival once its per-round ratio to
    /// the leader is 1.5x or more (``CellMeasurement/outOfRace``) with its whole interval, after
    /// as many rounds, or, after ``CellMeasurement/adaptiveMinimum`` rounds, once that ratio is
    /// tied (its interval below the tie floor) or slower with its interval within ±`precision`
    /// of it (how much slower decides a close call); the leader once
    /// every rival still sampling is decided against it, after as many rounds. The ratio is what
    /// the verdicts read, so it is what has to be precise; a median's own interval, which carries
    /// the machine's drift that the ratio cancels, is reported as it came.
    ///
    /// - Complexity: O(*k* · *s* log *s*) for *k* contenders of *s* samples.
    static func isDone(_ k: Int, _ contenders: [Contender], _ spec: SideBySideSpec) -> Bool {
        let samples = contenders.map { $0.result.cpuNs }
        let rivals = contenders.indices.filter { spec.rivals[$0] && contenders[$0].result.status == .ok }
        let precise = spec.cells[k].precision.map { CellMeasurement.isPrecise(contenders[k].result, within: $0) }
        return SideBySideStop.isDone(
            k, samples: samples, rivals: rivals, isRival: spec.rivals[k],
            reloadData: contenders[k].reloadData, active: contenders.map(\.active),
            cell: spec.cells[k], tieFloor: spec.tieFloor, precise: precise == true)
    }
}

/// When a contender timed side by side stops sampling (``SideBySide/isDone(_:_:_:)``), on its
/// samples alone, so that tests can drive it with made-up rounds.
package enum SideBySideStop {
    /// Whether contender `k` of `samples` (CPU time per diff, one value per round) has sampled
    /// enough; `rivals` are the contenders racing (ok, not the baseline), `active` those still
    /// sampling; `precise` whether its median is known as a cell timed alone asks (what a contender
    /// without a rival to race waits for).
    ///
    /// - Complexity: O(*k* · *s* log *s*) for *k* contenders of *s* samples.
    package static func isDone(
        _ k: Int, samples: [[Double]], rivals: [Int], isRival: Bool, reloadData: Bool,
        active: [Bool], cell: CellSpec, tieFloor: Double, precise: Bool
    ) -> Bool {
        let count = samples[k].count
        if count >= cell.samples { return true }
        guard let precision = cell.precision, precision > 0 else { return false }
        if reloadData || !isRival { return count >= CellMeasurement.outOfRaceMinimum }
        let racing = rivals.filter { !samples[$0].isEmpty }
        let medians = Dictionary(uniqueKeysWithValues: racing.map { ($0, Summary(samples[$0]).median) })
        guard let leader = racing.min(by: { medians[$0]! < medians[$1]! }) else { return false }
        if racing.count == 1 { return precise }
        func ratio(_ a: Int) -> Summary? { PairedRatio.summary(samples[a], over: samples[leader]) }
        func decided(_ r: Summary) -> Bool { r.ciHigh < tieFloor || (r.median >= tieFloor && r.ciLow > 1) }
        if k != leader {
            guard let r = ratio(k) else { return false }
            if r.ciLow >= CellMeasurement.outOfRace { return true }
            guard count >= CellMeasurement.adaptiveMinimum else { return false }
            // Tied: what a verdict reads of it is known. Slower: by how much decides a close call.
            return r.ciHigh < tieFloor || (decided(r) && (r.ciHigh - r.ciLow) / 2 <= precision * r.median)
        }
        // The leader samples on while a rival that still samples is undecided against it.
        guard count >= CellMeasurement.adaptiveMinimum else { return false }
        return racing.allSatisfy { a in a == leader || !active[a] || ratio(a).map(decided) == true }
    }
}
