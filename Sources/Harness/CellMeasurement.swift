import DiffModel
import Algorithms
import Conformance
import Corpus
import CSystemProbes

/// Measures one cell in this process (DESIGN: how a cell is measured). The case is generated
/// and the changeset verified once, outside timing; then at least 100 ms of warm-up, then
/// batches of k diffs (k calibrated so a batch lasts >= 10 ms), stopping at the budget.
public enum CellMeasurement {
    public static func run(_ spec: CellSpec) -> CellResult {
        dbp_malloc_fix_thresholds()
        guard let algorithm = AlgorithmRegistry.named(spec.algorithm) else {
            return CellResult(status: "error", note: "unknown algorithm \(spec.algorithm)")
        }
        guard let scenario = Scenario(rawValue: spec.scenario), let ids = IdentityKind(rawValue: spec.ids) else {
            return CellResult(status: "error", note: "unknown scenario or identity kind")
        }
        let generated: GeneratedCase
        do { generated = try scenario.generate(size: spec.size, sections: spec.sections, seed: spec.seed) } catch {
            return CellResult(status: "error", note: error.description)
        }
        switch ids {
        case .int: return measure(algorithm, generated.old, generated.new, spec)
        case .string:
            let strings = generated.stringIdentities()
            return measure(algorithm, strings.old, strings.new, spec)
        }
    }

    static func measure<Model: DiffElement, Item: DiffElement>(
        _ algorithm: any DiffAlgorithm, _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>, _ spec: CellSpec
    ) -> CellResult {
        let start = dbp_monotonic_ns()
        let deadline = start + UInt64(spec.budget * 1e9)
        let changeset: Changeset<Model, Item>
        do { changeset = try algorithm.diff(from: old, to: new) } catch {
            return CellResult(status: "skipped", note: "unsupported input: \(error)")
        }
        let firstDiff = Double(dbp_monotonic_ns() - start)
        let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: changeset)
        let quality = QualityFigures.measure(old: old, new: new, changeset: changeset, report: report)
        var result = CellResult(status: report.passed ? "ok" : "wrong",
                                note: report.passed ? "" : (report.firstFailure?.description ?? "does not end in the new snapshot"))
        result.correct = report.passed
        result.stages = quality.stages
        result.itemDeletes = quality.itemDeletes
        result.itemInserts = quality.itemInserts
        result.itemMoves = quality.itemMoves
        result.itemReloads = quality.itemReloads
        result.sectionOps = quality.sectionOperations
        result.excessMoves = quality.excessMoves
        result.minimumMoves = quality.minimumMoves
        result.identityPreserved = quality.identityPreserved

        // Warm-up: at least one diff and 100 ms.
        var warmups = 0
        let warmStart = dbp_monotonic_ns()
        repeat {
            blackHole(try? algorithm.diff(from: old, to: new))
            warmups += 1
        } while dbp_monotonic_ns() - warmStart < 100_000_000 && dbp_monotonic_ns() < deadline
        let perDiff = max(Double(dbp_monotonic_ns() - warmStart) / Double(warmups), min(firstDiff, 1e9) / 4, 1)
        result.warmup = warmups

        // Allocations of one diff, counted apart so that timing never pays for counting; after
        // the warm-up (runtime caches are filled then) and the fewest of three passes.
        var fewest = (count: UInt64.max, bytes: UInt64.max)
        for _ in 0..<3 {
            var count: UInt64 = 0, bytes: UInt64 = 0
            dbp_allocations_start()
            blackHole(try? algorithm.diff(from: old, to: new))
            dbp_allocations_stop(&count, &bytes)
            if count < fewest.count || (count == fewest.count && bytes < fewest.bytes) { fewest = (count, bytes) }
        }
        result.allocations = Double(fewest.count)
        result.allocatedBytes = Double(fewest.bytes)
        let batch = max(1, Int((10_000_000 / perDiff).rounded(.up)))
        result.batch = batch

        let counter = dbp_instructions_open()
        defer { dbp_instructions_close(counter) }
        var instructions: [Double] = []
        for sample in 0..<spec.samples {
            let now = dbp_monotonic_ns()
            if now + UInt64(perDiff * Double(batch)) > deadline {
                result.status = result.status == "wrong" ? "wrong" : "timeout"
                result.note = (result.note.isEmpty ? "" : result.note + "; ")
                    + "budget \(spec.budget) s reached after \(sample) of \(spec.samples) samples (\(Format.fixed(Double(now - start) / 1e9, 1)) s)"
                break
            }
            let i0 = dbp_instructions_read(counter), c0 = dbp_thread_cpu_ns(), w0 = dbp_monotonic_ns()
            for _ in 0..<batch { blackHole(try? algorithm.diff(from: old, to: new)) }
            let w1 = dbp_monotonic_ns(), c1 = dbp_thread_cpu_ns(), i1 = dbp_instructions_read(counter)
            result.wallNs.append(Double(w1 - w0) / Double(batch))
            result.cpuNs.append(Double(c1 - c0) / Double(batch))
            if i0 >= 0 && i1 >= i0 { instructions.append(Double(i1 - i0) / Double(batch)) }
        }
        result.instructions = counter >= 0 && !instructions.isEmpty ? instructions : nil
        result.peakRSSBytes = Double(dbp_peak_rss_bytes())
        return result
    }
}

/// Keeps the optimizer from discarding a result it cannot see used.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
