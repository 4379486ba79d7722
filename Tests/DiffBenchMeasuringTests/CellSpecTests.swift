// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchFileFormats
import DiffBenchCorpus
@testable import DiffBenchMeasuring

/// What a measuring child sends its parent: a result's figures by metric, and the older wire a
/// paired run still reads from an older bench.
@Suite struct CellSpecTests {
    @Test func aResultSendsItsFiguresByMetricName() throws {
        var result = CellResult(status: .ok)
        result.cpuNs = [3, 4]
        result.relocations = 7
        result.elapsed = 0.25
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(json.contains(#""measurements":{"#) && json.contains(#""cpu_ns":[3,4]"#))
        #expect(json.contains(#""relocations":[7]"#) && json.contains(#""cell_wall_ns":[250000000]"#))
        #expect(!json.contains("wallNs") && !json.contains("elapsed"))
        let back = try JSONDecoder().decode(CellResult.self, from: Data(json.utf8))
        #expect(back.measurements == result.measurements && back.elapsed == 0.25)
    }

    /// Protocol 3's result, as a bench of 0.3.0 writes it: a field per metric.
    @Test func theOlderWireIsReadByMetric() throws {
        let old = #"""
            {"status":"ok","note":"","batch":3,"warmup":5,"wallNs":[10,11],"cpuNs":[9,10],"firstDiffNs":40,
             "instructionsNote":"","checked":true,"correct":true,"stages":2,"itemDeletes":1,"itemInserts":0,
             "itemMoves":1,"itemReloads":0,"sectionOps":0,"relocations":3,"minimumRelocations":1,
             "identityPreserved":1,"elapsed":0.5}
            """#
        let result = try JSONDecoder().decode(CellResult.self, from: Data(old.utf8))
        #expect(result.cpuNs == [9, 10] && result.wallNs == [10, 11] && result.firstDiffNs == 40)
        #expect(result.correct && result.stages == 2 && result.relocations == 3 && result.excessMoves == 2)
        #expect(result.elapsed == 0.5 && result.instructions == nil && result.steps == nil)
        #expect(CellRunner.protocolVersion == "diffbench-cell/4")
    }

    /// Any metric a result holds becomes the record's, with no code per metric between them;
    /// a figure of the check only once the changeset was checked.
    @Test func theRecordTakesEveryMetricTheResultHolds() {
        var result = CellResult(status: .ok)
        for metric in MetricName.of(.every) where metric != .excessMoves {
            result.measurements[metric] = [Double(metric.rawValue.count)]
        }
        let spec = CellSpec(algorithm: "heckel", cell: SuiteCell(scenario: .mixed, size: 100), samples: 6, budget: 5)
        let unchecked = CellRecord(spec: spec, result, meta: RunMetadata())
        #expect(unchecked.measurements[.peakRSSBytes]?.samples == [Double("peak_rss_bytes".count)])
        #expect(unchecked.measurements[.stages]?.samples == [] && unchecked.measurements[.correct]?.samples == [])
        result.checked = true
        let checked = CellRecord(spec: spec, result, meta: RunMetadata())
        for metric in MetricName.of(.every) where metric != .excessMoves {
            #expect(checked.measurements[metric]?.samples == [Double(metric.rawValue.count)], "\(metric)")
        }
    }
}
