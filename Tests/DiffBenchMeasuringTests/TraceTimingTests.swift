// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchAlgorithms
import DiffBenchConformance
import DiffBenchPlatform
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring
@testable import DiffBenchReports
@testable import DiffBenchVerdicts
import DiffBenchTestSupport
@testable import DiffBenchFileFormats
@testable import DiffBenchCompare
import DiffBenchErrors

/// Trace cells: every step diffed, checked and timed in order; figures summed over steps, the
/// worst step found, a wrong step named.
@Suite struct TraceTimingTests {
    func snapshot(_ sections: [[Int]], revs: [Int: Int] = [:]) -> CaseSnapshot {
        Snapshot(
            sections.enumerated().map { s, ids in
                Section(CaseElement(.int(s)), items: ids.map { CaseElement(.int($0), rev: revs[$0] ?? 0) })
            })
    }

    /// A trace of three steps: a move, a reversal (the most relocations), an update.
    func handMade() throws -> (TimedFile, [CaseSnapshot]) {
        let snapshots = [
            snapshot([[1, 2, 3, 4], [5, 6]]),
            snapshot([[2, 3, 4], [5, 1, 6]]),
            snapshot([[4, 3, 2], [6, 1, 5]]),
            snapshot([[4, 3, 2], [6, 1, 5]], revs: [3: 1])
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json").path
        try Data(TraceFile(name: "hand-made", snapshots: snapshots).encoded()).write(to: URL(fileURLWithPath: path))
        return (try TimedFile.inspect(path), snapshots)
    }

    @Test func inspectionReadsTheShape() throws {
        let (file, _) = try handMade()
        defer { try? FileManager.default.removeItem(atPath: file.path) }
        #expect(file.kind == .trace && file.name == "hand-made" && file.steps == 3)
        #expect(file.size == 6 && file.sections == 2 && file.ids == .int && file.contentHash.count == 16)
    }

    @Test func qualityFiguresAreSummedOverSteps() throws {
        let (file, snapshots) = try handMade()
        defer { try? FileManager.default.removeItem(atPath: file.path) }
        // A budget far above what a tiny trace needs in a debug build on a loaded machine.
        let spec = CellSpec(algorithm: "lis", file: file, samples: 6, budget: 120)
        let result = CellMeasurement.run(spec, registry: .builtIn, start: Clock.monotonicNanoseconds())
        #expect(result.status == .ok, "\(result.note)")
        #expect(result.steps == 3 && result.stepCpuNs?.count == 3 && result.stepWallNs?.count == 3)
        #expect(result.cpuNs.count >= 1 && result.cpuNs.count <= 6)
        var minimum = 0
        for k in 0..<3 { minimum += QualityFigures.minimumRelocations(old: snapshots[k], new: snapshots[k + 1]) }
        #expect(result.minimumRelocations == minimum)
        #expect(result.excessMoves == 0, "lis relocates the minimum on every step")
        #expect(result.itemReloads == 1, "the third step updates one item")
        let rows = CellRecord(spec: spec, result, meta: RunMetadata()).rows
        #expect(rows.first { $0.metric == .steps }?.samples == [3])
        #expect(rows.allSatisfy { $0.caseHash == file.contentHash })
    }

    @Test func aWrongStepIsNamed() throws {
        let (file, _) = try handMade()
        defer { try? FileManager.default.removeItem(atPath: file.path) }
        let registry = try DifferRegistry(adding: [Differ(SkipsStepTwo())])
        let spec = CellSpec(algorithm: "skips-step-two", file: file, samples: 6, budget: 120)
        let result = CellMeasurement.run(spec, registry: registry, start: Clock.monotonicNanoseconds())
        #expect(result.status == .wrong)
        #expect(result.note.hasPrefix("step 1: "), "\(result.note)")
    }

    @Test func theWorstStepAndItsIndex() {
        var record = CellRecord(cell: CellKey(), meta: RunMetadata())
        record.measurements[.steps] = .init([4])
        // Two rounds of four steps: each step counts with the median of its rounds.
        record.measurements[.stepCpuNs] = .init([10, 40, 20, 10, 12, 44, 900, 10])
        let figures = TraceSteps(CellFigures(record), time: .cpu)
        #expect(figures?.worstStep == 2)
        #expect(figures?.worst == 460)
        #expect(figures?.total == 523.0)
        #expect(figures?.median == 26.5)
        #expect(TraceSteps(CellFigures(CellRecord(cell: CellKey(), meta: RunMetadata())), time: .cpu) == nil)
    }

    @Test func compareRefusesTwoFilesUnderOneName() throws {
        var base = [sampleRow()], new = [sampleRow()]
        base[0].caseHash = "00000000000000aa"
        new[0].caseHash = "00000000000000bb"
        #expect(throws: DiffBenchError.self) { try Comparison.compare(base: base, new: new, threshold: 0.1) }
        new[0].caseHash = base[0].caseHash
        #expect(try Comparison.compare(base: base, new: new, threshold: 0.1).outcome == .pass)
    }
}

/// A differ that is wrong on one step: it answers the reversal (step 1, the second) with nothing.
struct SkipsStepTwo: DiffAlgorithm {
    let name = "skips-step-two"
    let summary = "lis, except that it answers a reversed first section with an empty changeset"
    func diff<Model: DiffElement, Item: DiffElement>(from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>)
        throws(DiffError) -> Changeset<Model, Item>
    {
        let first = old.sections.first?.items.map(\.diffID), now = new.sections.first?.items.map(\.diffID)
        if let first, let now, first.count == 3, Array(first.reversed()) == now { return .staged([]) }
        return try Lis().diff(from: old, to: new)
    }
}
