// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchTestSupport
@testable import DiffBenchFileFormats

/// The results columns, stated once: the CSV's header, its reader and the JSON row follow them.
@Suite struct ResultColumnTests {
    /// A row with every field set away from its default.
    static func fullRow() -> ResultRow {
        var row = sampleRow(note: "a note, with a comma")
        row.meta.machineID = "machine-7"
        row.meta.harnessVersion = "harness-9"
        row.meta.pairedWith = "partner"
        row.meta.hashSeed = "42"
        row.meta.buildID = "b1d"
        row.caseHash = "c0ffee"
        row.timedWith = "heckel+lis"
        row.loadAverage = 1.25
        row.rounds = 3
        row.ids = .string
        return row
    }

    /// Before, the JSON row left out machine_id, harness_version, batch, warmup and case_hash
    /// (and schema_version), though docs/file-formats.md says a row holds every CSV column.
    @Test func theJSONRowHoldsEveryCSVColumnInItsOrder() throws {
        let json = JSONOutput.results([Self.fullRow()])
        let line = try #require(json.split(separator: "\n").first { $0.hasPrefix("{\"schema_version\"") })
        var last = line.startIndex
        for name in ResultsCSV.columns {
            let found = try #require(line.range(of: "\"\(name)\":"), "the JSON row has no \(name)")
            #expect(found.lowerBound >= last, "\(name) out of the CSV's order")
            last = found.lowerBound
        }
        #expect(line.contains(#""machine_id":"machine-7""#) && line.contains(#""case_hash":"c0ffee""#))
        #expect(line.contains(#""batch":10,"warmup":3"#) && line.contains(#""load_avg":1.25"#))
    }

    @Test func everyColumnReadsBackWhatItWrote() throws {
        let row = Self.fullRow()
        let decoded = try ResultsCSV.decode(ResultsCSV.encode([row]), file: "full.csv")
        #expect(decoded == [row])
        #expect(ResultsCSV.columns.count == Set(ResultsCSV.columns).count)
        #expect(ResultsCSV.requiredColumns.last == "samples" && ResultsCSV.columns.last == "build_id")
    }

    /// An unmeasured cell writes its statistics empty in the CSV and null in the JSON.
    @Test func anUnmeasuredCellsStatisticsAreEmpty() throws {
        var row = sampleRow(samples: [], status: .timeout)
        row.summary = .init()
        let field = ResultColumn.all.first { $0.name == "median" }.map { $0.csv(row) }
        #expect(field == "")
        let json = JSONOutput.results([row])
        #expect(json.contains(#""median":null"#) && json.contains(#""outliers":null"#) && json.contains(#""n":0"#))
    }
}
