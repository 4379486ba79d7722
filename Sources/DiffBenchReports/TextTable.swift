// SPDX-License-Identifier: Apache-2.0
import DiffBenchPlatform

/// A table of text columns, padded for a terminal or written as a Markdown pipe table.
enum TextTable {
    /// The table of `lines` under `header`; columns in `rightAligned` are right-aligned. Every
    /// cell is made inert: for Markdown by ``MarkdownText/escape(_:)``, for a terminal by
    /// ``Terminal/printable(_:lines:)``.
    ///
    /// - Complexity: O(*r* *c*) for *r* lines of *c* columns.
    static func render(header: [String], lines: [[String]], rightAligned: Set<Int> = [], markdown: Bool) -> String {
        if markdown {
            // Every cell escaped: a name from a case file or a CSV stays one cell of text.
            let cells =
                [header.map(MarkdownText.escape), header.map { _ in "---" }]
                + lines.map { $0.map(MarkdownText.escape) }
            return cells.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
        }
        let all = ([header] + lines).map { $0.map { Terminal.printable($0) } }
        let widths = header.indices.map { c in all.map { $0[c].count }.max()! }
        return all.map { row in
            row.enumerated().map { c, text in
                let fill = String(repeating: " ", count: widths[c] - text.count)
                return rightAligned.contains(c) ? fill + text : text + fill
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}
