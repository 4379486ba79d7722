// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchTestSupport
import DiffBenchErrors

@Suite struct ResultsCSVTests {
    @Test func roundTripWithQuoting() throws {
        let rows = [
            sampleRow(note: "line one,\nline \"two\""),
            sampleRow(metric: .correct, samples: [1]),
            sampleRow(metric: .instructions, samples: [], status: .unavailable)
        ]
        let text = ResultsCSV.encode(rows)
        #expect(text.hasPrefix(ResultsCSV.columns.joined(separator: ",") + "\r\n"))
        let decoded = try ResultsCSV.decode(text, file: "r.csv")
        #expect(decoded == rows)
    }

    @Test func malformedFiles() {
        func code(_ text: String) -> DiffBenchError.Kind? {
            do { _ = try ResultsCSV.decode(text, file: "r.csv"); return nil } catch { return error.kind }
        }
        let good = ResultsCSV.encode([sampleRow()])
        #expect(code(good) == nil)
        #expect(code(good.replacingOccurrences(of: ",median,", with: ",medain,")) == .badInput)
        #expect(code(good.replacingOccurrences(of: ",1000,10,1,", with: ",1e3,10,1,")) == .badInput)
        #expect(code(good.replacingOccurrences(of: "\r\n2,r1", with: "\r\n3,r1")) == .notComparable)
        #expect(code(good.replacingOccurrences(of: ",1000,10,1,int,", with: ",1000,10,-1,int,")) == .badInput)
        #expect(code(good.replacingOccurrences(of: "100000;101000", with: "100000;nan")) == .badInput)
        #expect(code(good.replacingOccurrences(of: "100000;101000", with: "100000;inf")) == .badInput)
        #expect(code(good.replacingOccurrences(of: "100000;101000", with: "100000;x")) == .badInput)
        #expect(code(String(good.dropLast(40))) == .badInput)
        #expect(code("") == .badInput)
    }

