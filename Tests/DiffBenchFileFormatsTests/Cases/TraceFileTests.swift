// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
@testable import DiffBenchCorpus
@testable import DiffBenchFileFormats

/// `diffbench-trace/1`: written and read back one snapshot at a time, and every malformed
/// trace named by file, snapshot and JSON path (or line and column).
@Suite struct TraceFileTests {
    /// Writes `text` to a file of its own; returns its path.
    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-trace-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func snapshot(_ sections: [(CaseID, [(CaseID, Int)])]) -> CaseSnapshot {
        Snapshot(
            sections.map { id, items in
                Section(CaseElement(id), items: items.map { CaseElement($0.0, rev: $0.1) })
            })
    }

    @Test func roundTrip() throws {
        let trace = TraceFile(
            name: "chat \"one\"",
            snapshots: [
                snapshot([(.string("s"), [(.string("a"), 0), (.int(2), 1)])]),
                snapshot([(.string("s"), [(.int(2), 2), (.string("a"), 0), (.string("b"), 0)])]),
                snapshot([]),
                snapshot([(.int(9), [])])
            ])
        let path = try file(String(decoding: trace.encoded(), as: UTF8.self))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try TraceFile.read(path: path)
        #expect(read == trace)
        #expect(read.encoded() == trace.encoded())
    }

    /// A trace larger than the reader's chunk is read in pieces, with the same snapshots.
    @Test func aTraceLargerThanOneChunkStreams() throws {
        var stream = try ScenarioStream(scenario: .mixed, size: 20_000, sections: 200, seed: 3)
        let snapshots = (0..<4).map { _ in GeneratedCase.caseSnapshot(stream.next(), ids: .string) }
        let trace = TraceFile(name: "big", snapshots: snapshots)
        let bytes = trace.encoded()
        #expect(bytes.count > 2 * ByteStream.chunk)
        let path = try file(String(decoding: bytes, as: UTF8.self))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try TraceFile.read(path: path) == trace)
    }

    @Test func membersMayComeInAnyOrder() throws {
        let path = try file(
            """
            {"snapshots": [[{"id": 1, "items": [{"id": 1}, {"id": 1}]}], [{"id": 1, "items": []}]],
             "duplicates": true, "name": "dupes", "format": "diffbench-trace/1"}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try TraceFile.read(path: path)
        #expect(read.duplicates && read.name == "dupes" && read.snapshots.count == 2)
    }

    @Test(arguments: [
        (
            #"{"format": "diffbench-trace/1", "snapshots": [[]]}"#,
            "$.snapshots: a trace needs at least 2 snapshots (one step), found 1"
        ),
        (
            #"{"format": "diffbench-trace/1", "snapshots": []}"#,
            "$.snapshots: a trace needs at least 2 snapshots (one step), found 0"
        ),
        (
            #"{"format": "diffbench-trace/1", "snapshots": [[], [{"id": 1, "items": [{"id": 5}, {"id": 5}]}]]}"#,
            "$.snapshots[1][0].items[1]: duplicate item id 5"
        ),
        (
            #"{"format": "diffbench-trace/1", "snapshots": [[], [{"id": 1, "items": [{"id": 5, "rev": "x"}]}]]}"#,
            "$.snapshots[1][0].items[0].rev: expected an integer, found a string"
        ),
        (
            #"{"format": "diffbench-trace/1", "snapshots": [[], {"id": 1}]}"#,
            "$.snapshots[1]: expected an array, found an object"
        ),
        (#"{"format": "diffbench-trace/1", "snapshots": {"a": 1}}"#, "$.snapshots: expected an array"),
        (#"{"format": "diffbench-trace/1"}"#, "$: missing member \"snapshots\""),
        (#"{"format": "diffbench-case/1", "snapshots": []}"#, "$.format: unknown format \"diffbench-case/1\""),
        (#"{"format": "diffbench-trace/1", "snapshots": [], "extra": 1}"#, "$: unknown member \"extra\""),
        (
            "{\"format\": \"diffbench-trace/1\",\n \"snapshots\": [[],\n  [{\"id\": 1, \"items\": [}]]}",
            "line 3, column 24: unexpected '}'"
        ),
        (
            "{\"format\": \"diffbench-trace/1\",\n \"snapshots\": [[],\n  [{\"id\": 1, \"items\": [{\"id\": tru}]}]]}",
            "line 3, column 31: invalid literal (expected true)"
        ),
        (#"{"format": "diffbench-trace/1", "snapshots": [[], []"#, "truncated JSON"),
        (#"{"format": "diffbench-trace/1", "snapshots": [[], []]} x"#, "unexpected text after the JSON value"),
        ("", "line 1, column 1: truncated JSON")
    ])
    func malformedTracesAreNamed(text: String, expected: String) throws {
        let path = try file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try TraceFile.read(path: path)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.file == path)
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func aScenarioStreamStartsWithTheGeneratedCase() throws {
        for scenario in Scenario.streamable {
            var stream = try ScenarioStream(scenario: scenario, size: 300, sections: 3, seed: 7)
            let generated = try scenario.generate(size: 300, sections: 3, seed: 7)
            #expect(stream.next() == generated.old, "\(scenario)")
            #expect(stream.next() == generated.new, "\(scenario)")
            // Later steps go on from there and repeat exactly.
            var again = try ScenarioStream(scenario: scenario, size: 300, sections: 3, seed: 7)
            let first = (0..<6).map { _ in stream.next() }
            _ = (again.next(), again.next())
            #expect((0..<6).map { _ in again.next() } == first, "\(scenario)")
        }
        #expect(throws: CorpusError.self) { try ScenarioStream(scenario: .unfilter, size: 10, sections: 1, seed: 1) }
    }

    @Test func identityKindsOfFiles() {
        let ints = snapshot([(.int(1), [(.int(2), 0)])]), strings = snapshot([(.string("s"), [(.string("a"), 0)])])
        var seen = CaseIdentities.Seen()
        seen.add(ints)
        #expect(seen.kind == .int)
        #expect(CaseIdentities.ints(ints) == Snapshot([Section(IntElement(1), items: [IntElement(2)])]))
        #expect(CaseIdentities.ints(strings) == nil)
        seen.add(strings)
        #expect(seen.kind == .mixed)
        var onlyStrings = CaseIdentities.Seen()
        onlyStrings.add(strings)
        #expect(onlyStrings.kind == .string && CaseIdentities.strings(strings) != nil)
    }
}
