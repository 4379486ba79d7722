// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import DiffBenchCProbes

/// What cleans up after `bench` when `bench` itself cannot: a small process (`bench _janitor`)
/// that outlives it. `bench` tells it, on a pipe (``JanitorLedger``: NUL-separated fields, which
/// no byte of a path can confuse), each temporary folder it creates and each process group it
/// starts, and when each is gone; the janitor only reads. When the pipe reaches its end (bench
/// exited, however: a return, a signal's handler, SIGKILL, a crash: the kernel closes the pipe),
/// it kills the groups still listed and removes the folders still listed that bench made
/// (``JanitorFolder/sweep(token:benchPID:)``: its name, its marker, the same folder, no link
/// followed); anything else it leaves, and says so on standard error. Bench's own handlers still
/// clean up first; the janitor covers what they cannot reach: a SIGKILL (no handler runs), a
/// folder created after the handler ran, and an external differ's own children, which a
/// parent-death signal does not reach. It ignores the terminal's signals and sits in a process
/// group of its own, so Ctrl-C on the terminal does not stop it first.
///
/// It runs only in an executable that ``enable(executable:)`` names (``DiffBench/main``), and is
/// started with the first thing to watch; elsewhere (a test process) telling it is a no-op, and
/// ``makeFolder(_:in:)`` still makes and marks the folder.
/// Not reached: a helper a differ started in a session of its own after bench died by SIGKILL
/// (while bench runs, ``ChildProcess/adoptOrphans()`` kills those).
package enum Janitor {
    /// Lets this process start a janitor: `executable _janitor`. Call once, at startup.
    package static func enable(executable: String?) { state.enable(executable) }

    /// Makes folder `name` in `parent` (an absolute path) for this bench's temporary files,
    /// watched by the janitor: announced before it exists, marked when made, and its device and
    /// inode told. `name` must be one bench gives (``JanitorFolder/isBenchName(_:pid:)``):
    /// `diffbench-...-PID-...` or `.NAME.PID.tmp`. `mode` 0700 (a temporary folder) unless said
    /// (0755 for a report's staging folder, which takes the report's name).
    ///
    /// - Complexity: a few system calls.
    package static func makeFolder(
        _ name: String, in parent: String, mode: mode_t = 0o700
    ) throws(SystemError) -> JanitorFolder {
        guard JanitorFolder.isBenchName(name, pid: getpid()) else { throw SystemError(code: EINVAL) }
        let folder = JanitorFolder(parent: parent, name: name)
        guard state.send("folder", [parent, name]) else { throw SystemError(code: EINVAL) }
        let made = try folder.make(token: state.token, mode: mode)
        state.send("made", [parent, name, String(made.device!), String(made.inode!)])
        return made
    }

    /// `diffbench-PREFIX-PID-XXXXXXXX` in the temporary directory, made by ``makeFolder(_:in:)``.
    ///
    /// - Complexity: a few system calls.
    package static func makeTemporaryFolder(_ prefix: String) throws(SystemError) -> JanitorFolder {
        let parent = FileManager.default.temporaryDirectory.path
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let suffix = String(repeating: "0", count: 8 - random.count) + random
        return try makeFolder("diffbench-\(prefix.isEmpty ? "" : prefix + "-")\(getpid())-\(suffix)", in: parent)
    }

    /// Stops watching `folder`: call after removing it, or after it took another name.
    package static func forget(_ folder: JanitorFolder) { state.send("gone", [folder.parent, folder.name]) }

    /// Removes `folder`'s marker: call once a folder bench made took its final name (a report's
    /// staging folder), so that no marker stays in what bench hands over.
    package static func unmark(_ folder: JanitorFolder) { unlink(folder.path + "/" + JanitorFolder.markerName) }

    /// Watches the process group led by `pid`: call right after starting it.
    package static func watch(group pid: Int32) { state.send("group", [String(pid)]) }

    /// Stops watching the group led by `pid`: call after reaping its leader.
    package static func forget(group pid: Int32) { state.send("done", [String(pid)]) }

    /// The janitor's pid, once started (a child of this process that is not one of its workers).
    package static var processID: Int32? { state.processID }

    /// The janitor itself (`bench _janitor`): reads standard input to its end, then kills the
    /// groups and removes the folders still listed, each only if bench made it; says on standard
    /// error what it left and why. Returns the exit code (0).
    package static func serve() -> Int32 {
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { signal(number, SIG_IGN) }
        var ledger = JanitorLedger()
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let n = read(0, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            ledger.read(buffer[..<n])
        }
        for pid in ledger.groups { kill(-pid, SIGKILL) }
        // A process killed a moment ago may still be writing into its folder: a folder not
        // removed whole is tried again after 50 ms.
        var again: [JanitorFolder] = []
        for folder in ledger.folders {
            switch folder.sweep(token: ledger.token, benchPID: ledger.bench) {
            case .removed, .absent: continue
            case .failed: again.append(folder)
            case .left(let why): say(folder, why)
            }
        }
        if !again.isEmpty { usleep(50_000) }
        for folder in again {
            switch folder.sweep(token: ledger.token, benchPID: ledger.bench) {
            case .removed, .absent: continue
            case .failed(let why), .left(let why): say(folder, why)
            }
        }
        return 0
    }

    /// One line on standard error about a folder left in place.
    private static func say(_ folder: JanitorFolder, _ why: String) {
        Terminal.writeError("bench: janitor: left \(Terminal.printable(folder.path)) in place: \(why)\n")
    }

    private static let state = JanitorState()
}

/// The pipe to the janitor, shared by every thread (a signal handler's included), and the token
/// of this process's folder markers.
final class JanitorState: @unchecked Sendable {
    private let lock = NSLock()
    private var executable: String?
    private var descriptor: Int32 = -1
    private var started = false
    private var pid: Int32?
    /// 128 random bits: what this bench writes in each folder's marker and tells its janitor.
    let token = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined(separator: "-")

    var processID: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return pid
    }

    func enable(_ path: String?) {
        lock.lock()
        executable = path
        lock.unlock()
    }

    /// Writes one record, starting the janitor first if needed (its first record, `hello`, gives
    /// it the token); a janitor that could not start is not retried (bench's own clean-up still
    /// runs). False when the record cannot be written as fields (a field holding a NUL).
    @discardableResult
    func send(_ verb: String, _ values: [String]) -> Bool {
        guard let record = JanitorLedger.record(verb, values) else { return false }
        lock.lock()
        defer { lock.unlock() }
        if !started { start() }
        put(record)
        return true
    }

    /// Writes `bytes` whole to the pipe, if there is one. Called with the lock held.
    private func put(_ bytes: [UInt8]) {
        guard descriptor >= 0 else { return }
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
    }

    /// Starts `executable _janitor` in a group of its own, its input the read end of a pipe
    /// whose write end only this process holds (close-on-exec: no other child inherits it, so
    /// the pipe ends exactly when this process does), its standard error this process's (where it
    /// says what it left). Called with the lock held.
    private func start() {
        started = true
        guard let executable else { return }
        var fds: [Int32] = [-1, -1]
        guard dbp_pipe_cloexec(&fds) == 0 else { return }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("_janitor"), nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = argv.withUnsafeBufferPointer {
            dbp_spawn(executable, $0.baseAddress, nil, fds[0], null, 2, 1, 0, 0)
        }
        _ = close(fds[0])
        if null >= 0 { _ = close(null) }
        guard spawned > 0 else {
            _ = close(fds[1])
            return
        }
        pid = spawned
        descriptor = fds[1]
        put(JanitorLedger.record("hello", [token, String(getpid())])!)
    }
}
