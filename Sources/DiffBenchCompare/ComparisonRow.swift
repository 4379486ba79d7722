// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchFormat

/// One line of a comparison: a cell's metric, judged. The comparison CSV, its JSON
/// (`diffbench-compare/1`) and its Markdown all render this one type; the CSV and the JSON list
/// the same columns, in the same order, from ``fields``.
package struct ComparisonRow: Sendable, Encodable {
    /// The cell and metric compared.
    package var cell: CellKey, metric: MetricName
    /// Each side's median, when that side has samples.
    package var baseMedian: Double?, newMedian: Double?
    /// The ratio judged and the test's p-value, when computed.
    package var ratio: Double?, p: Double?
    package var verdict: Comparison.Verdict
    package var note: String
    /// The two figures the ratio is made of, and what the ratio is (`nil` without a ratio).
    package var baseFigure: Double?, newFigure: Double?, ratioKind: String?

    /// The row of `entry`.
    ///
    /// - Complexity: O(1).
    package init(_ entry: Comparison.Entry) {
        let row = entry.new ?? entry.base!
        (cell, metric, verdict, note) = (row.cell, row.metric, entry.verdict, entry.note)
        func median(_ side: ResultRow?) -> Double? { side.flatMap { $0.samples.isEmpty ? nil : $0.summary.median } }
        (baseMedian, newMedian, ratio, p) = (median(entry.base), median(entry.new), entry.ratio, entry.p)
        (baseFigure, newFigure) = (entry.baseFigure, entry.newFigure)
        ratioKind = entry.ratio == nil ? nil : entry.ratioKind
    }

    /// A column's value, and so how each format writes it.
    package enum Field {
        /// Text, and a whole number (digits in both formats).
        case text(String)
        case whole(UInt64)
        /// A measured figure: canonical digits in the CSV (``ResultsCSV/number(_:)``); empty in the
        /// CSV and `null` in JSON when absent.
        case figure(Double?)
        /// A computed statistic (ratio, p-value): all its digits in the CSV.
        case statistic(Double?)
        /// Text that may be absent: empty in the CSV, `null` in JSON.
        case optionalText(String?)
    }

    /// The columns, named as the CSV's header and the JSON's keys, in order.
    ///
    /// - Complexity: O(1).
    package var fields: [(name: String, value: Field)] {
        [
            ("algorithm", .text(cell.algorithm)), ("scenario", .text(cell.scenario)),
            ("size", .whole(UInt64(cell.size))), ("sections", .whole(UInt64(cell.sections))),
            ("seed", .whole(cell.seed)), ("ids", .text(cell.ids.rawValue)), ("metric", .text(metric.rawValue)),
            ("kind", .text(metric.kind.rawValue)), ("base_median", .figure(baseMedian)),
            ("new_median", .figure(newMedian)), ("ratio", .statistic(ratio)), ("p_value", .statistic(p)),
            ("verdict", .text(verdict.rawValue)), ("note", .text(note)), ("base_figure", .figure(baseFigure)),
            ("new_figure", .figure(newFigure)), ("ratio_kind", .optionalText(ratioKind))
        ]
    }

    /// The CSV's header line's names.
    package static var columns: [String] {
        ComparisonRow(cell: CellKey(), metric: .cpuNs, verdict: .unchanged).fields.map(\.name)
    }

    /// The row as CSV fields, unquoted.
    ///
    /// - Complexity: O(1).
    package var csvFields: [String] {
        fields.map { field in
            switch field.value {
            case .text(let text): text
            case .whole(let value): String(value)
            case .figure(let value): value.map(ResultsCSV.number) ?? ""
            case .statistic(let value): value.map { String($0) } ?? ""
            case .optionalText(let text): text ?? ""
            }
        }
    }

    /// The row as one JSON object: the CSV's columns as keys, numbers as numbers, `null` for
    /// what the CSV leaves empty.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: OrderedJSONObject<Int>.DataKey.self)
        for (name, value) in fields {
            let key = OrderedJSONObject<Int>.DataKey(name)
            switch value {
            case .text(let text): try container.encode(text, forKey: key)
            case .whole(let value): try container.encode(value, forKey: key)
            case .figure(let value), .statistic(let value): try container.encodeIfPresent(value, forKey: key)
            case .optionalText(let text): try container.encodeIfPresent(text, forKey: key)
            }
        }
    }

    /// The row in the Markdown table: verdict, algorithm, scenario, size, metric, the two figures
    /// (the ones judged, else the medians) in the metric's unit, ratio, what it is, p and note.
    ///
    /// - Complexity: O(1).
    package var markdownCells: [String] {
        func shown(_ figure: Double?) -> String { figure.map { Comparison.show($0, metric) } ?? "-" }
        return [
            verdict.rawValue, cell.algorithm, cell.scenarioLabel, String(cell.size), metric.rawValue,
            shown(baseFigure ?? baseMedian), shown(newFigure ?? newMedian), ratio.map { Format.fixed($0, 3) } ?? "-",
            ratioKind ?? "-", p.map { Format.fixed($0, 4) } ?? "-", note.replacingOccurrences(of: "|", with: "/")
        ]
    }

    private init(cell: CellKey, metric: MetricName, verdict: Comparison.Verdict) {
        (self.cell, self.metric, self.verdict, note) = (cell, metric, verdict, "")
    }
}
