// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchFileFormats
import DiffBenchCompare
import DiffBenchErrors
import DiffBenchFormat

/// `bench compare --report DIR`: the comparison as Markdown plus a chart of the time ratio of
/// every timed cell, with an approximate 95% interval, regressions and improvements coloured.
package struct CompareReport: Sendable {
    /// File name and contents of every file, `README.md` first.
    package var files: [(name: String, contents: String)] = []

    /// Builds the report of `comparison` at `threshold` (0.1 for 10%).
    package init(_ comparison: Comparison, threshold: Double, baseName: String, newName: String) {
        var md = [
            "# DiffBench comparison",
            "",
            "Base: `\(baseName)`; new: `\(newName)`.",
            "",
            "**\(comparison.summaryLine)**",
            ""
        ]
        if abs(comparison.drift - 1) > 0.005 {
            md.append(
                "Run-wide drift of CPU time (new over base, median over timed cells): "
                    + "\(Format.fixed(comparison.drift, 3))x; verdicts are relative to it.")
            md.append("")
        }
        if let chart = CompareReport.ratioChart(comparison, threshold: threshold) {
            files.append(("ratios.svg", chart))
            md.append("![Time ratio per cell](ratios.svg)")
            md.append("")
        }
        md.append("## Every change")
        md.append("")
        md.append(
            Comparison.timingRule(threshold: threshold) + " The \"ratio\" column is the ratio judged, named in "
                + "\"ratio is\"; \"base\" and \"new\" are the figures it is made of.")
        md.append("")
        md.append(comparison.markdown())
        files.insert(("README.md", md.joined(separator: "\n") + "\n"), at: 0)
    }

    /// One row per gated timing cell: the ratio the gate judges as a dot (median of per-round
    /// ratios when paired, else the ratio of minimums over the drift), and for context the ratio
    /// of medians' interval from the two confidence intervals as a whisker.
    static func ratioChart(_ comparison: Comparison, threshold: Double) -> String? {
        let rows = comparison.entries.filter {
            $0.base != nil && $0.new != nil && $0.ratio != nil && $0.new!.kind == .timing
                && !Comparison.ungated.contains($0.new!.metric)
        }
        guard !rows.isEmpty else { return nil }
        let rowHeight = 18.0, top = 72.0
        let height = top + Double(rows.count) * rowHeight + 56
        var svg = SVGWriter(width: 760, height: height, title: "Time ratio new over base per cell")
        svg.text(16, 22, "CPU time per diff, new over base: dot, the ratio the gate judges", size: 14, bold: true)
        svg.text(
            16, 40,
            "(paired: median of per-round ratios; unpaired: ratio of minimums / drift); whisker: "
                + "new/base from the two medians' 95% CIs", size: 11, fill: "muted")
        let intervals = rows.map { e -> (Double, Double) in
            let b = e.base!.summary, n = e.new!.summary
            return (n.ciLow / max(b.ciHigh, 1e-9), n.ciHigh / max(b.ciLow, 1e-9))
        }
        let spread = intervals.flatMap { [$0.0, $0.1] }.filter { $0 > 0 && $0.isFinite } + rows.map { $0.ratio! }
        let reach = max(2, spread.map { max($0, 1 / $0) }.max() ?? 2)
        let axis = ChartFrame.Axis(low: 1 / reach, high: reach, log: true, label: { Format.fixed($0, 2) + "x" })
        let frame = ChartFrame(
            left: 300, top: top, width: 430, height: Double(rows.count) * rowHeight,
            x: axis, y: ChartFrame.Axis(low: 0, high: 1, log: false, label: { _ in "" }))
        // The round ticks first, so that thinning keeps 1x, 0.5x and 2x over the axis' ends.
        let ticks = [1, 0.5, 2, 0.8, 1.25, 1 / reach, reach].filter { $0 >= axis.low && $0 <= axis.high }
        let extents = ticks.map { (frame.px($0), ChartFrame.textWidth(axis.label($0), size: 10)) }
        let labelled = Set(ChartFrame.thinned(extents, priority: true))
        for (k, t) in ticks.enumerated() {
            svg.line(frame.px(t), top, frame.px(t), top + frame.height, stroke: "grid")
            if labelled.contains(k) {
                svg.text(frame.px(t), top - 6, axis.label(t), anchor: "middle", size: 10, fill: "muted")
            }
        }
        svg.line(frame.px(1), top, frame.px(1), top + frame.height, stroke: "ink", width: 1.5)
        svg.line(
            frame.px(1 + threshold),
            top,
            frame.px(1 + threshold),
            top + frame.height,
            stroke: "#D55E00",
            dashed: true
        )
        for (k, e) in rows.enumerated() {
            let y = top + (Double(k) + 0.5) * rowHeight
            let r = e.new!
            let colour =
                switch e.verdict {
                case .regression, .wrong: "#D55E00"
                case .improvement: "#009E73"
                default: "#7F7F7F"
                }
            let label =
                "\(r.algorithm) \(r.scenario)\(r.ids == .int ? "" : " (\(r.ids.rawValue))") "
                + "\(ChartFrame.size(Double(r.size)))"
            svg.text(
                frame.left - 8,
                y + 4,
                label,
                anchor: "end",
                size: 11,
                fill: e.verdict == .unchanged ? "muted" : "ink",
                bold: e.verdict == .regression || e.verdict == .improvement
            )
            if let own = e.calibratedThreshold, 1 + own <= axis.high {
                // This cell's own (calibrated) threshold: a short dashed tick on its row.
                svg.line(frame.px(1 + own), y - 7, frame.px(1 + own), y + 7, stroke: "#D55E00", dashed: true)
            }
            let (low, high) = intervals[k]
            svg.line(frame.px(max(low, axis.low)), y, frame.px(min(high, axis.high)), y, stroke: colour, width: 1.5)
            svg.circle(frame.px(e.ratio!), y, radius: 4, fill: colour)
        }
        let legendY = top + frame.height + 34
        svg.circle(frame.left, legendY - 4, radius: 4, fill: "#D55E00")
        svg.text(frame.left + 8, legendY, "regression", size: 11)
        svg.circle(frame.left + 90, legendY - 4, radius: 4, fill: "#009E73")
        svg.text(frame.left + 98, legendY, "improvement", size: 11)
        svg.circle(frame.left + 190, legendY - 4, radius: 4, fill: "#7F7F7F")
        svg.text(frame.left + 198, legendY, "unchanged; dashed: 1 + threshold", size: 11)
        if rows.contains(where: { $0.calibratedThreshold != nil }) {
            svg.text(frame.left + 198, legendY + 16, "short dashed tick: the cell's calibrated threshold", size: 11)
        }
        return svg.render()
    }

    /// Writes every file into `directory` (created if needed), each atomically.
    package func write(to directory: String, staging: ReportStaging? = nil) throws(DiffBenchError) {
        try RunReport.write(files, to: directory, staging: staging)
    }
}
