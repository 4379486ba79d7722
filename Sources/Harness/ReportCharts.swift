import Foundation

/// The charts of `bench report`, each an SVG document.
enum ReportCharts {
    /// Wall time per diff against size on log-log axes, one line per algorithm with the 95% CI
    /// of each median as a whisker, and the fitted exponent in the legend. Returns `nil` when the
    /// scenario has no timed cell.
    static func scaling(_ cells: [CellFigures], scenario: String, algorithms: [String]) -> String? {
        let timed = cells.filter { $0.wall != nil && $0.correct != false && !$0.isBaseline }
        guard let lowT = timed.map({ $0.wall!.ciLow > 0 ? $0.wall!.ciLow : $0.wall!.median }).min(),
              let highT = timed.map({ $0.wall!.ciHigh }).max() else { return nil }
        let sizes = Set(cells.map { Double($0.size) }).sorted()
        var svg = SVGWriter(width: 720, height: 420, title: "\(scenario): wall time per diff against size")
        let xAxis = sizes.count > 1
            ? ChartFrame.Axis(low: sizes.first! / 1.6, high: sizes.last! * 1.6, log: true, label: ChartFrame.size)
            : ChartFrame.Axis(low: sizes[0] / 10, high: sizes[0] * 10, log: true, label: ChartFrame.size)
        let frame = ChartFrame(left: 84, top: 36, width: 430, height: 320,
                               x: xAxis, y: .decades(lowT, highT, label: { Format.nanoseconds($0) }))
        svg.text(16, 22, "\(scenario): wall time per diff (median, 95% CI)", size: 14, bold: true)
        frame.draw(into: &svg, xTitle: "items (log)", yTitle: "time per diff (log)", xTicks: sizes)
        var legendY = 52.0
        for algorithm in algorithms where algorithm != "reload" {
            let mine = timed.filter { $0.algorithm == algorithm }.sorted { $0.size < $1.size }
            let colour = ChartFrame.colour(of: algorithm, in: algorithms)
            svg.polyline(mine.map { (frame.px(Double($0.size)), frame.py($0.wall!.median)) }, stroke: colour)
            for cell in mine {
                let x = frame.px(Double(cell.size)), w = cell.wall!
                svg.line(x, frame.py(max(w.ciLow, frame.y.low)), x, frame.py(w.ciHigh), stroke: colour, width: 1.5)
                svg.line(x - 4, frame.py(max(w.ciLow, frame.y.low)), x + 4, frame.py(max(w.ciLow, frame.y.low)), stroke: colour)
                svg.line(x - 4, frame.py(w.ciHigh), x + 4, frame.py(w.ciHigh), stroke: colour)
                svg.circle(x, frame.py(w.median), radius: 3.5, fill: colour)
            }
            let fit = ScalingFit.fit(mine.map { (Double($0.size), $0.wall!.median) })
            let unfinished = cells.filter { $0.algorithm == algorithm && ($0.wall == nil || $0.correct == false) }
            svg.rect(530, legendY - 9, 14, 4, fill: colour)
            svg.text(550, legendY - 3, algorithm + (fit.map { "  n^" + Format.fixed($0.exponent, 2) } ?? ""), size: 12)
            legendY += 20
            if !unfinished.isEmpty {
                let note = unfinished.map { "\($0.correct == false ? "wrong" : $0.status) at \(ChartFrame.size(Double($0.size)))" }
                svg.text(550, legendY - 7, note.joined(separator: ", "), size: 11, fill: "muted")
                legendY += 16
            }
        }
        svg.text(530, legendY + 8, "n^k: least-squares slope of", size: 11, fill: "muted")
        svg.text(530, legendY + 22, "log time on log size", size: 11, fill: "muted")
        return svg.render()
    }

    /// Relocations (moves, and survivors deleted and re-inserted) per algorithm and size, with the
    /// case's minimum as a dashed line; a log(1 + x) axis. `nil` when nothing relocates.
    static func relocations(_ cells: [CellFigures], scenario: String, algorithms: [String]) -> String? {
        let shown = algorithms.filter { $0 != "reload" }
        let sizes = Set(cells.map(\.size)).sorted()
        let top = cells.compactMap(\.relocations).max() ?? 0
        guard top > 0, !shown.isEmpty else { return nil }
        var svg = SVGWriter(width: 720, height: 400, title: "\(scenario): relocations against the minimum")
        let y = ChartFrame.Axis(low: 1, high: pow(10, ceil(log10(top + 1))), log: true, label: { ChartFrame.size($0 - 1) })
        let frame = ChartFrame(left: 84, top: 36, width: 600, height: 290,
                               x: ChartFrame.Axis(low: 0, high: 1, log: false, label: { _ in "" }), y: y)
        svg.text(16, 22, "\(scenario): relocations per changeset; dashed: the minimum", size: 14, bold: true)
        // Ticks at 0, 10, 100, ... relocations, drawn at 1 + value on the log axis.
        let ticks = [0.0] + (1...Int(log10(y.high))).map { pow(10, Double($0)) }
        for t in ticks {
            svg.line(frame.left, frame.py(t + 1), frame.left + frame.width, frame.py(t + 1), stroke: "grid")
            svg.text(frame.left - 6, frame.py(t + 1) + 4, ChartFrame.size(t), anchor: "end", size: 11, fill: "muted")
        }
        svg.line(frame.left, frame.top + frame.height, frame.left + frame.width, frame.top + frame.height)
        svg.text(frame.left - 58, frame.top + frame.height / 2, "relocations (log 1+x)", anchor: "middle", size: 12,
                 fill: "muted", rotate: -90)
        let groupWidth = frame.width / Double(sizes.count)
        let barWidth = min(36, (groupWidth - 20) / Double(shown.count))
        for (g, size) in sizes.enumerated() {
            let start = frame.left + Double(g) * groupWidth + (groupWidth - barWidth * Double(shown.count)) / 2
            for (k, algorithm) in shown.enumerated() {
                guard let cell = cells.first(where: { $0.algorithm == algorithm && $0.size == size }) else { continue }
                let x = start + Double(k) * barWidth
                if let r = cell.relocations, cell.correct == true {
                    svg.rect(x + 1, frame.py(r + 1), barWidth - 2, frame.top + frame.height - frame.py(r + 1),
                             fill: ChartFrame.colour(of: algorithm, in: algorithms))
                } else {
                    svg.text(x + barWidth / 2, frame.top + frame.height - 4, cell.correct == false ? "wrong" : "-",
                             anchor: "middle", size: 10, fill: "muted", rotate: -90)
                }
            }
            if let minimum = cells.first(where: { $0.size == size && $0.minimum != nil })?.minimum {
                let end = start + barWidth * Double(shown.count)
                svg.line(start - 4, frame.py(minimum + 1), end + 4, frame.py(minimum + 1), stroke: "ink", width: 2, dashed: true)
            }
            svg.text(frame.left + (Double(g) + 0.5) * groupWidth, frame.top + frame.height + 16,
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
}
