import Testing
import Foundation
import DiffBenchCorpus
import DiffBenchFileFormats
@testable import DiffBenchMeasuring

/// Rounds and pairing.
@Suite struct SuiteRunTests {
    /// A stand-in `bench _cell` that reports `status` for every cell.
    static func runner(status: CellStatus, in directory: URL) throws -> CellRunner {
        try SecondLookTests.runner(CellResult(status: status), named: status.rawValue, in: directory)
    }

    @Test func aPairedRunStopsAfterItsFirstRoundWhenAChangesetIsWrong() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-rounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let wrong = try Self.runner(status: .wrong, in: directory), ok = try Self.runner(status: .ok, in: directory)
        let specs = [CellServerTests.spec]
        let progress = Progress(total: 8, label: "test", quiet: true)
        let run = SuiteRun(specs: specs, rounds: 4)
        let stopped = run.measure(
            .init(first: wrong, later: wrong),
            partner: .init(first: ok, later: ok),
            progress: progress
        )
        #expect(stopped.rounds == 1 && stopped.results[0].status == .wrong)
        // Unpaired, every round runs (the table still shows the wrong cell's timing).
        #expect(run.measure(.init(first: wrong, later: wrong), partner: nil, progress: progress).rounds == 4)
        #expect(run.measure(
            .init(first: ok, later: ok),
            partner: .init(first: ok, later: ok),
            progress: progress
        ).rounds == 4)
    }
}

/// The second look at a close call.
@Suite struct SecondLookTests {
    /// A stand-in `bench _cell` that reports `result` for every cell.
    static func runner(_ result: CellResult, named name: String, in directory: URL) throws -> CellRunner {
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        let script = directory.appendingPathComponent("\(name).sh")
        try "#!/bin/sh\nprintf '%s' '\(json)' > \"$2\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return try CellRunner(command: [script.path])
    }

    static func timed(_ status: CellStatus, _ samples: [Double]) -> CellResult {
        var result = CellResult(status: status)
        result.cpuNs = samples
        result.wallNs = samples
        return result
    }

    @Test func aSecondLookKeepsTheQuieterProcessAndLeavesAFailedLookOut() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-second-look-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = SuiteRun(specs: [CellServerTests.spec, CellServerTests.spec, CellServerTests.spec], rounds: 1)
        func outcome() -> SuiteRun.Outcome {
            SuiteRun.Outcome(results: [Self.timed(.ok, [10, 11, 12]), Self.timed(.ok, [10, 11]),
                                       Self.timed(.ok, [10, 11, 12])],
                             partner: nil, loads: [nil, nil, nil], rounds: 1, visits: [1, 1, 1])
        }
        let progress = Progress(total: 2, label: "test", quiet: true)
        var looked = outcome()
        let three = try Self.runner(Self.timed(.ok, [9, 10.5, 30]), named: "three", in: directory)
        run.secondLook([0, 1], runner: three, into: &looked, progress: progress)
        // Cell 0 took 3 samples, and the look's median (10.5) is lower: its samples replace them.
        // Cell 1 took 2 and the look brought 3: left out.
        #expect(looked.results[0].cpuNs == [9, 10.5, 30] && looked.visits == [2, 1, 1])
        #expect(looked.results[1].cpuNs == [10, 11] && looked.results[2].cpuNs == [10, 11, 12])
        var slower = outcome()
        let disturbed = try Self.runner(Self.timed(.ok, [8, 12, 13]), named: "disturbed", in: directory)
        run.secondLook([2], runner: disturbed, into: &slower, progress: progress)
        // A lower minimum but a higher median (12): the first look stays, the visit counts.
        #expect(slower.results[2].cpuNs == [10, 11, 12] && slower.results[2].wallNs == [10, 11, 12])
        #expect(slower.visits == [1, 1, 2])
        var failed = outcome()
        let timeout = try Self.runner(Self.timed(.timeout, [20, 21, 22]), named: "timeout", in: directory)
        run.secondLook([0, 2], runner: timeout, into: &failed, progress: progress)
        #expect(failed.results[0].status == .ok && failed.results[0].cpuNs == [10, 11, 12])
        #expect(failed.visits == [1, 1, 1])
    }
}
