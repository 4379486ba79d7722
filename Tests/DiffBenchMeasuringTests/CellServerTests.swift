// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchCorpus
import DiffBenchPlatform
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring

/// The later rounds of a run: a revisit in a long-lived process, and the parent's end of it.
@Suite(.serialized) struct CellServerTests {
    static let spec = CellSpec(algorithm: "heckel", cell: SuiteCell(scenario: .mixed, size: 300), samples: 4, budget: 5)

    @Test func aRevisitTimesOnlyAndWarmsUpBrieflyWhenTheCellIsKnown() {
        let now = Clock.monotonicNanoseconds
        let cold = CellMeasurement.revisit(Self.spec, differ: Differ(Heckel()), warm: false, start: now())
        let warm = CellMeasurement.revisit(Self.spec, differ: Differ(Heckel()), warm: true, start: now())
        for result in [cold, warm] {
            #expect(result.status == .ok, "\(result.note)")
            #expect(result.wallNs.count == 4 && result.cpuNs.count == 4)
            #expect(!result.checked && result.minimumRelocations == nil, "exact figures come from the first round")
        }
        #expect(warm.warmup >= 1 && cold.warmup >= 1, "each warms up")
    }

    /// How long a revisit warms up is decided, not measured: 10 ms of untimed diffs for a cell the
    /// process knows, 100 ms for a new one. (Before, the test compared the warm-up diffs the two
    /// took, a figure that follows the machine's load; it failed under load.)
    @Test func aKnownCellWarmsUpForOneBatchAndANewOneForTheFullSpan() {
        #expect(CellMeasurement.revisitWarmUp(warm: true) == 10_000_000)
        #expect(CellMeasurement.revisitWarmUp(warm: false) == CellMeasurement.warmUpSpan)
        #expect(CellMeasurement.warmUpSpan == 100_000_000)
    }

    @Test func aRevisitOfInputTheDifferRefusesIsSkipped() {
        struct Refusing: DiffAlgorithm {
            var name: String { "refusing" }
            var summary: String { "refuses everything" }
            func diff<Model: DiffElement, Item: DiffElement>(
                from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
            ) throws(DiffError) -> Changeset<Model, Item> { throw .tooLarge(algorithm: "refusing", reason: "no") }
        }
        let result = CellMeasurement.revisit(
            Self.spec,
            differ: Differ(Refusing()),
            warm: false,
            start: Clock.monotonicNanoseconds()
        )
        #expect(result.status == .skipped && result.wallNs.isEmpty)
    }

    /// A stand-in `bench _cells`: answers each line with `answer`, hangs on a spec naming "hang".
    static func script(answer: CellResult) throws -> (URL, URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let json = String(decoding: try JSONEncoder().encode(answer), as: UTF8.self)
        let script = directory.appendingPathComponent("cells.sh")
        let body =
            "#!/bin/sh\nwhile read -r line; do case \"$line\" in *hang*) exec sleep 60 ;; esac\n"
            + "printf '%s\\n' '\(json)'; done\n"
        try body.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (directory, script)
    }

    @Test func theServerAnswersVisitsAndIsReplacedAfterAKill() throws {
        var answer = CellResult(status: .ok)
        answer.wallNs = [1, 2, 3]
        let (directory, script) = try Self.script(answer: answer)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CellServer(command: [script.path], environment: ProcessInfo.processInfo.environment)
        for _ in 0..<3 {
            let (line, finished) = server.visit("{\"algorithm\":\"heckel\"}", limit: 5, tick: { _ in })
            #expect(!finished.killed)
            #expect(try line.map { try JSONDecoder().decode(CellResult.self, from: $0).wallNs } == [1, 2, 3])
        }
        let (hung, killed) = server.visit("{\"algorithm\":\"hang\"}", limit: 0.3, tick: { _ in })
        // Killed by the server (a child that ended its 60 s sleep by itself would not be).
        #expect(hung == nil && killed.killed)
        let (again, _) = server.visit("{\"algorithm\":\"heckel\"}", limit: 5, tick: { _ in })
        #expect(again != nil, "a new child answers after the kill")
        server.stop()
    }

    @Test func aChildThatDiesWithoutAnsweringIsAnError() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("dies.sh")
        try "#!/bin/sh\nread -r line\nexit 7\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let runner = try CellRunner(
            command: [script.path], counter: .off, hashSeed: 0,
            server: CellServer(
                command: [script.path],
                environment: ProcessInfo.processInfo.environment))
        let result = runner.run(Self.spec)
        #expect(result.status == .error)
        #expect(result.note.contains("status 7"), "\(result.note)")
    }
}
