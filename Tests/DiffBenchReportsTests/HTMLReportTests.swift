// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchTestSupport
@testable import DiffBenchMeasuring
@testable import DiffBenchReports
@testable import DiffBenchFileFormats

/// The HTML page builder on its own: every cell in the page's data, names as text, the data
/// block valid JSON. (.ci/test_html_report.py and .ci/test_injection.py check the page in a browser.)
@Suite struct HTMLReportTests {
    /// Two algorithms on two sizes, `heckel` renamed to `name`, the CPU model `cpu`.
    static func rows(name: String, cpu: String) -> [ResultRow] {
        var meta = RunMetadata()
        meta.cpuModel = cpu
        meta.runID = "r1"
        return [1_000, 10_000].flatMap { size in
            [(name, 1.0), ("lis", 1.2)].flatMap { algorithm, factor -> [ResultRow] in
                let spec = CellSpec(
                    algorithm: algorithm, cell: SuiteCell(scenario: .mixed, size: size), samples: 6,
                    budget: 5)
                var cell = CellResult(status: .ok)
                let t = Double(size) * 10 * factor
                cell.cpuNs = [t, t * 1.01, t * 0.99, t, t * 1.02, t * 0.98]
                cell.wallNs = cell.cpuNs
                cell.checked = true
                cell.correct = true
                cell.identityPreserved = 1
                cell.stages = 1
                cell.relocations = 3
                cell.minimumRelocations = 3
                return CellRecord(spec: spec, cell, meta: meta).rows
            }
        }
    }

    /// The JSON between the data script's tags.
    static func data(_ page: String) throws -> String {
        let open = "<script type=\"application/json\" id=\"data\">"
        let start = try #require(page.range(of: open)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return String(page[start..<end])
    }

    @Test func everyCellIsInThePagesData() throws {
        let page = HTMLReport.render(cells: figures(Self.rows(name: "heckel", cpu: "Test CPU")))
        let json = try Self.data(page)
        let cells = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(cells.count == 4)
        #expect(Set(cells.compactMap { $0["algorithm"] as? String }) == ["heckel", "lis"])
        #expect(cells.allSatisfy { ($0["ratio"] as? Double).map { $0 >= 1 } ?? false })
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<h2>Which differ to use</h2>"))
    }

    /// A name that ends the script or opens a tag, with a joining scalar before `<`, stays text:
    /// escaped in the HTML, `\u003c` in the data, which still parses to the same name.
    @Test func namesStayText() throws {
        let hostile = "\u{0600}</script><img src=x onerror=alert(1)>"
        let page = HTMLReport.render(cells: figures(Self.rows(name: hostile, cpu: "<b>cpu</b>")))
        #expect(!page.contains("<img") && !page.contains("<b>cpu"))
        #expect(page.contains("&lt;b&gt;cpu&lt;/b&gt;"))
        let json = try Self.data(page)
        #expect(!json.contains("<"))
        let cells = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(cells.contains { $0["algorithm"] as? String == hostile })
    }
}
