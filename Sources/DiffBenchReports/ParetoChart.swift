// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchFileFormats
import DiffBenchFormat

/// Speed against animation quality, one point per algorithm: time as the geometric mean of each
/// case's time over that case's fastest, quality as relocations beyond the minimum per 1,000
/// items. Points no other algorithm beats on both are the Pareto front.
struct ParetoChart {
    struct Point: Equatable {
        var algorithm: String
        var slowdown: Double
        var excessPerThousand: Double
    }

    /// The points, over the cases on which every ranked algorithm is correct and timed (so that
    /// no algorithm is flattered by the cases it did not finish); `commonCases` says how many.
    static func points(_ cells: [CellFigures], algorithms: [String], options: RankingOptions = RankingOptions())
        -> (points: [Point], commonCases: Int)
    {
        let time = options.time
        // The same yardstick as the scores: the fastest correct algorithm that animates fully.
        let yardsticks = Ranking.yardstickTimes(cells, options)
        let ranked = algorithms
        let byCase = Dictionary(grouping: cells.filter { !$0.isBaseline }, by: \.caseKey)
        let common = byCase.filter { _, members in
            ranked.allSatisfy { a in members.contains { $0.algorithm == a && $0.rankable } }
        }
        var logSum: [String: Double] = [:], excess: [String: Double] = [:], items = 0.0
        for (key, members) in common {
            let fastest = yardsticks[key] ?? members.filter(\.rankable).compactMap { $0.time(time)?.median }.min()!
            items += Double(members[0].size)
            for cell in members where cell.rankable {
                logSum[cell.algorithm, default: 0] += log(max(cell.time(time)!.median / fastest, 1))
                excess[cell.algorithm, default: 0] += cell.excess ?? 0
            }
        }
        guard !common.isEmpty else { return ([], 0) }
        let points = ranked.map { a in
            Point(
                algorithm: a, slowdown: exp(logSum[a, default: 0] / Double(common.count)),
                excessPerThousand: excess[a, default: 0] / max(items, 1) * 1000)
        }
        return (points, common.count)
    }

    /// The points no other point beats on both axes (ties kept), by increasing slowdown.
    static func front(_ points: [Point]) -> [Point] {
        points.filter { p in
            !points.contains { q in
                q != p && q.slowdown <= p.slowdown && q.excessPerThousand <= p.excessPerThousand
                    && (q.slowdown < p.slowdown || q.excessPerThousand < p.excessPerThousand)
            }
        }.sorted { $0.slowdown < $1.slowdown }
    }

    /// The widest time ratio the x axis shows: the real choice is near 1x, and a linear axis up
    /// to here keeps it readable; slower algorithms are listed beside the chart.
    static let reach = 3.0

