// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import DiffBenchReports
import DiffBenchFileFormats

/// The results on standard output, as `bench run` and `bench merge` print them: the CSV, the
/// JSON, or the table and its footer (Markdown, or aligned and coloured on a terminal).
enum ResultsOutput {
    /// Prints `rows` in `format`; `records` (the same rows by cell) are gathered only for a table,
    /// under `preface` when given.
    ///
    /// - Complexity: O(*r*) for *r* rows, and the table's gathering of the records' figures.
    static func print(
        _ rows: [ResultRow], records: () -> [CellRecord], format: OutputFormat, ranking: RankingOptions,
        preface: String? = nil
    ) {
        switch format {
        case .csv: Console.raw(ResultsCSV.encode(rows))
        case .json: Console.raw(JSONOutput.results(rows), terminator: "")
        default:
            if let preface { Console.out(preface) }
            let markdown = format == .markdown, cells = CellFigures.gather(records())
            // Raw: the table escapes its cells itself, and keeps its colours.
            Console.raw(
                ResultTable.render(
                    cells, markdown: markdown, colour: format == .table && Console.colour, options: ranking))
            Console.out("")
            Console.out(ResultTable.footer(cells, markdown: markdown, options: ranking))
        }
    }
}
