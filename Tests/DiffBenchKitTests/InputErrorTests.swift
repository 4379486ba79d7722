// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchTestSupport
@testable import DiffBenchFileFormats
import DiffBenchErrors

/// Errors that name the problem: a byte-order mark, a negative time, the physical line of a
/// CSV record, a loop of symbolic links.
@Suite struct InputErrorTests {
    @Test func aByteOrderMarkIsAcceptedInJSONAndCSV() throws {
        let json = Array("\u{FEFF}".utf8) + Array(#"{"format":"diffbench-case/1","old":[],"new":[]}"#.utf8)
        #expect(try CaseFile.decode(json, file: "bom.json").old.sections.isEmpty)
        let csv = "\u{FEFF}" + ResultsCSV.encode([sampleRow()])
        #expect(try ResultsCSV.decode(csv, file: "bom.csv").count == 1)
    }

    @Test func aZeroOrNegativeElapsedTimeIsNamed() {
        for value in [-5, 0] {
            let text = #"{"format":"diffbench-changeset/1","reloadData":true,"elapsed_ns":\#(value)}"#
            do {
                _ = try ChangesetFile.decodeTimed(Array(text.utf8), file: "c.json")
                Issue.record("accepted elapsed_ns \(value)")
            } catch {
                #expect(error.description.contains("elapsed_ns \(value): a time the differ reports must be more"))
            }
        }
    }

    @Test func csvErrorsNameThePhysicalLine() {
        // The first row's note spans three lines: the broken second row starts on line 5.
        var text = ResultsCSV.encode([sampleRow(note: "one\ntwo\nthree"), sampleRow(algorithm: "lis")])
        text = text.replacingOccurrences(of: ",lis,", with: ",lis,extra,")
        do {
            _ = try ResultsCSV.decode(text, file: "r.csv")
            Issue.record("accepted a broken row")
        } catch {
            #expect(error.description.hasPrefix("r.csv: line 5:"), "\(error.description)")
        }
    }

    @Test func aLoopOfSymbolicLinksIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a").path, b = folder.appendingPathComponent("b").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        #expect(throws: DiffBenchError.self) { try FileAccess.read(a) }
        do { _ = try FileAccess.read(a) } catch { #expect(error.message.hasSuffix("a loop of symbolic links")) }
    }
}
