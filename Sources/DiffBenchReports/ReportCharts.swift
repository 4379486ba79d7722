// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// The charts of `bench report`, each an SVG document.
enum ReportCharts {
    /// Time per diff (CPU by default) against size on log-log axes, one line per algorithm with
    /// the 95% CI of each median as a whisker and the fitted exponent in the legend. A timed-out
    /// cell is a hollow point at the time it reached, outside the line and the fit. Returns
    /// `nil` when the scenario has no timed cell.
    static func scaling(
        _ cells: [CellFigures], scenario: String, algorithms: [String],
        time: TimeMetric = .cpu
    ) -> String? {
        let timed = cells.filter { $0.rankable && $0.time(time) != nil }
        let unfinished = cells.filter { !$0.isBaseline && $0.status == .timeout }
        let reached = unfinished.compactMap { c in c.time(time)?.median ?? c.cellWallNs }
        let lows = timed.map { $0.time(time)!.ciLow > 0 ? $0.time(time)!.ciLow : $0.time(time)!.median } + reached
        guard let lowT = lows.min(),
            let highT =
                (timed.map { $0.time(time)!.ciHigh }
                + reached).max()
        else { return nil }
        let sizes = Set(cells.map { Double($0.size) }).sorted()
        let name = time == .cpu ? "CPU time" : "wall time"
        var svg = SVGWriter(width: 720, height: 420, title: "\(scenario): \(name) per diff against size")
        let xAxis =
            sizes.count > 1
            ? ChartFrame.Axis(low: sizes.first! / 1.6, high: sizes.last! * 1.6, log: true, label: ChartFrame.size)
            : ChartFrame.Axis(low: sizes[0] / 10, high: sizes[0] * 10, log: true, label: ChartFrame.size)
        let frame = ChartFrame(
            left: 84, top: 36, width: 430, height: 320,
            x: xAxis, y: .decades(lowT, highT, label: Format.tick))
        let count = "\(timed.count) cells" + (unfinished.isEmpty ? "" : ", \(unfinished.count) timed out (hollow)")
        svg.text(16, 22, "\(short(scenario)): \(name) per diff (median, 95% CI; \(count))", size: 14, bold: true)
        frame.draw(into: &svg, xTitle: "items (log)", yTitle: "time per diff (log)", xTicks: sizes)
        var legendY = 52.0
        for (index, algorithm) in algorithms.enumerated() {
            let mine = timed.filter { $0.algorithm == algorithm }.sorted { $0.size < $1.size }
            let colour = ChartFrame.colour(of: algorithm, in: algorithms)
            // A dash and a marker shape per differ: two lines that coincide (heckel under lis) stay visible.
            svg.polyline(
                mine.map { (frame.px(Double($0.size)), frame.py($0.time(time)!.median)) }, stroke: colour,
                dash: ChartFrame.dash(index))
            for cell in mine {
                let x = frame.px(Double(cell.size)), w = cell.time(time)!
                let low = frame.py(max(w.ciLow, frame.y.low)), high = frame.py(w.ciHigh)
                svg.line(x, low, x, high, stroke: colour, width: 1.5)
                svg.line(x - 4, low, x + 4, low, stroke: colour)
                svg.line(x - 4, high, x + 4, high, stroke: colour)
                svg.marker(x, frame.py(w.median), shape: index, size: 3.5, fill: colour)
            }
            for cell in unfinished where cell.algorithm == algorithm {
                guard let t = cell.time(time)?.median ?? cell.cellWallNs else { continue }
                svg.ring(frame.px(Double(cell.size)), frame.py(t), radius: 5, stroke: colour)
            }
            // An exponent needs three sizes or more: through two points any line fits.
            let fit = mine.count >= 3 ? ScalingFit.fit(mine.map { (Double($0.size), $0.time(time)!.median) }) : nil
            let missing = cells.filter { $0.algorithm == algorithm && !$0.rankable }
            svg.line(530, legendY - 7, 546, legendY - 7, stroke: colour, width: 2, dash: ChartFrame.dash(index))
            svg.marker(538, legendY - 7, shape: index, size: 3, fill: colour)
            svg.text(552, legendY - 3, algorithm + (fit.map { "  n^" + Format.fixed($0.exponent, 2) } ?? ""), size: 12)
            legendY += 20
            if !missing.isEmpty {
                let note = missing.map { cell in
                    let what = cell.correct == false ? CellStatus.wrong.rawValue : cell.status.rawValue
                    return "\(what) at \(ChartFrame.size(Double(cell.size)))"
                }
                svg.text(550, legendY - 7, note.joined(separator: ", "), size: 11, fill: "muted")
                legendY += 16
            }
        }
        if sizes.count >= 3 {
            svg.text(530, legendY + 8, "n^k: least-squares slope of", size: 11, fill: "muted")
            svg.text(530, legendY + 22, "log time on log size", size: 11, fill: "muted")
        } else {
            svg.text(530, legendY + 8, "no exponent: it needs three", size: 11, fill: "muted")
            svg.text(530, legendY + 22, "sizes or more", size: 11, fill: "muted")
        }
        return svg.render()
    }

