// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform

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
    /// The seed of the identity hashes the run's differs used (`bench run --hash-seed`); empty in
    /// files written before the column.
    public var hashSeed = ""

    /// The identity of the executable that measured (``buildIdentity(of:)``): two files pool only
    /// when it is the same; empty in files written before the `build_id` column.
    public var buildID = ""

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
        m.runID = "\(compact)-\(suite)-\(String(Platform.processID))"
        // The code that was built, wherever the command runs from (not the working directory's).
        let provenance = Provenance.current()
        m.gitCommit = provenance.built.commit
        m.gitDirty = provenance.built.dirty
        m.diffBenchCommit = provenance.diffBench.commit + (provenance.diffBench.dirty == "true" ? "+changes" : "")
        m.buildID = Files.executablePath.flatMap(buildIdentity(of:)) ?? ""
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
        let machine = Machine.current
        m.os = machine.os
        m.kernel = machine.kernel
        m.arch = machine.arch
        m.host = machine.host
        m.cpuModel = machine.cpuModel
        m.cpuCount = machine.cpuCount
        m.memTotalMB = machine.memoryMB
        // From what decides timing (CPU model, cores, memory, OS, architecture), not from a
        // machine-id file that cloned machines share.
        m.machineID = machine.identity
        m.corpusID = corpusID
        return m
    }

    /// The machine as timing sees it, from the facts this metadata records (CPU model, cores,
    /// memory, OS, architecture): ``Machine/identity``. Recomputed rather than read from
    /// `machine_id`, so that files written before that column meant this compare by the same
    /// rule, and two hosts that share a machine-id file but not a CPU never match.
    public var hardwareIdentity: String {
        Machine.identity(cpuModel: cpuModel, cpuCount: cpuCount, memoryMB: memTotalMB, os: os, arch: arch)
    }

    /// The identity of the executable at `path`: a 64-bit hash of its bytes, eight at a time, as
    /// 16 hexadecimal digits (a commit and a dirty flag cannot tell two builds apart: an
    /// uncommitted change, another compiler or other flags). `nil` when it cannot be read.
    ///
    /// - Complexity: O(*n*) for *n* bytes, in 64 KiB reads: about 10 ms for a 14 MB release build.
    public static func buildIdentity(of path: String) -> String? {
        // Read 64 KiB at a time: reading the whole file at once grew this process's heap by its
        // size (14 MB), and a measuring child forked later reports the parent's size at the fork
        // in its peak RSS (Linux keeps the high-water mark across execve): every cell's
        // peak_rss_bytes rose from 31 to 44 MB.
        guard let fd = try? Files.openForReading(path) else { return nil }
        defer { try? Files.close(fd) }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var carry: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard let n = try? Files.read(fd, into: &chunk), n > 0 else { break }
            carry += chunk[..<n]
            let words = carry.count / 8
            carry.withUnsafeBytes { raw in
                for k in 0..<words {
                    hash = (hash ^ raw.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)) &* 0x100_0000_01B3
                    hash ^= hash >> 29
                }
            }
            carry.removeFirst(8 * words)
        }
        for byte in carry { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The build as a reader names it: its commit, whether the tree had uncommitted changes,
    /// and its identity (`commit 1a2b3c4 with uncommitted changes, build 9f0e...`); for a row
    /// pooled from several builds, each of them, `;`-separated (``BuildIdentity``).
    public var buildName: String { BuildIdentity.of(self).map(\.name).joined(separator: "; ") }

    /// The 1-minute load average, or `nil` where there is none.
    public static func loadAverage() -> Double? { Machine.loadAverage() }

    /// Runs a command; its trimmed stdout, or nil when it fails. Kept for source compatibility
    /// (DiffBenchKit 0.3.0 made it public); the process is DiffBenchPlatform's.
    ///
    /// - Complexity: the command's run.
    @available(*, deprecated, message: "an implementation detail of DiffBench, kept for compatibility")
    public static func shell(_ command: String, _ arguments: [String]) -> String? {
        CommandOutput.of(command, arguments)
    }
}
