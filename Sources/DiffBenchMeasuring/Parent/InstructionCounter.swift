// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchCorpus
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchPlatform
import DiffBenchFileFormats
import DiffBenchDiffers
import DiffBenchErrors

/// How `bench run` counts instructions per diff.
///
/// - `perf`: the hardware counter (user space only) inside the measuring child, over
///   ``CellMeasurement/countedDiffs`` diffs after the warm-up. Cheap, but refused on many
///   virtual machines.
/// - `callgrind`: a second child under `valgrind --tool=callgrind` that counts only inside
///   `dbp_counted_region`, over the same number of diffs. Slow (about a second per cell) but
///   exact: the same binary and case give the same count on every run, whatever the load.
/// - `off`: not counted (rows say `unavailable`).
///
/// Counts from different counters are never compared with each other (the row's note names
/// the counter).
package enum InstructionCounter: String, Sendable, CaseIterable {
    case perf, callgrind, off

    /// Whether this kernel lets a process count its own instructions.
    package static var perfAvailable: Bool { HardwareCounter.available }

    /// The valgrind executable on PATH, if any.
    package static var valgrind: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/valgrind" }.first { Files.isExecutable($0) }
    }

    /// The arguments that run `executable _instructions SPEC` under callgrind, writing `outFile`.
    static func callgrindArguments(executable: String, spec: String, outFile: String) -> [String] {
        [
            "--tool=callgrind", "--callgrind-out-file=\(outFile)", "--collect-atstart=no",
            "--toggle-collect=dbp_counted_region", executable, "_instructions", spec
        ]
    }

    /// The instruction total a callgrind output file reports (its `totals:` or `summary:` line).
    static func callgrindTotal(_ text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let first = line.split(separator: " ").dropFirst().first, let value = Double(first) { return value }
        }
        return nil
    }

    /// The body of `bench _instructions`: generates the case, warms up with two diffs, then
    /// runs ``CellMeasurement/countedDiffs`` diffs inside `dbp_counted_region`.
    package static func runCountedRegion(_ spec: CellSpec, registry: DifferRegistry) throws(DiffBenchError) {
        guard let differ = registry.named(spec.algorithm) else {
            throw .badInput("_instructions: unknown algorithm \(spec.algorithm)")
        }
        do {
            switch try CellCase.make(spec) {
            case .int(let old, let new): try countedRegion(differ, old, new)
            case .string(let old, let new): try countedRegion(differ, old, new)
            case .uuid(let old, let new): try countedRegion(differ, old, new)
            case .mixed(let old, let new): try countedRegion(differ, old, new)
            }
        } catch let error as CorpusError {
            throw .badInput("_instructions: \(error.description)")
        } catch {
            throw .badInput("_instructions: \(error)")
        }
    }

    /// As in ``CellMeasurement``: an algorithm is called from code specialized for the case's types.
    static func countedRegion<ID: Hashable & Sendable>(
        _ differ: Differ, _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>
    ) throws {
        if let a = differ.algorithm {
            countedRegion(PreparedDiff(run: { try a.diff(from: old, to: new) }, convert: { $0 }))
        } else {
            countedRegion(try differ.subject.prepare(old, new))
        }
    }

    static func countedRegion<Prepared: PreparedCase>(_ prepared: Prepared) {
        let call = prepared.diff
        for _ in 0..<2 { blackHole(try? call.run()) }
        DiffBenchPlatform.countedRegion { for _ in 0..<CellMeasurement.countedDiffs { blackHole(try? call.run()) } }
    }
}