    /// The chart, or `nil` with fewer than two points.
    static func render(_ cells: [CellFigures], algorithms: [String], options: RankingOptions = RankingOptions())
        -> String?
    {
        let time = options.time
        let (points, cases) = ParetoChart.points(cells, algorithms: algorithms, options: options)
        guard points.count >= 2 else { return nil }
        let front = ParetoChart.front(points)
        let near = points.filter { $0.slowdown <= reach }, far = points.filter { $0.slowdown > reach }
        func farText(_ p: Point) -> String {
            "\(p.algorithm) \(Format.fixed(p.slowdown, 1))x, \(Format.fixed(p.excessPerThousand, 1))"
                + (front.contains(p) ? " (front)" : "")
        }
        // As wide as the longest label beside the plot needs: a long differ name is never clipped.
        let besides = far.map { ChartFrame.textWidth(farText($0), size: 11) }.max() ?? 0
        let width = max(720, 84 + 500 + 14 + besides + 16)
        var svg = SVGWriter(width: width, height: 456, title: "Speed against animation quality")
        svg.text(
            16, 22,
            "Speed against animation quality (\(cases) cases every algorithm finished correctly; "
                + "\(near.count) of \(points.count) within \(Format.fixed(reach, 0))x)", size: 14, bold: true)
        let allCases = Set(cells.filter { !$0.isBaseline }.map(\.caseKey)).count
        if allCases != cases {
            // The per-differ scores use every case a differ finished: say why the figures differ.
            svg.text(
                16, 38,
                "Over the \(cases) of \(allCases) cases that every algorithm finished, so that none is "
                    + "flattered; the scores in the summary use every case each one finished.", size: 11,
                fill: "muted")
        }
        let maxExcess = max(near.map(\.excessPerThousand).max() ?? 0, 1)
        let xHigh = max(near.map(\.slowdown).max() ?? 1, 1) * 1.08
        let step = xHigh - 1 <= 0.25 ? 0.05 : xHigh - 1 <= 0.6 ? 0.1 : xHigh - 1 <= 1.2 ? 0.25 : 0.5
        let ticks = stride(from: 1.0, through: xHigh + 1e-9, by: step).map { $0 }
        let xAxis = ChartFrame.Axis(
            low: 1, high: max(xHigh, ticks.last! + step / 2), log: false,
            label: { Format.fixed($0, step < 0.1 ? 2 : step < 0.5 ? 2 : 1) + "x" })
        // The y axis starts a little below 0, so that a point at 0 and its label sit above the axis line.
        let yTop = ChartFrame.Axis.linear(upTo: maxExcess * 1.15, label: { _ in "" }).high
        let yAxis = ChartFrame.Axis(
            low: -yTop * 0.06, high: yTop, log: false,
            label: { Format.fixed($0, $0 < 10 && $0 != $0.rounded() ? 1 : 0) })
        let frame = ChartFrame(left: 84, top: 56, width: 500, height: 310, x: xAxis, y: yAxis)
        for t in ChartFrame.Axis.linear(upTo: yTop, label: { _ in "" }).ticks {
            svg.line(frame.left, frame.py(t), frame.left + frame.width, frame.py(t), stroke: "grid")
            svg.text(frame.left - 6, frame.py(t) + 4, yAxis.label(t), anchor: "end", size: 11, fill: "muted")
        }
        let extents = ticks.map { (frame.px($0), ChartFrame.textWidth(xAxis.label($0), size: 11)) }
        let labelled = Set(ChartFrame.thinned(extents))
        for (k, t) in ticks.enumerated() {
            svg.line(frame.px(t), frame.top, frame.px(t), frame.top + frame.height, stroke: "grid")
            guard labelled.contains(k) else { continue }
            svg.text(
                frame.px(t), frame.top + frame.height + 16, xAxis.label(t), anchor: "middle", size: 11,
                fill: "muted")
        }
        svg.line(frame.left, frame.top + frame.height, frame.left + frame.width, frame.top + frame.height)
        svg.line(frame.left, frame.top, frame.left, frame.top + frame.height)
        let timeName = time == .cpu ? "CPU time" : "wall time"
        svg.text(
            frame.left + frame.width / 2, frame.top + frame.height + 34,
            "\(timeName) over the fastest (geometric mean over cases, linear)", anchor: "middle", size: 12,
            fill: "muted")
        svg.text(
            frame.left - 58, frame.top + frame.height / 2, "excess moves per 1,000 items", anchor: "middle",
            size: 12, fill: "muted", rotate: -90)
        let nearFront = front.filter { $0.slowdown <= reach }
        svg.polyline(
            nearFront.map { (frame.px($0.slowdown), frame.py($0.excessPerThousand)) }, stroke: "ink",
            width: 1.5)
        // Labels to the right of their points, moved down when they would overlap a previous one.
        var used: [(x: Double, y: Double)] = []
        for p in near.sorted(by: { $0.slowdown < $1.slowdown }) {
            let onFront = front.contains(p)
            let x = frame.px(p.slowdown), y = frame.py(p.excessPerThousand)
            svg.circle(x, y, radius: onFront ? 7 : 5, fill: ChartFrame.colour(of: p.algorithm, in: algorithms))
            var labelY = y - 10
            while used.contains(where: { abs($0.y - labelY) < 14 && abs($0.x - x) < 120 }) { labelY += 15 }
            used.append((x, labelY))
            let text =
                "\(p.algorithm) \(Format.fixed(p.slowdown, 2))x, \(Format.fixed(p.excessPerThousand, 1))"
                + (onFront ? " (Pareto front)" : "")
            // Right of the point, or left of it when the label would run past the card's edge.
            let fits =
                x + 10 + ChartFrame.textWidth(text, size: 12)
                <= (far.isEmpty
                    ? width - 8
                    : frame.left
                        + frame.width + 8)
            svg.text(fits ? x + 10 : x - 10, labelY, text, anchor: fits ? "start" : "end", size: 12, bold: onFront)
        }
        if !far.isEmpty {
            svg.text(
                frame.left + frame.width + 14, frame.top + 12, "Beyond \(Format.fixed(reach, 0))x:", size: 12,
                bold: true)
            for (k, p) in far.sorted(by: { $0.slowdown < $1.slowdown }).enumerated() {
                svg.text(
                    frame.left + frame.width + 14, frame.top + 30 + Double(k) * 16, farText(p), size: 11,
                    fill: "muted")
            }
        }
        svg.text(
            frame.left, 428,
            "Lower left is better. The line joins the Pareto front: no other algorithm is both "
                + "faster and better animated.", size: 11, fill: "muted")
        svg.text(
            frame.left, 444, "Labels: time over the fastest, excess moves per 1,000 items.", size: 11,
            fill: "muted")
        return svg.render()
    }
}
