// SPDX-License-Identifier: Apache-2.0
import DiffBenchConformance
import DiffBenchFileFormats

/// The shape `diffbench-check/1` (`bench check --format json`): the verdict, every finding and
/// the changeset's quality figures.
struct CheckJSON: Encodable {
    let report: ConformanceReport, quality: QualityFigures, target: String

    enum CodingKeys: String, CodingKey {
        case format, target, passed, findings, quality
        case reachedTarget = "reached_target"
        case firstFailure = "first_failure"
    }

    /// One finding: the stage, the rule, its severity and UIKit's message.
    struct FindingJSON: Encodable {
        let stage: Int, rule: String, severity: String, message: String

        init(_ finding: Finding) {
            (stage, rule, severity, message) = (finding.stage, finding.rule, finding.severity.rawValue, finding.message)
        }
    }

    /// The quality figures, each under its results metric's name.
    struct QualityJSON: Encodable {
        let q: QualityFigures

        enum CodingKeys: String, CodingKey {
            case stages, relocations
            case itemDeletes = "item_deletes"
            case itemInserts = "item_inserts"
            case itemMoves = "item_moves"
            case itemReloads = "item_reloads"
            case sectionOps = "section_ops"
            case minimumRelocations = "minimum_relocations"
            case excessMoves = "excess_moves"
            case identityPreserved = "identity_preserved"
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            for (key, value) in [
                (CodingKeys.stages, q.stages), (.itemDeletes, q.itemDeletes), (.itemInserts, q.itemInserts),
                (.itemMoves, q.itemMoves), (.itemReloads, q.itemReloads), (.sectionOps, q.sectionOperations),
                (.relocations, q.relocations), (.minimumRelocations, q.minimumRelocations),
                (.excessMoves, q.excessMoves)
            ] {
                try c.encode(value, forKey: key)
            }
            try c.encode(q.identityPreserved, forKey: .identityPreserved)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("diffbench-check/1", forKey: .format)
        try c.encode(target, forKey: .target)
        try c.encode(report.passed, forKey: .passed)
        try c.encode(report.reachedTarget, forKey: .reachedTarget)
        try c.encodeIfPresent(report.firstFailure.map(FindingJSON.init), forKey: .firstFailure)
        try c.encode(report.findings.map(FindingJSON.init), forKey: .findings)
        try c.encode(QualityJSON(q: quality), forKey: .quality)
    }
}

extension CheckCommand {
    /// The check as `diffbench-check/1` (``CheckJSON``), with a final newline.
    ///
    /// - Complexity: O(*f*) for *f* findings.
    static func json(_ report: ConformanceReport, quality: QualityFigures, target: Target) -> String {
        JSONTextEncoder.encode(CheckJSON(report: report, quality: quality, target: target.rawValue)) + "\n"
    }
}
