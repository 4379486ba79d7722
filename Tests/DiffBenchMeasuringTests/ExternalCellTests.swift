// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchTestSupport
import Foundation
import DiffBenchCorpus
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring
@testable import DiffBenchReports
@testable import DiffBenchFileFormats

/// `bench run --external`: an external command's cells, checked like any and never timed here.
@Suite struct ExternalCellTests {
    static let spec = CellSpec(algorithm: "ext", cell: SuiteCell(scenario: .mixed, size: 300), samples: 6, budget: 5)

    static func cell(_ command: String) throws -> ExternalCell {
        ExternalCell(name: "ext", driver: try ExternalDiffer(command: command, mode: .perCase, timeout: 10))
    }

    @Test func aReloadDataAnswerIsCheckedWithItsSelfReportedTimeApart() throws {
        let result = try Self.cell("cat >/dev/null; printf '%s' '\(externalReloadReply)'").run(
            Self.spec,
            check: true
        )
        #expect(result.status == .ok && result.checked && result.correct)
        #expect(result.wallNs.isEmpty && result.cpuNs.isEmpty, "DiffBench never times an external differ")
        #expect(result.selfReportedNs == [42])
        #expect(result.minimumRelocations != nil && result.identityPreserved == 0)
        let rows = CellRecord(spec: Self.spec, result, meta: RunMetadata()).rows
        #expect(rows.first { $0.metric == .selfReportedNs }?.samples == [42])
        #expect(rows.first { $0.metric == .wallNs }?.samples.isEmpty == true)
        // Answering reloadData everywhere makes it a baseline, named as such, with no line per case.
        #expect(ResultTable.footer(figures(rows), markdown: false).contains("ext is the baseline, not a diff"))
        // A differ that stages gets a line, with its own clock's time beside the verdict.
        var staged = result
        (staged.stages, staged.identityPreserved) = (1, 1)
        let line = ResultTable.render(
            figures(CellRecord(spec: Self.spec, staged, meta: RunMetadata()).rows), markdown: false)
        #expect(line.contains("self-reported 42 ns"), "\(line)")
        // In-process cells have no such row.
        #expect(
            !CellRecord(spec: Self.spec, CellResult(status: .ok), meta: RunMetadata()).rows
                .contains { $0.metric == .selfReportedNs })
    }

    @Test func aLaterRoundOnlyAddsTime() throws {
        let result = try Self.cell("cat >/dev/null; printf '%s' '\(externalReloadReply)'").run(
            Self.spec,
            check: false
        )
        #expect(result.status == .ok && !result.checked && result.selfReportedNs == [42])
    }

    @Test func anEmptyChangesetIsWrongAndGarbageIsAnError() throws {
        let empty = #"{"format":"diffbench-changeset/1","stages":[]}"#
        let wrong = try Self.cell("cat >/dev/null; printf '%s' '\(empty)'").run(Self.spec, check: true)
        #expect(wrong.status == .wrong && wrong.correct == false, "\(wrong.note)")
        let garbage = try Self.cell("cat >/dev/null; echo hello").run(Self.spec, check: true)
        #expect(garbage.status == .error && garbage.note.contains("not a changeset"))
    }
}
