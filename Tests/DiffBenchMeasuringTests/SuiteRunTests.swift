// SPDX-License-Identifier: Apache-2.0
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
        #expect(
            run.measure(
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
            SuiteRun.Outcome(
                results: [
                    Self.timed(.ok, [10, 11, 12]), Self.timed(.ok, [10, 11]),
                    Self.timed(.ok, [10, 11, 12])
                ],
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

/// A run whose cases are timed side by side: first visits, then one process per case.
@Suite struct SideBySideRunTests {
    /// A stand-in bench: a first visit (its spec names `sideBySideBelow`) answers `first`; a cell
    /// timed alone answers `alone`; `_case` answers `together` for every cell, or fails when nil.
    static func runner(
        first: CellResult, alone: CellResult, together: CellResult?,
        in directory: URL
    ) throws -> CellRunner {
        func json<T: Encodable>(_ value: T) throws -> String {
            String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }
        let caseLine = try together.map { "printf '%s' '\(try json([$0, $0]))' > \"$3\"; exit 0" } ?? "exit 1"
        let script = directory.appendingPathComponent("bench.sh")
        try """
        #!/bin/sh
        if [ "$1" = _case ]; then \(caseLine); fi
        case "$1" in *sideBySideBelow*) printf '%s' '\(try json(first))' > "$2" ;;
        *) printf '%s' '\(try json(alone))' > "$2" ;; esac

        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return try CellRunner(command: [script.path])
    }

    static func specs() -> [CellSpec] {
        ["heckel", "lis"].map { name in
            var spec = CellSpec(algorithm: name, cell: SuiteCell(scenario: .mixed, size: 300), samples: 8, budget: 5)
            spec.precision = 0.01
            return spec
        }
    }

    @Test func aCaseIsTimedInOneProcessAndFallsBackToTimingAloneWhenItFails() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-side-by-side-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var first = CellResult(status: .ok)
        (first.checked, first.correct, first.identityPreserved, first.elapsed) = (true, true, 1, 0.5)
        let alone = SecondLookTests.timed(.ok, [5, 5, 5, 5, 5, 5]), together = SecondLookTests.timed(.ok, [7, 7, 7])
        let run = SuiteRun(specs: Self.specs(), rounds: 1)
        func measure(_ runner: CellRunner) -> SuiteRun.Outcome {
            run.measureSideBySide(
                .init(first: runner, later: runner),
                progress: Progress(total: 2, label: "t", quiet: true),
                caseProgress: { Progress(total: $0, label: "t", quiet: true) }, tieFloor: 1.05)
        }
        let paired = measure(try Self.runner(first: first, alone: alone, together: together, in: directory))
        for k in 0..<2 {
            #expect(paired.results[k].cpuNs == [7, 7, 7] && paired.timedWith[k] == "heckel+lis")
            #expect(paired.results[k].checked && paired.results[k].correct, "the check stays the first visit's")
        }
        let failed = measure(try Self.runner(first: first, alone: alone, together: nil, in: directory))
        for k in 0..<2 {
            #expect(failed.results[k].cpuNs == alone.cpuNs && failed.timedWith[k] == nil)
        }
        // A first visit that timed its cell (a diff of 50 ms or more) is not timed again.
        var timedFirst = alone
        (timedFirst.checked, timedFirst.correct) = (true, true)
        let slow = measure(try Self.runner(first: timedFirst, alone: alone, together: together, in: directory))
        #expect(slow.timedWith == [nil, nil] && slow.results.allSatisfy { $0.cpuNs == alone.cpuNs })
    }
}
