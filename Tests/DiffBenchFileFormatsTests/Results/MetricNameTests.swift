// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchFileFormats
import DiffBenchStatistics

/// The metric vocabulary: what each metric is, and the record that holds a cell's metrics.
@Suite struct MetricNameTests {
    @Test func theSchemasMetricsInRowOrder() {
        let every = MetricName.of(.every)
        #expect(every.first == .wallNs && every.last == .identityPreserved && every.count == 19)
        #expect(MetricName.of(.external) == [.selfReportedNs])
        #expect(MetricName.of(.trace) == [.steps, .stepCpuNs, .stepWallNs])
        #expect(MetricName.allCases.sorted() == MetricName.allCases)
        #expect("\(MetricName.allocatedBytes)" == "allocated_bytes")
    }

    @Test func eachMetricKnowsItsUnitDirectionAndKind() {
        #expect((MetricName.cpuNs.unit, MetricName.cpuNs.direction, MetricName.cpuNs.kind) == (.ns, .lower, .timing))
        #expect(
            (MetricName.correct.unit, MetricName.correct.direction, MetricName.correct.kind) == (.bool, .higher, .exact)
        )
        #expect(MetricName.identityPreserved.unit == .ratio && MetricName.identityPreserved.direction == .higher)
        #expect(MetricName.peakRSSBytes.unit == .bytes && MetricName.steps.direction == .higher)
        // Every time is a timing, every other figure exact.
        #expect(MetricName.allCases.allSatisfy { ($0.unit == .ns) == ($0.kind == .timing) })
        #expect(MetricName.allCases.filter(\.isInformational).count == 6)
    }

    @Test func aCellsLinesBecomeOneRecordAndBackUnchanged() {
        var record = CellRecord(cell: CellKey(), meta: RunMetadata())
        record.cell.algorithm = "heckel"
        record.cell.ids = .string
        record.rounds = 3
        record.timedWith = "heckel+lis"
        record.measurements[.cpuNs] = .init([3, 1, 2])
        record.measurements[.wallNs] = .init([4, 2, 3])
        record.measurements[.instructions] = .init([], status: .unavailable, note: "no counter")
        let rows = record.rows
        #expect(rows.map(\.metric) == [.wallNs, .cpuNs, .instructions])
        #expect(rows.allSatisfy { $0.rounds == 3 && $0.timedWith == "heckel+lis" && $0.ids == .string })
        #expect(rows[2].status == .unavailable && rows[2].note == "no counter")
        #expect(CellRecord.records(rows) == [record])
        #expect(record.median(.cpuNs) == 2 && record.median(.instructions) == nil && record.samples(.steps).isEmpty)
    }
}
