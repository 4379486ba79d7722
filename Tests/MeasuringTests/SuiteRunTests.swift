import Testing
import Foundation
import Corpus
@testable import Measuring

/// Rounds and pairing.
@Suite struct SuiteRunTests {
    /// A stand-in `bench _cell` that reports `status` for every cell.
    static func runner(status: String, in directory: URL) throws -> CellRunner {
        let json = String(decoding: try JSONEncoder().encode(CellResult(status: status)), as: UTF8.self)
        let script = directory.appendingPathComponent("\(status).sh")
        try "#!/bin/sh\nprintf '%s' '\(json)' > \"$2\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return try CellRunner(command: [script.path])
    }

    @Test func aPairedRunStopsAfterItsFirstRoundWhenAChangesetIsWrong() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-rounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wrong = try Self.runner(status: "wrong", in: directory), ok = try Self.runner(status: "ok", in: directory)
        let specs = [CellServerTests.spec]
        let progress = Progress(total: 8, label: "test", quiet: true)
        let run = SuiteRun(specs: specs, rounds: 4)
        let stopped = run.measure(
            .init(first: wrong, later: wrong),
            partner: .init(first: ok, later: ok),
            progress: progress
        )
        #expect(stopped.rounds == 1 && stopped.results[0].status == "wrong")
        // Unpaired, every round runs (the table still shows the wrong cell's timing).
        #expect(run.measure(.init(first: wrong, later: wrong), partner: nil, progress: progress).rounds == 4)
        #expect(run.measure(
            .init(first: ok, later: ok),
            partner: .init(first: ok, later: ok),
            progress: progress
        ).rounds == 4)
    }
}
