// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchCompare
import DiffBenchErrors
import DiffBenchFormat

/// `bench history --out DIR`: README.md (the commits, the change points, a chart per scenario)
/// and per scenario `cpu-SCENARIO.svg` (CPU time per diff against commit, median and 95% CI,
/// moves ringed) and `exact-SCENARIO.svg` (instructions, or allocations without them, as steps),
/// each line relative to its own median (its level is in its label).
package struct HistoryReport: Sendable {
    /// File name and contents of every file, `README.md` first.
    package var files: [(name: String, contents: String)] = []

    /// Builds the report of `history`.
    ///
    /// - Complexity: O(*s* · *p*) for *s* series over *p* points.
    package init(_ history: History) {
        var md = [
            "# DiffBench history", "",
            "\(Format.count(history.points.count, "commit")), ordered by \(history.ordering), oldest first. "
                + HistoryReport.verdictLine(history),
            "", "## Change points", "", HistoryReport.changeTable(history), "", "## Commits", "",
            "| # | commit | first run (UTC) | runs | run-wide drift taken out |", "|---|---|---|---|---|"
        ]
        for (k, p) in history.points.enumerated() {
            let base = p.pairedBase ? " (paired base)" : ""
            let drift =
                k < history.drifts.count && history.drifts[k] != 1
                ? Format.fixed(history.drifts[k], 3) + "x" : "-"
            md.append("| \(k + 1) | `\(p.commit)`\(base) | \(p.timestamp) | \(p.runs) | \(drift) |")
        }
        md.append("")
        let scenarios = Set(history.series.map(\.row.scenario)).sorted()
        for scenario in scenarios {
            let mine = history.series.filter { $0.row.scenario == scenario }
            let name = FileName.stem(scenario)
            var charts: [String] = []
            if let svg = HistoryReport.chart(
                history, mine.filter { $0.row.metric == .cpuNs }, scenario: scenario,
                what: "CPU time per diff", step: false)
            {
                files.append(("cpu-\(name).svg", svg))
                charts.append("![\(scenario): CPU time per diff by commit](cpu-\(name).svg)")
            }
            let exactMetric: MetricName =
                mine.contains { $0.row.metric == .instructions }
                ? .instructions
                : .allocations
            let exact = mine.filter { $0.row.metric == exactMetric }
            if let svg = HistoryReport.chart(
                history, exact, scenario: scenario,
                what: "\(exactMetric.rawValue) per diff", step: true)
            {
                files.append(("exact-\(name).svg", svg))
                charts.append("![\(scenario): \(exactMetric.rawValue) by commit](exact-\(name).svg)")
            }
            guard !charts.isEmpty else { continue }
            md += ["## \(scenario)", ""] + charts + [""]
        }
        files.insert(("README.md", md.joined(separator: "\n")), at: 0)
    }

    /// "PASS: ..." or "REGRESSION OPEN: ...", one line, and the sentence of ``newestNote(_:)``
    /// when the newest run is not the last point.
    package static func verdictLine(_ history: History) -> String {
        let open = history.openRegressions
        guard let first = open.first else {
            return "No open regression (\(history.changes.count) change points in \(history.series.count) series)."
                + newestNote(history)
        }
        return "**\(open.count) open regression\(open.count == 1 ? "" : "s")** (the last point, "
            + "\(history.points.last?.commit ?? ""), sits in them), "
            + "first: \(describe(first, history))." + newestNote(history)
    }

    /// When an older commit was run again after a later one: the newest run was pooled into that
    /// commit's place, not put last, so the last point (and any move the table shows at a later
    /// commit) is older than it. Said whatever the verdict; before, only beside an open regression,
    /// and a history that passed put the move at the later commit without a word.
    ///
    /// - Complexity: O(*p*) for *p* points.
    static func newestNote(_ history: History) -> String {
        guard let newest = history.newestRun, newest != history.points.count - 1 else { return "" }
        let p = history.points[newest], last = history.points[history.points.count - 1]
        return " The newest run is of \(p.commit), at \(p.latest): it was pooled into \(p.commit)'s place, point "
            + "\(newest + 1) of \(history.points.count) (the points follow \(history.ordering)), so the last point, "
            + "\(last.commit), is not the newest run."
    }

    /// How a step still unconfirmed is labelled: the last point alone.
    static func unconfirmed(_ step: History.Step) -> String {
        step.noiseKnown ? "last point only" : "last point only, no noise estimate yet (does not fail)"
    }

    /// "heckel mixed 1000 cpu_ns +20.0% at abc123 (commit 6 of 10)".
    package static func describe(_ c: History.Change, _ history: History) -> String {
        let r = c.series.row
        let percent = (c.ratio - 1) * 100
        return "\(r.algorithm) \(r.cell.scenarioLabel) \(r.size) \(r.metric) \(percent >= 0 ? "+" : "")"
            + "\(Format.fixed(percent, 1))% at \(history.points[c.step.index].commit) "
            + "(point \(c.step.index + 1) of \(history.points.count)"
            + "\(c.step.confirmed ? "" : ", " + unconfirmed(c.step)))"
    }

    /// The change points as a Markdown table, regressions first.
    package static func changeTable(_ history: History) -> String {
        guard !history.changes.isEmpty else { return "None: every series stayed within its noise." }
        var lines = [
            "| verdict | algorithm | scenario | size | ids | metric | first commit after the move | before | "
                + "after | step | state |", "|---|---|---|---|---|---|---|---|---|---|---|"
        ]
        let sorted = history.changes.sorted { a, b in
            (a.verdict == .regression ? 0 : 1, a.series.key.description, a.step.index)
                < (b.verdict == .regression ? 0 : 1, b.series.key.description, b.step.index)
        }
        for c in sorted {
            let r = c.series.row
            let state = !c.step.confirmed ? unconfirmed(c.step) : c.open ? "open" : "moved again later"
            let cells = [
                c.verdict.rawValue, r.algorithm, r.scenario, String(r.size), r.ids.rawValue, r.metric.rawValue,
                "`\(history.points[c.step.index].commit)` (\(c.step.index + 1) of \(history.points.count))",
                Comparison.show(c.step.before, r.metric), Comparison.show(c.step.after, r.metric),
                Format.fixed(c.ratio, 3) + "x", state
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// One line per (algorithm, size, ids) against the commit index, each relative to its own
    /// median over all commits (so that a 20% step shows as one whatever the cell's level, which
    /// the label gives), on a log axis around 1; `step` draws horizontal then vertical segments
    /// (exact figures hold until the next commit). Baselines (`reload`: no diff) are left out.
    static func chart(
        _ history: History, _ series: [History.Series], scenario: String, what: String,
        step: Bool
    ) -> String? {
        let baselines = CellRecord.baselines(in: CellRecord.records(history.series.map(\.row)))
        let drawn = series.filter { !baselines.contains($0.row.algorithm) }
            .sorted {
                ($0.row.algorithm, $0.row.size, $0.row.ids.rawValue) < (
                    $1.row.algorithm, $1.row.size, $1.row.ids.rawValue
                )
            }
        let levels = drawn.map { s in Summary.percentile(s.values.compactMap { $0 }.sorted(), 0.5) }
        var ratios: [Double] = []
        for (s, level) in zip(drawn, levels) where level > 0 {
            ratios += (s.values + (step ? [] : s.lows + s.highs)).compactMap { $0 }.map { $0 / level }
        }
        ratios = ratios.filter { $0 > 0 && $0.isFinite }
        guard let lowest = ratios.min(), let highest = ratios.max(), history.points.count >= 2 else { return nil }
        let count = history.points.count
        let height = 470.0
        var svg = SVGWriter(width: 860, height: height, title: "\(scenario): \(what) by commit")
        svg.text(
            16, 22, "\(scenario): \(what) by commit, relative to each line's median (rings: change points)",
            size: 14, bold: true)
        let low = min(0.8, lowest / 1.03), high = max(1.25, highest * 1.03)
        let frame = ChartFrame(
            left: 84, top: 40, width: 560, height: 320,
            x: ChartFrame.Axis(low: -0.5, high: Double(count) - 0.5, log: false, label: { _ in "" }),
            y: ChartFrame.Axis(
                low: low, high: high, log: true,
                label: { Format.fixed($0, 2) + "x" }))
        for t in [0.1, 0.2, 0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 3, 5, 10, 20] where t >= low && t <= high {
            svg.line(frame.left, frame.py(t), frame.left + frame.width, frame.py(t), stroke: t == 1 ? "ink" : "grid")
            svg.text(frame.left - 6, frame.py(t) + 4, frame.y.label(t), anchor: "end", size: 11, fill: "muted")
        }
        svg.line(frame.left, frame.top, frame.left, frame.top + frame.height)
        svg.text(
            frame.left - 58, frame.top + frame.height / 2, what + " / line's median (log)", anchor: "middle",
            size: 12, fill: "muted", rotate: -90)
        let every = max(1, count / 20)
        for (k, p) in history.points.enumerated() where k % every == 0 || k == count - 1 {
            let x = frame.px(Double(k))
            svg.line(x, frame.top, x, frame.top + frame.height, stroke: "grid")
            svg.text(x, frame.top + frame.height + 14, p.label, anchor: "end", size: 10, fill: "muted", rotate: -40)
        }
        let dirty = history.points.contains { $0.commit.hasSuffix("+changes") } ? "; +: with uncommitted changes" : ""
        svg.text(
            frame.left + frame.width / 2, height - 8, "commit, oldest first (\(history.ordering)\(dirty))",
            anchor: "middle", size: 12, fill: "muted")
        let algorithms = Array(Set(drawn.map(\.row.algorithm))).sorted()
        var labels: [(y: Double, text: String, colour: String)] = []
        for (s, level) in zip(drawn, levels) where level > 0 {
            let colour = ChartFrame.colour(algorithms.firstIndex(of: s.row.algorithm) ?? 0)
            let present = s.values.enumerated().compactMap { k, v in v.map { (k, $0 / level) } }
            var path: [(Double, Double)] = []
            for (k, v) in present {
                let point = (frame.px(Double(k)), frame.py(v))
                if step, let last = path.last { path.append((point.0, last.1)) }
                path.append(point)
            }
            svg.polyline(path, stroke: colour, width: 1.5)
            for (k, v) in present where !step {
                if let lo = s.lows[k], let hi = s.highs[k], lo > 0 {
                    svg.line(
                        frame.px(Double(k)), frame.py(lo / level), frame.px(Double(k)), frame.py(hi / level),
                        stroke: colour)
                }
                svg.circle(frame.px(Double(k)), frame.py(v), radius: 2.5, fill: colour)
            }
            for c in history.changes where c.series.key == s.key {
                guard let v = s.values[c.step.index] else { continue }
                svg.ring(
                    frame.px(Double(c.step.index)), frame.py(v / level), radius: 7,
                    stroke: c.verdict == .regression ? "#D55E00" : "#009E73")
            }
            if let last = present.last {
                let ids = s.row.ids == .int ? "" : " \(s.row.ids.rawValue)"
                let figure = Comparison.show(level, s.row.metric)
                labels.append(
                    (
                        frame.py(last.1),
                        "\(s.row.algorithm) \(ChartFrame.size(Double(s.row.size)))\(ids): "
                            + figure, colour
                    ))
            }
        }
        // Labels at the right edge, pushed apart so that none overlaps.
        var lastY = -Double.infinity
        for label in labels.sorted(by: { $0.y < $1.y }) {
            let y = max(label.y + 4, lastY + 12)
            svg.text(frame.left + frame.width + 8, y, label.text, size: 10, fill: label.colour)
            lastY = y
        }
        return svg.render()
    }

    /// Writes every file into `directory` (created if needed), each atomically.
    package func write(to directory: String, staging: ReportStaging? = nil) throws(DiffBenchError) {
        try RunReport.write(files, to: directory, staging: staging)
    }
}
