// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchReports
@testable import DiffBenchVerdicts
import DiffBenchFileFormats
import DiffBenchStatistics

/// Tick labels that never overlap, and labels laid out from their measured width.
@Suite struct ChartFrameTests {
    @Test func overlappingTickLabelsAreThinned() {
        // "0.49x" at 100 px and "0.50x" at 104 px: about 30 px wide each, so one goes.
        let width = ChartFrame.textWidth("0.49x", size: 10)
        #expect(width > 20 && width < 40)
        let kept = ChartFrame.thinned([(100, width), (104, width), (200, width), (226, width), (300, width)])
        #expect(kept == [0, 2, 4])
        // With priority the first given wins, wherever it lies.
        #expect(ChartFrame.thinned([(104, width), (100, width), (400, width)], priority: true) == [0, 2])
        // Labels far apart all stay.
        #expect(ChartFrame.thinned([(0, 30), (50, 30), (100, 30)]) == [0, 1, 2])
    }

    @Test func noTwoDrawnLabelsOfAnAxisOverlap() {
        // A log axis from 1e-9 to 1e300 has hundreds of decade ticks on 430 px.
        let axis = ChartFrame.Axis.decades(1e-9, 1e300, label: { "\($0)" })
        let frame = ChartFrame(left: 0, top: 0, width: 430, height: 300, x: axis, y: axis)
        var svg = SVGWriter(width: 500, height: 400, title: "t")
        frame.draw(into: &svg, xTitle: "x", yTitle: "y")
        let text = svg.render()
        let drawn = text.components(separatedBy: "<text").count - 1
        #expect(drawn < 60, "\(drawn) labels drawn")
    }

    /// A long differ name beside the speed-against-quality chart widens the card instead of
    /// running past its edge.
    @Test func aLongNameWidensTheChart() throws {
        let long = "heckel-contacts-with-a-very-long-adapter-name"
        func figures(_ algorithm: String, _ time: Double, excess: Double) -> CellFigures {
            var record = CellRecord(cell: CellKey(), meta: RunMetadata())
            (record.cell.algorithm, record.cell.scenario, record.cell.size) = (algorithm, "mixed", 1_000)
            let times = (0..<8).map { time * (1 + Double($0) / 1_000) }
            for (metric, samples) in [
                (MetricName.cpuNs, times), (.wallNs, times), (.correct, [1]), (.relocations, [10 + excess]),
                (.minimumRelocations, [10]), (.identityPreserved, [1])
            ] {
                record.measurements[metric] = .init(samples)
            }
            return CellFigures(record)
        }
        let cells = [figures("heckel", 100, excess: 10), figures(long, 1_100, excess: 32)]
        let svg = try #require(ParetoChart.render(cells, algorithms: ["heckel", long]))
        let width = try #require(svg.firstMatch(of: /width="([0-9.]+)"/).flatMap { Double($0.1) })
        let needed = 84 + 500 + 14 + ChartFrame.textWidth("\(long) 11.0x, 32.0", size: 11)
        #expect(width >= needed && width > 720)
    }
}