    /// Relocations (moves, and survivors deleted and re-inserted) per 1,000 items, per algorithm
    /// and size on one linear axis (per 1,000 items, so that 1k, 10k and 100k share a scale: raw
    /// counts made the smaller sizes' bars flat lines), each bar labelled with its value, and the
    /// case's minimum as a dashed line. A missing bar says why (`skipped`, `timeout`, `wrong`).
    /// Baselines (`reload`: no diff) are left out of the bars and the axis. `nil` when no drawn changeset
    /// relocates an item.
    static func relocations(_ cells: [CellFigures], scenario: String, algorithms: [String]) -> String? {
        let shown = algorithms
        let drawn = cells.filter { !$0.isBaseline && $0.correct == true && $0.relocations != nil }
        let sizes = Set(cells.map(\.size)).sorted()
        func per1000(_ count: Double, _ cell: CellFigures) -> Double { count / cell.itemsDiffed * 1_000 }
        let top = max(
            drawn.map { per1000($0.relocations!, $0) }.max() ?? 0,
            cells.compactMap { c in c.minimum.map { per1000($0, c) } }.max() ?? 0)
        guard top > 0, !shown.isEmpty else { return nil }
        var svg = SVGWriter(width: 720, height: 400, title: "\(scenario): relocations against the minimum")
        let y = ChartFrame.Axis.linear(upTo: top * 1.12) { Format.fixed($0, $0 < 10 && $0 != $0.rounded() ? 1 : 0) }
        let frame = ChartFrame(
            left: 84, top: 36, width: 600, height: 290,
            x: ChartFrame.Axis(low: 0, high: 1, log: false, label: { _ in "" }), y: y)
        // A trace's relocations are summed over its steps: one pass, not one changeset.
        let what =
            cells.compactMap(\.steps).max().map { "per 1,000 items diffed in a pass of \($0) steps" }
            ?? "per 1,000 items (\(drawn.count) changesets)"
        svg.text(16, 22, "\(short(scenario)): relocations \(what); dashed: the minimum", size: 14, bold: true)
        for t in y.ticks {
            svg.line(frame.left, frame.py(t), frame.left + frame.width, frame.py(t), stroke: "grid")
            svg.text(frame.left - 6, frame.py(t) + 4, y.label(t), anchor: "end", size: 11, fill: "muted")
        }
        svg.line(frame.left, frame.top + frame.height, frame.left + frame.width, frame.top + frame.height)
        svg.text(
            frame.left - 58, frame.top + frame.height / 2, "relocations / 1k items", anchor: "middle", size: 12,
            fill: "muted", rotate: -90)
        let groupWidth = frame.width / Double(sizes.count)
        let barWidth = min(36, (groupWidth - 20) / Double(shown.count))
        for (g, size) in sizes.enumerated() {
            let start = frame.left + Double(g) * groupWidth + (groupWidth - barWidth * Double(shown.count)) / 2
            for (k, algorithm) in shown.enumerated() {
                guard let cell = cells.first(where: { $0.algorithm == algorithm && $0.size == size }) else { continue }
                let x = start + Double(k) * barWidth
                if let count = cell.relocations, cell.correct == true {
                    let r = per1000(count, cell)
                    svg.rect(
                        x + 1, frame.py(r), barWidth - 2, frame.top + frame.height - frame.py(r),
                        fill: ChartFrame.colour(of: algorithm, in: algorithms))
                    svg.text(
                        x + barWidth / 2, frame.py(r) - 4, Format.fixed(r, r < 10 ? 1 : 0), anchor: "middle",
                        size: 9, fill: "muted")
                } else {
                    // Why there is no bar, in a word, written up the bar's place.
                    let why =
                        cell.correct == false
                        ? CellStatus.wrong.rawValue
                        : cell.status == .ok
                            ? "not checked"
                            : cell.status.rawValue
                    svg.text(
                        x + barWidth / 2 + 3, frame.top + frame.height - 6, why, anchor: "start", size: 10,
                        fill: "muted", rotate: -90)
                }
            }
            if let withMinimum = cells.first(where: { $0.size == size && $0.minimum != nil }) {
                let minimum = per1000(withMinimum.minimum!, withMinimum)
                let end = start + barWidth * Double(shown.count)
                svg.line(
                    start - 4, frame.py(minimum), end + 4, frame.py(minimum), stroke: "ink", width: 2,
                    dashed: true)
            }
            svg.text(
                frame.left + (Double(g) + 0.5) * groupWidth, frame.top + frame.height + 16,
                "\(ChartFrame.size(Double(size))) items", anchor: "middle", size: 11, fill: "muted")
        }
        var legendX = frame.left
        for algorithm in shown {
            svg.rect(legendX, 372, 12, 12, fill: ChartFrame.colour(of: algorithm, in: algorithms))
            svg.text(legendX + 16, 382, algorithm, size: 12)
            legendX += 24 + Double(algorithm.count) * 7.5
        }
        return svg.render()
    }

    /// A scenario label short enough for a chart's title line (a file's name can be long); the
    /// full label stays in the SVG's title and the report's heading.
    static func short(_ scenario: String) -> String {
        scenario.count <= 32 ? scenario : String(scenario.prefix(31)) + "…"
    }
}
