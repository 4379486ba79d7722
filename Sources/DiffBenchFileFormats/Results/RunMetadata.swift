import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The facts repeated on every CSV row: what ran, where, built how.
public struct RunMetadata: Sendable, Equatable {
    public var runID = "", timestampUTC = "", gitCommit = "unknown", gitDirty = "unknown"
    public var swiftVersion = "", buildConfig = "", os = "", kernel = "", arch = "", cpuModel = ""
    public var cpuCount = 0, memTotalMB = 0
    public var host = "", machineID = "", harnessVersion = RunMetadata.harnessVersion, corpusID = ""
    /// The run measured interleaved with this one, cell by cell (`bench run --paired-with`).
    public var pairedWith = ""
    /// DiffBench's own commit (different from `gitCommit` in a user's package built on it).
    public var diffBenchCommit = ""
    /// The command line that made the run, shell-quoted (`bench run --suite quick --out ...`).
    public var command = ""

    /// Bumped when measurement or CSV semantics change.
    public static let harnessVersion = "2.0.0"

    /// The run ID of the other binary's run in a paired run whose own run is `runID`.
    ///
    /// - Complexity: O(*k*) for an ID of *k* characters.
    public static func partnerID(of runID: String) -> String { runID + "-paired" }

    /// Whether this run is the other binary's side of a paired run (the base that
    /// `bench run --paired-with` measured beside its own run).
    public var isPairedBase: Bool { !pairedWith.isEmpty && runID == RunMetadata.partnerID(of: pairedWith) }

    public init() {}

    /// Reads the facts of this machine and checkout.
    public static func current(suite: String, corpusID: String) -> RunMetadata {
        var m = RunMetadata()
        let now = Date()
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        m.timestampUTC = formatter.string(from: now)
        let compact = m.timestampUTC.filter { $0 != "-" && $0 != ":" }
        m.runID = "\(compact)-\(suite)-\(String(getpid()))"
        // The code that was built, wherever the command runs from (not the working directory's).
        let provenance = Provenance.current()
        m.gitCommit = provenance.built.commit
        m.gitDirty = provenance.built.dirty
        m.diffBenchCommit = provenance.diffBench.commit + (provenance.diffBench.dirty == "true" ? "+changes" : "")
        #if compiler(>=6.3)
        m.swiftVersion = "6.3"
        #elseif compiler(>=6.2)
        m.swiftVersion = "6.2"
        #else
        m.swiftVersion = "6.x"
        #endif
        #if DEBUG
        m.buildConfig = "debug"
        #else
        m.buildConfig = "release"
        #endif
        m.os = osRelease() ?? "Linux"
        var name = utsname()
        uname(&name)
        m.kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        m.arch = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        m.host = withUnsafeBytes(of: &name.nodename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        m.cpuModel = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(
                separator: ":",
                maxSplits: 1
            ).last.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "unknown"
        m.cpuCount = ProcessInfo.processInfo.activeProcessorCount
        m.memTotalMB = Int(ProcessInfo.processInfo.physicalMemory / 1_048_576)
        m.machineID = String(((try? String(
            contentsOfFile: "/etc/machine-id",
            encoding: .utf8
        )) ?? "unknown").prefix(12))
        m.corpusID = corpusID
        return m
    }

    /// The 1-minute load average (/proc/loadavg), or `nil` where there is none.
    public static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first else { return nil }
        return Double(first)
    }

    static func osRelease() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { String($0.dropFirst(12)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    /// Runs a command; its trimmed stdout, or nil when it fails.
    public static func shell(_ command: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
