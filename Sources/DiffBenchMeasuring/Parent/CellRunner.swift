// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchAlgorithms
import DiffBenchDiffCore
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors
import DiffBenchFormat

/// Measures each cell in a child `bench` process, so that a cell that runs past its budget is
/// killed rather than hanging the run, and so that peak RSS and allocation counts belong to
/// that cell alone.
///
/// A cell never runs longer than its budget plus ``CellBudget/grace(budget:)``: the child stops
/// sampling at the budget, and the parent kills it at the budget plus the grace. The child
/// writes the figures it has at each step (the case's minimum, then the check), so a killed
/// cell still reports them.
package final class CellRunner: @unchecked Sendable {
    /// The measuring command: `[executable, "_cell"]` by default; tests substitute their own.
    package let command: [String]
    /// How instructions are counted.
    package let counter: InstructionCounter
    /// A folder of this run's cell files, removed when the runner goes away.
    let directory: URL
    /// The folder as the janitor knows it (``Janitor/makeTemporaryFolder(_:)``).
    let folder: JanitorFolder
    /// The long-lived child of a runner for later rounds (``persistent(executable:hashSeed:)``).
    let server: CellServer?
    /// The seed of the identity hashes in the measuring children (``HashSeed``).
    package let hashSeed: UInt64

    /// The running executable (the child is the same binary).
    package static var executable: String { Files.executablePath ?? CommandLine.arguments[0] }

    /// The version of the `_cell` protocol (the CellSpec and CellResult JSON); a paired run
    /// needs both binaries to speak the same one.
    /// Version 3 added `_cells`, the long-lived child of later rounds; 4 sends a result's figures
    /// by metric (``CellResult/measurements``). 2 and 3 are still paired with: their results are
    /// read by ``CellResult/Legacy``.
    package static let protocolVersion = "diffbench-cell/4"

    /// The `_cell` protocol version of the bench at `path` when this bench can pair with it (2, 3
    /// or 4), else nil.
    package static func pairableVersion(_ path: String) -> Int? {
        guard Files.isExecutable(path) else { return nil }
        switch CommandOutput.of(path, ["_protocol"]) {
        case "diffbench-cell/2": return 2
        case "diffbench-cell/3": return 3
        case protocolVersion: return 4
        default: return nil
        }
    }

    /// A runner whose children measure with `counter` and hash identities with `hashSeed`.
    ///
    /// - Complexity: O(1): it creates a folder.
    package convenience init(
        command: [String] = [CellRunner.executable, "_cell"], counter: InstructionCounter = .off, hashSeed: UInt64 = 0
    ) throws(DiffBenchError) {
        try self.init(command: command, counter: counter, hashSeed: hashSeed, server: nil)
    }

    /// A runner for the later rounds of a run: one long-lived child (`bench _cells`) measures
    /// every visit of them, so a cell it measured before needs no 100 ms warm-up again (see
    /// ``CellMeasurement/revisit(_:registry:warm:start:)``). Timing only; the budget still holds.
    package static func persistent(
        executable: String = CellRunner.executable, hashSeed: UInt64 = 0
    ) throws(DiffBenchError) -> CellRunner {
        try CellRunner(
            command: [executable, "_cells"],
            counter: .off,
            hashSeed: hashSeed,
            server: CellServer(command: [executable, "_cells"], environment: childEnvironment(hashSeed: hashSeed))
        )
    }

    init(command: [String], counter: InstructionCounter, hashSeed: UInt64, server: CellServer?) throws(DiffBenchError) {
        self.command = command
        self.counter = counter
        self.hashSeed = hashSeed
        self.server = server
        do { folder = try Janitor.makeTemporaryFolder("") } catch {
            throw .badInput(
                "\(Files.temporaryFolder.path): cannot create the folder for measuring processes: "
                    + "\(error)")
        }
        directory = URL(fileURLWithPath: folder.path)
    }

    deinit { removeFiles() }

    /// Removes this runner's folder of cell files.
    package func removeFiles() {
        try? Files.removeTree(directory.path)
        if !Files.exists(directory.path) { Janitor.forget(folder) }
    }

    /// The executable callgrind runs: a copy without debug information, because valgrind 3.19
    /// (Debian 12) cannot read the DWARF 5 that Swift 6 emits and gives up; the symbol table,
    /// which `--toggle-collect` needs, stays.
    lazy var countedExecutable: String = {
        let copy = directory.appendingPathComponent("bench-counted").path
        let strip = runChild(
            ["--strip-debug", command[0], copy],
            executable: "/usr/bin/objcopy",
            limit: 60,
            tick: { _ in }
        )
        return strip.status == 0 && Files.exists(copy) ? copy : command[0]
    }()

    /// Measures `spec`; `tick` is called about twice a second with the seconds the cell has run.
    package func run(_ spec: CellSpec, tick: (Double) -> Void = { _ in }) -> CellResult {
        var spec = spec
        spec.perfCounters = counter == .perf
        let output = directory.appendingPathComponent("cell-\(UUID().uuidString).json")
        defer { try? Files.removeTree(output.path) }
        guard let specData = try? JSONEncoder().encode(spec) else {
            return CellResult(status: .error, note: "cannot encode the cell")
        }
        let specText = String(decoding: specData, as: UTF8.self)
        // Killed a tenth of a second early: stopping and reaping the child takes some 50 ms, and
        // the cell must end within its budget plus grace.
        let limit = spec.budget + CellBudget.grace(budget: spec.budget) - 0.1
        let finished: Finished, answer: Data?
        if let server {
            (answer, finished) = server.visit(specText, limit: limit, tick: tick)
        } else {
            finished = runChild(
                Array(command.dropFirst()) + [specText, output.path], executable: command[0],
                limit: limit, tick: tick)
            answer = Files.contents(output.path)
        }
        var result: CellResult
        if let answer, let decoded = try? JSONDecoder().decode(CellResult.self, from: answer) {
            result = decoded
        } else {
            result = CellResult(status: finished.killed ? .timeout : .error, note: "")
        }
        if finished.killed {
            if result.status != .wrong { result.status = .timeout }
            let stage = result.note.isEmpty ? "" : " (\(result.note))"
            result.note =
                "killed at \(Format.fixed(finished.seconds, 1)) s, past the budget of "
                + "\(Format.seconds(spec.budget)) "
                + "plus \(Format.seconds(CellBudget.grace(budget: spec.budget))) grace\(stage)"
            result.elapsed = finished.seconds
        } else if finished.status != 0 {
            result = CellResult(status: .error, note: "the measuring process failed (\(finished.description))")
            result.elapsed = finished.seconds
        }
        // Under callgrind a diff runs some 50-100x slower: skip cells that could not finish.
        let slowdown = 100.0 * Double(CellMeasurement.countedDiffs + 2)
        if counter == .callgrind && spec.isTrace {
            result.instructionsNote = "not counted under callgrind for a trace (--instructions perf counts them)"
        } else if counter == .callgrind && result.checked
            && (result.firstDiffNs
                ?? .infinity) * slowdown / 1e9 > max(30, 10 * spec.budget)
        {
            result.instructionsNote = "too slow to count under callgrind"
        } else if counter == .callgrind && result.checked {
            (result.instructions, result.instructionsNote) = countWithCallgrind(specText, budget: spec.budget)
        } else if counter == .off {
            result.instructionsNote = "not counted (--instructions off, or perf counters refused here)"
        }
        return result
    }

    /// Times the cells of `spec` side by side in one child (`bench _case`, ``SideBySide``), killed
    /// past the sum of their budgets plus its grace, plus `firstDiffs` seconds (the contenders'
    /// first diffs, which the child runs outside their budgets); `nil` when the child fails or is killed, or
    /// its answer does not fit (the caller then times those cells alone).
    ///
    /// - Complexity: the cells' budgets at most.
    package func runCase(
        _ spec: SideBySideSpec, firstDiffs: Double = 0,
        tick: (Double) -> Void = { _ in }
    ) -> [CellResult]? {
        guard let specData = try? JSONEncoder().encode(spec), let executable = command.first else { return nil }
        let output = directory.appendingPathComponent("case-\(UUID().uuidString).json")
        defer { try? Files.removeTree(output.path) }
        let budget = spec.cells.reduce(0) { $0 + $1.budget }
        let finished = runChild(
            ["_case", String(decoding: specData, as: UTF8.self), output.path],
            executable: executable,
            limit: budget + firstDiffs + CellBudget.grace(budget: budget),
            tick: tick)
        guard !finished.killed, finished.status == 0, let answer = Files.contents(output.path),
            let results = try? JSONDecoder().decode([CellResult].self, from: answer),
            results.count == spec.cells.count
        else { return nil }
        return results
    }

    /// Instructions per diff from a callgrind child, or why not.
    func countWithCallgrind(_ spec: String, budget: Double) -> (Double?, String) {
        guard let valgrind = InstructionCounter.valgrind else { return (nil, "valgrind is not installed") }
        let file = directory.appendingPathComponent("callgrind-\(UUID().uuidString).out")
        defer { try? Files.removeTree(file.path) }
        let log = directory.appendingPathComponent("callgrind-\(UUID().uuidString).log")
        defer { try? Files.removeTree(log.path) }
        let arguments = InstructionCounter.callgrindArguments(
            executable: countedExecutable,
            spec: spec,
            outFile: file.path
        )
        let limit = max(30, 10 * budget)
        let finished = runChild(
            arguments, executable: valgrind, limit: limit, stderr: log, fixedLayout: false,
            tick: { _ in })
        guard !finished.killed else { return (nil, "callgrind stopped after \(Format.seconds(limit))") }
        guard finished.status == 0, let text = try? String(contentsOf: file, encoding: .utf8),
            let total = InstructionCounter.callgrindTotal(text)
        else {
            let said =
                (try? String(
                    contentsOf: log,
                    encoding: .utf8
                ))?.split(separator: "\n").last.map(String.init) ?? ""
            return (nil, "callgrind failed (\(finished.description))" + (said.isEmpty ? "" : ": \(said)"))
        }
        return (total / Double(CellMeasurement.countedDiffs), "callgrind, \(CellMeasurement.countedDiffs) diffs")
    }

    /// Whether the measuring children get the same memory layout on every run (address-space
    /// randomization off for them, as `setarch -R` does; this process keeps its own). Timing
    /// children get a fixed layout: with a random one, a child now and then lands on a layout that
    /// makes its whole cell up to 27% slower (`insert-one` 1,000 lis in 2 runs of 8), and a cell's
    /// median moves between two runs of the same binary by 1.45% at 1,000 items (median over the
    /// cells; 0.46% fixed). Callgrind children keep the layout valgrind gives them: with a fixed
    /// one, `stdlib` `update` 1,000 counted 615,022 instructions in one build and 605,694 in another
    /// of the same code, which an exact gate cannot have. False when the kernel refuses (a seccomp
    /// profile may): layouts then stay random.
    ///
    /// - Complexity: O(1): one or two system calls.
    package static var fixedLayoutSupported: Bool { ChildProcess.fixedLayoutSupported }

    /// The environment of a measuring child, the same whatever this process's: the run's seed for
    /// the identity joins (``HashSeed/variable``), the standard library's hashing made
    /// deterministic, and `LD_LIBRARY_PATH` when set (a toolchain may need it to load the Swift
    /// runtime); nothing else. A per-process random seed changes probe lengths from process to
    /// process; one seed for the whole run makes repeated runs of one cell measure the same work.
    /// The rest of the environment is left out because the child's heap depends on it: with
    /// `CI=true` added to the parent's environment, `stdlib` `update` 1,000 allocated 103,352 bytes
    /// per diff instead of 101,336 (the standard library sizes an array's growth by what malloc
    /// gave before), which an exact gate reads as a regression; and variables such as
    /// `GLIBC_TUNABLES` would change what malloc does.
    ///
    /// - Complexity: O(1).
    static func childEnvironment(
        hashSeed: UInt64,
        from parent: [String: String] = ProcessInfo.processInfo.environment
    )
        -> [String: String]
    {
        var environment = ["SWIFT_DETERMINISTIC_HASHING": "1", HashSeed.variable: String(hashSeed)]
        if let libraries = parent["LD_LIBRARY_PATH"] { environment["LD_LIBRARY_PATH"] = libraries }
        return environment
    }

    /// How a child process ended.
    struct Finished {
        /// The exit code; -1 when it could not start, was killed by a signal or never answered.
        var status: Int32 = 0
        /// Killed by DiffBench at its time limit.
        var killed = false
        var seconds = 0.0
        /// How it ended, in words (`exited with status 3`, `killed by signal 11`), when known.
        var ending: String?
        var description: String { killed ? "killed" : ending ?? "status \(status)" }
    }

    /// Runs a child with a fixed hash seed and, unless `fixedLayout` is false, a fixed memory
    /// layout (``fixedLayoutSupported``), killing it after `limit` seconds.
    func runChild(
        _ arguments: [String], executable: String, limit: Double, stderr: URL? = nil,
        fixedLayout: Bool = true, tick: (Double) -> Void
    ) -> Finished {
        let child: ChildProcess
        do {
            child = try ChildProcess(
                [executable] + arguments,
                environment: Self.childEnvironment(hashSeed: hashSeed), input: .null,
                output: .null, error: stderr.map { .file($0.path) } ?? .inherit,
                fixedLayout: fixedLayout && Self.fixedLayoutSupported)
        } catch {
            return Finished(status: -1, seconds: 0, ending: "could not start: \(error.description)")
        }
        var lastTick = 0.0
        while true {
            let seconds = Clock.seconds() - child.started
            if seconds > limit {
                child.finish()
                return Finished(status: child.exitCode ?? -1, killed: true, seconds: Clock.seconds() - child.started)
            }
            if seconds - lastTick >= 0.5 { tick(seconds); lastTick = seconds }
            if child.wait(seconds: min(0.5, limit - seconds + 0.001)) { break }
        }
        child.finish()
        return Finished(
            status: child.exitCode ?? -1, seconds: Clock.seconds() - child.started,
            ending: child.status.map(Signals.describe(waitStatus:)))
    }
}
