// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import DiffBenchCProbes

/// What cleans up after `bench` when `bench` itself cannot: a small process (`bench _janitor`)
/// that outlives it. `bench` tells it, on a pipe, each temporary folder it creates and each
/// process group it starts, and when each is gone; the janitor only reads. When the pipe reaches
/// its end (bench exited, however: a return, a signal's handler, SIGKILL, a crash: the kernel
/// closes the pipe), it kills the groups still listed and removes the folders still listed.
/// Bench's own handlers still clean up first; the janitor covers what they cannot reach: a
/// SIGKILL (no handler runs), a folder created after the handler ran, and an external differ's
/// own children, which a parent-death signal does not reach. It ignores the terminal's signals
/// and sits in a process group of its own, so Ctrl-C on the terminal does not stop it first.
///
/// It runs only in an executable that ``enable(executable:)`` names (``DiffBench/main``), and is
/// started with the first thing to watch; elsewhere (a test process) every call is a no-op.
/// Not reached: a helper a differ started in a session of its own after bench died by SIGKILL
/// (while bench runs, ``ChildProcess/adoptOrphans()`` kills those).
package enum Janitor {
    /// Lets this process start a janitor: `executable _janitor`. Call once, at startup.
    package static func enable(executable: String?) { state.enable(executable) }

    /// Watches `folder` (an absolute path): call before creating it.
    package static func watch(folder: String) { state.send("folder \(folder)") }

    /// Stops watching `folder`: call after removing it.
    package static func forget(folder: String) { state.send("gone \(folder)") }

    /// Watches the process group led by `pid`: call right after starting it.
    package static func watch(group pid: Int32) { state.send("group \(pid)") }

    /// Stops watching the group led by `pid`: call after reaping its leader.
    package static func forget(group pid: Int32) { state.send("done \(pid)") }

    /// The janitor's pid, once started (a child of this process that is not one of its workers).
    package static var processID: Int32? { state.processID }

    /// The janitor itself (`bench _janitor`): reads standard input to its end, then kills and
    /// removes what is still listed. Returns the exit code (0).
    package static func serve() -> Int32 {
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { signal(number, SIG_IGN) }
        var folders: [String] = [], groups: Set<Int32> = []
        var pending: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let n = read(0, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            pending += buffer[..<n]
            while let end = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                let (verb, rest) = (line.prefix { $0 != " " }, String(line.drop { $0 != " " }.dropFirst()))
                switch verb {
                case "folder": folders.append(rest)
                case "gone": folders.removeAll { $0 == rest }
                case "group": if let pid = Int32(rest), pid > 1 { groups.insert(pid) }
                case "done": if let pid = Int32(rest) { groups.remove(pid) }
                default: break
                }
            }
        }
        for pid in groups { kill(-pid, SIGKILL) }
        // A process killed a moment ago may still be writing into its folder: remove twice.
        for pass in 0..<2 {
            if pass == 1 && !groups.isEmpty { usleep(50_000) }
            for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
        }
        return 0
    }

    private static let state = JanitorState()
}

/// The pipe to the janitor, shared by every thread (a signal handler's included).
final class JanitorState: @unchecked Sendable {
    private let lock = NSLock()
    private var executable: String?
    private var descriptor: Int32 = -1
    private var started = false
    private var pid: Int32?

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

    /// Writes one line, starting the janitor first if needed; a janitor that could not start is
    /// not retried (bench's own clean-up still runs).
    func send(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        if !started { start() }
        guard descriptor >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
        }
    }

    /// Starts `executable _janitor` in a group of its own, its input the read end of a pipe
    /// whose write end only this process holds (close-on-exec: no other child inherits it, so
    /// the pipe ends exactly when this process does). Called with the lock held.
    private func start() {
        started = true
        guard let executable else { return }
        var fds: [Int32] = [-1, -1]
        guard dbp_pipe_cloexec(&fds) == 0 else { return }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("_janitor"), nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = argv.withUnsafeBufferPointer {
            dbp_spawn(executable, $0.baseAddress, nil, fds[0], null, null, 1, 0, 0)
        }
        _ = close(fds[0])
        if null >= 0 { _ = close(null) }
        guard spawned > 0 else {
            _ = close(fds[1])
            return
        }
        pid = spawned
        descriptor = fds[1]
    }
}
