import Foundation

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
    static func points(_ cells: [CellFigures], algorithms: [String]) -> (points: [Point], commonCases: Int) {
        let ranked = algorithms.filter { $0 != "reload" }
        let byCase = Dictionary(grouping: cells.filter { !$0.isBaseline }, by: \.caseKey)
        let common = byCase.filter { _, members in
            ranked.allSatisfy { a in members.contains { $0.algorithm == a && $0.rankable } }
        }
        var logSum: [String: Double] = [:], excess: [String: Double] = [:], items = 0.0
        for (_, members) in common {
            let fastest = members.filter(\.rankable).map { $0.wall!.median }.min()!
            items += Double(members[0].size)
            for cell in members where cell.rankable {
                logSum[cell.algorithm, default: 0] += log(max(cell.wall!.median / fastest, 1))
                excess[cell.algorithm, default: 0] += cell.excess ?? 0
            }
        }
        guard !common.isEmpty else { return ([], 0) }
        let points = ranked.map { a in
            Point(algorithm: a, slowdown: exp(logSum[a, default: 0] / Double(common.count)),
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

    /// The chart, or `nil` with fewer than two points.
    static func render(_ cells: [CellFigures], algorithms: [String]) -> String? {
        let (points, cases) = ParetoChart.points(cells, algorithms: algorithms)
        guard points.count >= 2 else { return nil }
        let front = ParetoChart.front(points)
        var svg = SVGWriter(width: 720, height: 420, title: "Speed against animation quality")
        svg.text(16, 22, "Speed against animation quality (\(cases) cases every algorithm finished correctly)",
                 size: 14, bold: true)
        let maxExcess = points.map(\.excessPerThousand).max()!
        let frame = ChartFrame(
            left: 84, top: 40, width: 560, height: 310,
            x: .decades(1, max(points.map(\.slowdown).max()!, 1.5), label: { Format.fixed($0, 0) + "x" }),
            y: .linear(upTo: max(maxExcess * 1.1, 1), label: { Format.fixed($0, $0 < 10 && $0 != $0.rounded() ? 1 : 0) }))
        frame.draw(into: &svg, xTitle: "time over the fastest (geometric mean, log)",
                   yTitle: "excess moves per 1,000 items")
        svg.polyline(front.map { (frame.px($0.slowdown), frame.py($0.excessPerThousand)) }, stroke: "ink", width: 1.5)
        // Labels go above or below their point, alternating along x, so neighbours do not overlap.
        for (n, p) in points.sorted(by: { $0.slowdown < $1.slowdown }).enumerated() {
            let onFront = front.contains(p)
            let x = frame.px(p.slowdown), y = frame.py(p.excessPerThousand)
            svg.circle(x, y, radius: onFront ? 7 : 5, fill: ChartFrame.colour(of: p.algorithm, in: algorithms))
            let below = n % 2 == 1 && y + 20 < frame.top + frame.height - 4
            svg.text(x + 9, below ? y + 20 : y - 10, p.algorithm + (onFront ? " (front)" : ""), size: 12, bold: onFront)
        }
        svg.text(frame.left, 404, "Lower left is better. The line joins the Pareto front: no other algorithm is both "
                 + "faster and better animated.", size: 11, fill: "muted")
        return svg.render()
    }
}
