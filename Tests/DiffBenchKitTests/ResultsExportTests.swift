// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
@testable import DiffBenchFileFormats

/// Each export of a real quick-suite results file (the committed baseline) against the fields
/// its consuming tool documents.
@Suite struct ResultsExportTests {
    func baseline() throws -> [ResultRow] {
        let path = BenchProcess.packageRoot.path + "/Results/baseline.csv"
        return try ResultsCSV.decode(try String(contentsOfFile: path, encoding: .utf8), file: path)
    }

    @Test func githubActionBenchmarkCustomSmallerIsBetter() throws {
        let rows = try baseline()
        let text = ResultsExport.render(rows, metric: .cpuNs, format: .githubActionBenchmark)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(entries.count == rows.filter { $0.metric == .cpuNs && !$0.samples.isEmpty }.count)
        #expect(entries.count >= 32)
        for entry in entries {
            // Required: name (string), unit (string), value (number); optional: range, extra (strings).
            #expect(entry["name"] is String && entry["unit"] as? String == "ns" && entry["value"] is NSNumber)
            #expect(entry["range"] is String && entry["extra"] is String)
            #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]))
        }
        #expect(entries.contains { $0["name"] as? String == "heckel/mixed/1000/sections=10/seed=1/ids=int" })
    }

    @Test func bencherMetricFormat() throws {
        let text = ResultsExport.render(try baseline(), metric: .cpuNs, format: .bencher)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(!document.isEmpty)
        for (_, measures) in document {
            let measure = try #require((measures as? [String: Any])?["cpu-ns"] as? [String: Any])
            let value = try #require(measure["value"] as? Double)
            let low = try #require(measure["lower_value"] as? Double)
            let high = try #require(measure["upper_value"] as? Double)
            #expect(low <= value && value <= high)
        }
    }

    @Test func jmhResultJSON() throws {
        let text = ResultsExport.render(try baseline(), metric: .cpuNs, format: .jmh)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        for entry in entries {
            #expect(
                (entry["benchmark"] as? String)?.hasPrefix("diffbench.") == true
                    && entry["mode"] as? String == "sample")
            let primary = try #require(entry["primaryMetric"] as? [String: Any])
            #expect(primary["score"] is NSNumber && primary["scoreUnit"] as? String == "ns/op")
            #expect((primary["rawData"] as? [[Any]])?.first?.isEmpty == false)
            #expect((primary["scoreConfidence"] as? [Any])?.count == 2)
        }
    }

    @Test func theCommandRefusesAnUnknownFormatOrMetric() throws {
        let format = try BenchProcess.run(["export", "Results/baseline.csv", "--format", "csv"])
        #expect(format.0 == 1 && format.2.contains("--format csv: expected github-action-benchmark, bencher or jmh"))
        let metric = try BenchProcess.run(["export", "Results/baseline.csv", "--format", "jmh", "--metric", "speed"])
        #expect(metric.0 == 1 && metric.2.contains("--metric speed"))
    }
}
