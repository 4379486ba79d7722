import Testing
@testable import Harness

func sampleRow(algorithm: String = "heckel", metric: String = "wall_ns", kind: String = "timing", samples: [Double] = [100, 101, 99, 102, 98, 100],
               status: String = "ok", corpus: String = "diffbench-corpus-1", note: String = "") -> ResultRow {
    var meta = RunMetadata()
    meta.runID = "r1"; meta.corpusID = corpus; meta.cpuModel = "CPU, with \"quotes\""
    var row = ResultRow(meta: meta)
    row.algorithm = algorithm; row.scenario = "mixed"; row.size = 1000; row.sections = 10; row.seed = 1
    row.metric = metric; row.unit = metric == "wall_ns" ? "ns" : "count"; row.direction = metric == "correct" ? "higher" : "lower"; row.kind = kind
    row.batch = 10; row.warmup = 3; row.status = status; row.note = note
    row.samples = samples
    row.summary = Summary(samples)
    return row
}

@Suite struct ResultsCSVTests {
    @Test func roundTripWithQuoting() throws {
        let rows = [sampleRow(note: "line one,\nline \"two\""), sampleRow(metric: "correct", kind: "exact", samples: [1]),
                    sampleRow(metric: "instructions", kind: "exact", samples: [], status: "unavailable")]
        let text = ResultsCSV.encode(rows)
        #expect(text.hasPrefix(ResultsCSV.columns.joined(separator: ",") + "\r\n"))
        let decoded = try ResultsCSV.decode(text, file: "r.csv")
        #expect(decoded == rows)
    }

    @Test func malformedFiles() {
        func code(_ text: String) -> ExitCode? {
            do { _ = try ResultsCSV.decode(text, file: "r.csv"); return nil } catch { return error.code }
        }
        let good = ResultsCSV.encode([sampleRow()])
        #expect(code(good) == nil)
        #expect(code(good.replacingOccurrences(of: ",median,", with: ",medain,")) == .usage)
        #expect(code(good.replacingOccurrences(of: ",1000,10,1,", with: ",1e3,10,1,")) == .usage)
        #expect(code(good.replacingOccurrences(of: "\r\n1,r1", with: "\r\n2,r1")) == .notComparable)
        #expect(code(good.replacingOccurrences(of: "100;101", with: "100;x")) == .usage)
        #expect(code(String(good.dropLast(40))) == .usage)
        #expect(code("") == .usage)
    }
}

import Foundation
