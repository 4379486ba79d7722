import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Measures each cell in a child `bench` process, so that a cell that runs past its budget is
/// killed rather than hanging the run, and so that peak RSS and allocation counts belong to
/// that cell alone.
public struct CellRunner: Sendable {
    /// Seconds allowed beyond the budget for generating the case and checking the changeset.
    public var grace: Double = 60

    public init() {}

    /// The running executable (the child is the same binary).
    static var executable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    public func run(_ spec: CellSpec) -> CellResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("cell-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        guard let specData = try? JSONEncoder().encode(spec) else { return CellResult(status: "error", note: "cannot encode the cell") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CellRunner.executable)
        process.arguments = ["_cell", String(decoding: specData, as: UTF8.self), output.path]
        process.standardOutput = FileHandle.nullDevice
        // A per-process random hash seed changes Dictionary probe lengths from run to run;
        // a fixed seed makes repeated runs of one cell measure the same work.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        let started = Date()
        do { try process.run() } catch { return CellResult(status: "error", note: "cannot start the measuring process: \(error)") }
        let limit = spec.budget + grace
        while process.isRunning {
            if Date().timeIntervalSince(started) > limit {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return CellResult(status: "timeout", note: "killed after \(Format.fixed(limit, 0)) s: a single diff outlasts the budget of \(spec.budget) s")
            }
            usleep(2_000)
        }
        guard process.terminationStatus == 0, let data = try? Data(contentsOf: output),
              let result = try? JSONDecoder().decode(CellResult.self, from: data) else {
            return CellResult(status: "error", note: "the measuring process failed (status \(process.terminationStatus))")
        }
        return result
    }
}
