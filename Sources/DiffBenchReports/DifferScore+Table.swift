// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchVerdicts
import DiffBenchFormat

/// The per-differ table of the summary, drawn from the scores.
extension DifferScore {
    /// The per-differ table: one line per algorithm, as plain text or Markdown.
    ///
    /// - Complexity: O(*a*) for *a* algorithms.
    package static func render(_ scores: [DifferScore], _ options: RankingOptions, markdown: Bool) -> String {
        let selfReported = scores.contains { $0.selfReportedScore != nil }
        return TextTable.render(
            header: headerCells(options, selfReported: selfReported),
            lines: lines(scores, options), rightAligned: [2, 3], markdown: markdown)
    }

    /// The per-differ table's header; a self-reported column when some differ reports its time.
    static func headerCells(_ options: RankingOptions, selfReported: Bool) -> [String] {
        let against = options.reference.map { "x \($0)" } ?? "x fastest"
        return [
            "algorithm", "score (\(options.time.rawValue) \(against), 95% CI)", "excess moves / 1k items",
            "identity", "cells finished"
        ]
            + (selfReported ? ["self-reported score (its own clock, \(against))"] : [])
    }

    /// The per-differ table's lines, one per algorithm.
    static func lines(_ scores: [DifferScore], _ options: RankingOptions) -> [[String]] {
        let selfReported = scores.contains { $0.selfReportedScore != nil }
        return scores.map { s in
            let score = s.isBaseline ? "no diff (reloadData)" : s.score?.text ?? "-"
            let name = s.name + (s.partial ? " (partial animation: not a yardstick)" : "")
            let figures = [
                name, score, s.excessPer1000.map { Format.fixed($0, 1) } ?? "-",
                s.identityPreserved.map(Format.percent) ?? "-", s.finished
            ]
            return figures + (selfReported ? [s.selfReportedScore?.text ?? "-"] : [])
        }
    }
}
