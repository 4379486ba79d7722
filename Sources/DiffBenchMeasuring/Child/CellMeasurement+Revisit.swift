// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchPlatform
import DiffBenchDiffers

extension CellMeasurement {
    /// Times `spec` again in a long-lived measuring process (`bench _cells`: the later rounds of
    /// a run). The case is generated again and the changeset not checked (the first round did
    /// both, and the algorithms are deterministic); only timing is reported.
    ///
    /// `warm` says whether this process has warmed the cell up before: then one batch's worth of
    /// untimed diffs (10 ms) stands in for the 100 ms warm-up, since caches and branch history
    /// held other cells in between; a cell new to the process gets the full warm-up.
    ///
    /// - Complexity: the case's generation, then the cell's diffs for at most its budget.
    package static func revisit(
        _ spec: CellSpec, registry: DifferRegistry, warm: Bool,
        start: UInt64 = Clock.monotonicNanoseconds()
    ) -> CellResult {
        guard let differ = registry.named(spec.algorithm) else {
            return CellResult(status: .error, note: "unknown algorithm \(spec.algorithm)")
        }
        return revisit(spec, differ: differ, warm: warm, start: start)
    }

    /// The warm-up of a revisit: one batch's span (10 ms) when this process warmed the cell up
    /// before (`warm`), the full ``warmUpSpan`` (100 ms) otherwise.
    ///
    /// - Complexity: O(1).
    static func revisitWarmUp(warm: Bool) -> UInt64 {
        warm ? UInt64(batchSpan(reloadData: false)) : warmUpSpan
    }

    /// Times `spec` again with `differ` (tests pass differs of their own).
    package static func revisit(_ spec: CellSpec, differ: Differ, warm: Bool, start: UInt64) -> CellResult {
        // As in the first round: large buffers come from the heap, not from fresh mmaps (whose
        // page faults would be timed on every diff).
        Memory.fixAllocatorThresholds()
        let clock = CellBudget(start: start, budget: spec.budget)
        let warmUp = revisitWarmUp(warm: warm)
        if spec.isTrace { return TraceTiming.run(spec, differ: differ, clock: clock, check: false, warmUp: warmUp) }
        do {
            switch try CellCase.make(spec) {
            case .int(let old, let new): return try retime(differ, old, new, spec, clock, warmUp)
            case .string(let old, let new): return try retime(differ, old, new, spec, clock, warmUp)
            case .uuid(let old, let new): return try retime(differ, old, new, spec, clock, warmUp)
            case .mixed(let old, let new): return try retime(differ, old, new, spec, clock, warmUp)
            }
        } catch let error as CorpusError {
            return CellResult(status: .error, note: error.description)
        } catch {
            return CellResult(status: .error, note: "\(error)")
        }
    }

    static func retime<ID: Hashable & Sendable>(
        _ differ: Differ, _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>,
        _ spec: CellSpec, _ clock: CellBudget, _ warmUp: UInt64
    ) throws -> CellResult {
        if let a = differ.algorithm {
            return retime(PreparedDiff(run: { try a.diff(from: old, to: new) }, convert: { $0 }), spec, clock, warmUp)
        }
        do { return retime(try differ.subject.prepare(old, new), spec, clock, warmUp) } catch {
            return preparationFailed(error)
        }
    }

    static func retime<Prepared: PreparedCase>(
        _ prepared: Prepared, _ spec: CellSpec, _ clock: CellBudget,
        _ warmUpSpan: UInt64
    ) -> CellResult {
        let call = prepared.diff
        let firstStart = Clock.monotonicNanoseconds()
        let output: Prepared.Output
        switch Result(catching: { try call.run() }) {
        case .success(let value): output = value
        case .failure(let error): return CellResult(status: .skipped, note: "unsupported input: \(error)")
        }
        let firstDiff = Double(Clock.monotonicNanoseconds() - firstStart)
        let reloadData = (try? call.convert(output))?.isReloadData ?? false
        var perDiff = max(firstDiff, 1)
        var result = CellResult(status: .ok)
        result.warmup = warmUp(call, perDiff: &perDiff, span: warmUpSpan, warmed: firstDiff, clock)
        takeSamples(call, perDiff: perDiff, spec, clock, failure: "", reloadData: reloadData, into: &result)
        result.elapsed = clock.elapsed
        return result
    }
}