    /// Numbers are decimal and finite, line ends LF or CRLF, bytes UTF-8: anything else is named.
    @Test func onlyDecimalNumbersLineEndsAndUTF8() throws {
        func said(_ text: String) -> String {
            do { _ = try ResultsCSV.decode(text, file: "r.csv"); return "" } catch { return error.description }
        }
        let good = ResultsCSV.encode([sampleRow()])
        #expect(
            said(good.replacingOccurrences(of: "100000;101000", with: "0x10;101000"))
                .contains("sample \"0x10\" is not a finite decimal number"))
        let median = try #require(ResultsCSV.decode(good, file: "r.csv").first?.summary.median)
        #expect(
            said(good.replacingOccurrences(of: ",\(ResultsCSV.number(median)),", with: ",nan,"))
                .contains("median \"nan\" is not a finite decimal number"))
        #expect(
            said(good.replacingOccurrences(of: "\r\n", with: "\r"))
                == "r.csv: line 1: a carriage return without a line feed: line ends must be LF or CRLF")
        #expect(ResultsCSV.decimal("2.5e-3") == 0.0025 && ResultsCSV.decimal("-7") == -7)
        #expect(
            said("name,size\r\nx,1\r\n")
                == "r.csv: line 1: not a DiffBench results file: its header has no schema_version column "
                + "(bench run writes it first)")
        for bad in ["0x10", "nan", "inf", "1e", ".", "", " 1", "1_000", "+-1"] {
            #expect(ResultsCSV.decimal(bad) == nil, "\(bad)")
        }
        var bytes = Array(good.utf8)
        let second = try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 5
        bytes[second] = 0xFF
        var message = ""
        do { _ = try ResultsCSV.text(bytes, file: "r.csv") } catch { message = error.description }
        #expect(message == "r.csv: line 2: a byte that is not UTF-8: results files are UTF-8 text")
    }

    @Test func impossibleValuesAreInputErrors() {
        func message(_ rows: [ResultRow]) -> String? {
            do { _ = try ResultsCSV.decode(ResultsCSV.encode(rows), file: "r.csv"); return nil } catch {
                return error.kind == .badInput ? error.description : "\(error.kind)"
            }
        }
        #expect(message([sampleRow(metric: .correct, samples: [1])]) == nil)
        #expect(
            message([sampleRow(metric: .correct, samples: [2])])?
                .contains("correct is 2; a changeset is correct (1) or not (0)") == true)
        // A status no bench writes, planted in the file's text.
        let weird = ResultsCSV.encode([sampleRow()]).replacingOccurrences(of: ",ok,", with: ",weird,")
        var said = ""
        do { _ = try ResultsCSV.decode(weird, file: "r.csv") } catch { said = error.description }
        #expect(said.contains("status \"weird\" is not one of ok, wrong, error, timeout, skipped or unavailable"))
        // A kind, unit or metric that is not the metric's, planted in the file's text.
        for (from, to, said) in [
            (",timing,", ",approximate,", "kind \"approximate\" is not cpu_ns's (timing)"),
            (",ns,", ",ms,", "unit \"ms\" is not cpu_ns's (ns)"),
            (",cpu_ns,", ",cpu_time,", "metric \"cpu_time\" is not one of wall_ns, cpu_ns"),
            (",int,", ",integer,", "ids \"integer\" is not one of int, string, uuid, sparse, key or mixed")
        ] {
            let text = ResultsCSV.encode([sampleRow()]).replacingOccurrences(of: from, with: to)
            var message = ""
            do { _ = try ResultsCSV.decode(text, file: "r.csv") } catch { message = error.description }
            #expect(message.contains("r.csv: line 2: " + said), "\(message)")
        }
        var seeded = sampleRow()
        seeded.meta.hashSeed = "18446744073709551615"
        #expect(message([seeded]) == nil)
        seeded.meta.hashSeed = "-1"
        #expect(message([seeded])?.contains("hash_seed \"-1\" is not a whole number") == true)
    }

    @Test func schemaTwoKeepsIdentityKindsApart() throws {
        var string = sampleRow()
        string.ids = .string
        string.rounds = 3
        string.loadAverage = 1.25
        // A case file with integer and string identities both.
        var mixed = sampleRow()
        mixed.ids = .mixed
        let rows = [sampleRow(), string, mixed]
        let decoded = try ResultsCSV.decode(ResultsCSV.encode(rows), file: "r.csv")
        #expect(decoded == rows)
        #expect(Set(decoded.map(\.key)).count == 3)
        let header = ResultsCSV.columns
        #expect(header[header.firstIndex(of: "seed")! + 1] == "ids")
    }

    @Test func schemaOneIsNotComparable() {
        let one = ResultsCSV.encode([sampleRow()]).replacingOccurrences(of: "\r\n2,r1", with: "\r\n1,r1")
        do { _ = try ResultsCSV.decode(one, file: "old.csv"); Issue.record("schema 1 accepted") } catch {
            #expect(error.kind == .notComparable)
            #expect(error.description.contains("old.csv: line 2: schema_version 1"))
            #expect(error.description.contains("no ids column"))
        }
    }

    @Test func repeatedKeysAndColumnsAreInputErrors() {
        let text = ResultsCSV.encode([sampleRow(), sampleRow()])
        do { _ = try ResultsCSV.decode(text, file: "r.csv"); Issue.record("duplicate key accepted") } catch {
            #expect(error.kind == .badInput)
            #expect(error.description.hasPrefix("r.csv: line 3: the row key"))
            #expect(error.description.contains("repeats line 2"))
        }
        let good = ResultsCSV.encode([sampleRow()])
        let twice = good.replacingOccurrences(of: "schema_version,run_id,", with: "schema_version,seed,")
        do { _ = try ResultsCSV.decode(twice, file: "r.csv"); Issue.record("duplicate column accepted") } catch {
            #expect(error.kind == .badInput)
            #expect(error.description == "r.csv: line 1: column \"seed\" appears twice in the header")
        }
        let missing = good.replacingOccurrences(of: ",ids,", with: ",idz,")
        do { _ = try ResultsCSV.decode(missing, file: "r.csv"); Issue.record("missing column accepted") } catch {
            #expect(error.kind == .badInput && error.description.contains("missing column \"ids\""))
        }
    }
}
