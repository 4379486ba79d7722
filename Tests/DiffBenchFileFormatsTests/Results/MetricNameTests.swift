// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchFileFormats

/// The metric vocabulary against the schema's metric tables.
@Suite struct MetricNameTests {
    @Test func everyMetricOfTheSchemaIsOneCaseAndEveryCaseIsInTheSchema() {
        let tables = ResultRow.metrics + [ResultRow.selfReported] + ResultRow.traceMetrics
        #expect(tables.map(\.id) == tables.map(\.id).uniqued())
        #expect(Set(tables.map(\.id)) == Set(MetricName.allCases))
        #expect(ResultRow.metrics.first?.name == "wall_ns" && ResultRow.metrics.last?.name == "identity_preserved")
    }

    @Test func aRowKnowsItsMetricByName() {
        var row = ResultRow(meta: RunMetadata())
        row.metric = "allocated_bytes"
        #expect(row.metricName == .allocatedBytes)
        row.metric = "cpu_time"
        #expect(row.metricName == nil)
    }
}

private extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
