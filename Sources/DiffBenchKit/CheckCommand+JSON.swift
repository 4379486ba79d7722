// SPDX-License-Identifier: Apache-2.0
import DiffBenchConformance
import DiffBenchFileFormats

extension CheckCommand {
    /// `{"format": "diffbench-check/1", "target": ..., "passed": ..., "reached_target": ...,
    /// "first_failure": ..., "findings": [...], "quality": {...}}`.
    ///
    /// - Complexity: O(*f*) for *f* findings.
    static func json(_ report: ConformanceReport, quality q: QualityFigures, target: Target) -> String {
        func finding(_ f: Finding) -> String {
            JSONOutput.object([
                ("stage", .number(Double(f.stage))), ("rule", .string(f.rule)),
                ("severity", .string(f.severity.rawValue)), ("message", .string(f.message))
            ])
        }
        var quality: [(String, JSONOutput.Value)] = [
            ("stages", q.stages), ("item_deletes", q.itemDeletes), ("item_inserts", q.itemInserts),
            ("item_moves", q.itemMoves), ("item_reloads", q.itemReloads), ("section_ops", q.sectionOperations),
            ("relocations", q.relocations), ("minimum_relocations", q.minimumRelocations),
            ("excess_moves", q.excessMoves)
        ].map { ($0.0, .number(Double($0.1))) }
        quality.append(("identity_preserved", .number(q.identityPreserved)))
        return JSONOutput.object([
            ("format", .string("diffbench-check/1")), ("target", .string(target.rawValue)),
            ("passed", .raw(String(report.passed))), ("reached_target", .raw(String(report.reachedTarget))),
            ("first_failure", .raw(report.firstFailure.map(finding) ?? "null")),
            ("findings", .raw("[" + report.findings.map(finding).joined(separator: ",\n") + "]")),
            ("quality", .raw(JSONOutput.object(quality)))
        ]) + "\n"
    }
}
