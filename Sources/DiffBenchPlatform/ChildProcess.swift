// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import DiffBenchCProbes

/// The one supervisor of the processes DiffBench starts: measuring children (one per cell, or the
/// long-lived cell server) and external differs. A child is spawned with a given environment,
/// optionally in a process group of its own and with a fixed memory layout; its standard output is
/// captured up to a cap (or discarded, or sent to a file), its standard error keeps its last 64 KiB
/// (or goes to a file); ``pump(until:done:)`` moves data between the pipes with `poll`, so neither
/// pipe can fill up and block the child, and notices the child's exit through a pidfd (Linux) or a
/// kqueue (Darwin). ``finish()`` kills the child (its whole group when it has one), closes the
/// pipes and reaps it.
package final class ChildProcess {
    /// Where the child's standard input comes from.
    package enum Input {
        /// A pipe fed by ``send(_:)`` and closed by ``closeInput()``.
        case pipe
        /// A descriptor the caller owns (dup'ed into the child; the caller closes its own).
        case descriptor(Int32)
        /// `/dev/null`.
        case null
    }

    /// Where one of the child's output streams goes.
    package enum Output {
        /// Captured in memory: standard output up to `cap` bytes (beyond it the child is killed
        /// and ``pump(until:done:)`` throws ``Overflow``), standard error its last `cap` bytes.
        case capture(cap: Int)
        /// A file, created or truncated.
        case file(String)
        /// `/dev/null`.
        case null
        /// This process's own stream.
        case inherit
    }

    /// The child wrote more on standard output than its cap: it was killed.
    package struct Overflow: Error {
        /// The cap it passed.
        package var cap: Int
    }

    /// The spawn failed: why.
    package struct SpawnError: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        package var description: String
    }

    /// The child's pid (also its process group's id when it has a group of its own).
    package let pid: Int32
    /// Whether the child leads a process group of its own (then kills reach the whole group).
    package let ownGroup: Bool
    /// Standard output received and not yet taken by the caller.
    package var output: [UInt8] = []
    /// The last bytes of standard error (when captured).
    package private(set) var errors: [UInt8] = []
    /// The raw wait status, once the child has exited and been reaped.
    package private(set) var status: Int32?
    /// When the child was started (``Clock/seconds()``).
    package let started: Double

    private let outputCap: Int, errorCap: Int
    private var input: Int32, out: Int32, err: Int32, exitWatch: Int32
    private var finished = false
    private var pendingInput: [UInt8] = []

    /// Starts `arguments[0]` (a path) with `arguments`, and `environment` (`nil`: this process's).
    ///
    /// - Throws: ``SpawnError`` when a pipe, a file or the process cannot be made.
    package init(
        _ arguments: [String], environment: [String: String]? = nil, input stdinKind: Input = .null,
        output stdoutKind: Output = .null, error stderrKind: Output = .capture(cap: 64 * 1024),
        ownGroup: Bool = false, fixedLayout: Bool = false, dieWithParent: Bool = false
    ) throws(SpawnError) {
        precondition(!arguments.isEmpty, "a child needs an executable")
        var toClose: [Int32] = []
        defer { for fd in toClose { _ = closeDescriptor(fd) } }
        func pipePair() throws(SpawnError) -> (read: Int32, write: Int32) {
            var fds: [Int32] = [-1, -1]
            guard dbp_pipe_cloexec(&fds) == 0 else {
                throw SpawnError(description: "cannot create a pipe: \(Platform.lastErrorText)")
            }
            return (fds[0], fds[1])
        }
        func target(_ kind: Output, stream: String) throws(SpawnError) -> (child: Int32, parent: Int32, cap: Int) {
            switch kind {
            case .capture(let cap):
                let pair = try pipePair()
                toClose.append(pair.write)
                return (pair.write, pair.read, cap)
            case .file(let path):
                let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard fd >= 0 else {
                    throw SpawnError(description: "cannot write \(path): \(Platform.lastErrorText)")
                }
                toClose.append(fd)
                return (fd, -1, 0)
            case .inherit:
                return (-1, -1, 0)
            case .null:
                let fd = open("/dev/null", O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else {
                    throw SpawnError(description: "cannot open /dev/null for \(stream): \(Platform.lastErrorText)")
                }
                toClose.append(fd)
                return (fd, -1, 0)
            }
        }
        var childIn: Int32, parentIn: Int32 = -1
        switch stdinKind {
        case .pipe:
            let pair = try pipePair()
            toClose.append(pair.read)
            (childIn, parentIn) = (pair.read, pair.write)
        case .descriptor(let fd): childIn = fd
        case .null:
            childIn = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard childIn >= 0 else {
                throw SpawnError(description: "cannot open /dev/null: \(Platform.lastErrorText)")
            }
            toClose.append(childIn)
        }
        let stdout: (child: Int32, parent: Int32, cap: Int), stderr: (child: Int32, parent: Int32, cap: Int)
        do {
            stdout = try target(stdoutKind, stream: "standard output")
            stderr = try target(stderrKind, stream: "standard error")
        } catch {
            if parentIn >= 0 { _ = closeDescriptor(parentIn) }
            throw error
        }
        let environmentLines = environment.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
        var spawned: Int32 = -1, spawnError: Int32 = 0
        // A program file that another thread's child still holds open for writing (it forked while
        // the file was being written) cannot be executed yet (ETXTBSY): it is free a moment later.
        for attempt in 0..<5 {
            spawned = ChildProcess.spawn(
                arguments, environment: environmentLines, input: childIn,
                output: stdout.child, error: stderr.child, group: ownGroup,
                fixedLayout: fixedLayout, dieWithParent: dieWithParent)
            spawnError = errno
            guard spawned <= 0 && spawnError == ETXTBSY && attempt < 4 else { break }
            usleep(20_000)
        }
        guard spawned > 0 else {
            for fd in [parentIn, stdout.parent, stderr.parent] where fd >= 0 { _ = closeDescriptor(fd) }
            throw SpawnError(description: "cannot start \(arguments[0]): \(Platform.errorText(spawnError))")
        }
        pid = spawned
        self.ownGroup = ownGroup
        started = Clock.seconds()
        (input, out, err) = (parentIn, stdout.parent, stderr.parent)
        (outputCap, errorCap) = (stdout.cap, stderr.cap)
        for fd in [input, out, err] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        exitWatch = dbp_exit_watch_open(pid)
        if ownGroup { Janitor.watch(group: pid) }
        // After killAll (an interrupted run), a child started on another thread dies at once.
        if !ChildProcess.known.insert(pid) {
            if ownGroup { kill(-pid, SIGKILL) }
            kill(pid, SIGKILL)
        }
        // A child that exits before reading its input must not kill this process with SIGPIPE.
        Signals.ignoreBrokenPipe()
    }

    /// Starts `/bin/sh -c command` in a process group of its own that dies with this process: how
    /// external differs are run.
    package convenience init(shell command: String, input: Input, outputCap: Int) throws(SpawnError) {
        try self.init(
            ["/bin/sh", "-c", command], input: input, output: .capture(cap: outputCap),
            error: .capture(cap: 64 * 1024), ownGroup: true, dieWithParent: true)
    }

    deinit { finish() }

    /// Whether the child has exited (reaping it if so).
    package var exited: Bool {
        reap()
        return status != nil
    }

    /// Whether standard output reached its end (every process holding it closed it or exited).
    package var outputClosed: Bool { out < 0 }

    /// Queues `bytes` for the child's standard input (a pipe).
    package func send(_ bytes: [UInt8]) { pendingInput += bytes }

    /// Closes the child's standard input once what is queued has been written (a child that reads
    /// to the end of its input then ends).
    package func closeInput() {
        try? drain()
        if input >= 0 && pendingInput.isEmpty { _ = closeDescriptor(input); input = -1 }
    }

    /// Moves data between the pipes until `done()` holds or `deadline` (``Clock/seconds()``)
    /// passes; returns whether `done()` held.
    ///
    /// - Throws: ``Overflow`` when standard output exceeds its cap (the child is then killed).
    package func pump(until deadline: Double, done: () -> Bool) throws(Overflow) -> Bool {
        while true {
            reap()
            if done() { return true }
            let left = deadline - Clock.seconds()
            if left <= 0 { return false }
            var fds: [pollfd] = []
            for fd in [out, err] where fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            if input >= 0 && !pendingInput.isEmpty {
                fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0))
            }
            if exitWatch >= 0 && status == nil {
                fds.append(pollfd(fd: exitWatch, events: Int16(POLLIN), revents: 0))
            }
            // Without an exit watch the exit is noticed by polling every millisecond.
            let wait = exitWatch >= 0 || status != nil ? min(left, 1) : min(left, 0.001)
            _ = poll(&fds, nfds_t(fds.count), Int32((wait * 1000).rounded(.up)))
            try transfer()
        }
    }

    /// Reads whatever is ready now, without waiting.
    package func drain() throws(Overflow) { try transfer() }

    /// Waits up to `seconds` for the child to exit on its own; whether it did.
    package func wait(seconds: Double) -> Bool {
        (try? pump(until: Clock.seconds() + seconds) { self.status != nil }) ?? false
    }

    /// Kills the child (its whole group when it has one, and any process of the group left after
    /// the child itself exited), closes the pipes and reaps it. Safe to call twice.
    package func finish() {
        guard !finished else { return }
        finished = true
        if ownGroup { kill(-pid, SIGKILL) }
        if status == nil { kill(pid, SIGKILL) }
        for fd in [input, out, err, exitWatch] where fd >= 0 { _ = closeDescriptor(fd) }
        (input, out, err, exitWatch) = (-1, -1, -1, -1)
        if status == nil {
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            status = raw
        }
        ChildProcess.known.remove(pid)
        if ownGroup {
            ChildProcess.killOrphans()
            Janitor.forget(group: pid)
        }
    }

    /// Whether a child can be given a fixed memory layout here (Linux: unless a seccomp profile
    /// refuses `personality`; Darwin: always).
    package static var fixedLayoutSupported: Bool { dbp_fixed_layout_supported() == 1 }

    /// The pids of the children started here and not yet finished.
    private static let known = KnownChildren()

    /// Makes this process the reaper of its orphaned descendants (Linux `PR_SET_CHILD_SUBREAPER`):
    /// a helper that a command starts in a session of its own (`setsid`) escapes the command's
    /// process group, but once its parent is gone it becomes this process's child, and
    /// ``finish()`` kills it. Call it before starting commands whose helpers must not outlive
    /// DiffBench; false where the platform has no such thing (Darwin).
    @discardableResult
    package static func adoptOrphans() -> Bool {
        let adopted = dbp_become_subreaper() == 0
        if adopted { known.adopting = true }
        return adopted
    }

    /// Kills every child started here and not yet finished (their groups too): what an interrupted
    /// run does first, before it removes the files the children write. Safe from a signal
    /// handler's queue. A child started afterwards, on another thread, is killed as it starts.
    package static func killAll() {
        for pid in known.closing() {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        killOrphans()
    }

    /// Kills and reaps every child of this process that no ``ChildProcess`` started: the adopted
    /// orphans of ``adoptOrphans()``. A no-op unless this process adopts orphans, and where children
    /// cannot be listed (Darwin).
    package static func killOrphans() {
        guard known.adopting else { return }
        for _ in 0..<8 {
            var pids = [Int32](repeating: 0, count: 256)
            let count = Int(dbp_children(&pids, Int32(pids.count)))
            let orphans = pids.prefix(max(0, min(count, pids.count))).filter {
                !known.contains($0) && $0 != Janitor.processID
            }
            if orphans.isEmpty { return }
            for pid in orphans {
                kill(pid, SIGKILL)
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            }
        }
    }

    /// Ends a child that ends itself at the end of its input: closes its input and waits up to
    /// `grace` seconds, then kills it. Returns the wait status.
    @discardableResult
    package func stop(grace: Double) -> Int32 {
        closeInput()
        if input >= 0 { _ = closeDescriptor(input); input = -1 }
        _ = wait(seconds: grace)
        finish()
        return status ?? -1
    }

    /// The exit code when the child exited normally, `nil` otherwise (or while it runs).
    package var exitCode: Int32? {
        guard let raw = status, raw & 0x7f == 0 else { return nil }
        return (raw >> 8) & 0xff
    }

    /// Why the finished child failed (with the last line of its standard error), or `nil` when it
    /// exited 0.
    package var failure: String? {
        guard let raw = status else { return nil }
        if exitCode == 0 { return nil }
        let said = ChildProcess.lastLine(errors).map { ": \($0)" } ?? ""
        return Signals.describe(waitStatus: raw) + said
    }

    /// The last non-empty line of `bytes` (for Python, the exception), at most 240 characters.
    package static func lastLine(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard
            let line = text.split(whereSeparator: \.isNewline).last(where: {
                !$0.allSatisfy(\.isWhitespace)
            })
        else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count <= 240 ? trimmed : String(trimmed.prefix(239)) + "…"
    }

    private func reap() {
        guard status == nil else { return }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
    }

    private func transfer() throws(Overflow) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while input >= 0 && !pendingInput.isEmpty {
            let n = pendingInput.withUnsafeBytes { write(input, $0.baseAddress!, $0.count) }
            if n > 0 {
                pendingInput.removeFirst(n)
            } else {
                if n < 0 && errno != EAGAIN && errno != EINTR {
                    _ = closeDescriptor(input)
                    input = -1
                    pendingInput = []
                }
                break
            }
        }
        while out >= 0 {
            let n = read(out, &buffer, buffer.count)
            if n > 0 {
                output += buffer[..<n]
                if output.count > outputCap { finish(); throw Overflow(cap: outputCap) }
            } else {
                if n == 0 || (errno != EAGAIN && errno != EINTR) { _ = closeDescriptor(out); out = -1 }
                break
            }
        }
        while err >= 0 {
            let n = read(err, &buffer, buffer.count)
            if n > 0 {
                errors += buffer[..<n]
                if errors.count > 2 * errorCap { errors.removeFirst(errors.count - errorCap) }
            } else {
                if n == 0 || (errno != EAGAIN && errno != EINTR) { _ = closeDescriptor(err); err = -1 }
                break
            }
        }
    }

    /// `dbp_spawn` with Swift strings: argv and the environment as C strings for the call.
    private static func spawn(
        _ arguments: [String], environment: [String]?, input: Int32, output: Int32,
        error: Int32, group: Bool, fixedLayout: Bool, dieWithParent: Bool
    ) -> Int32 {
        func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] { strings.map { strdup($0) } + [nil] }
        let argv = cStrings(arguments), envp = environment.map(cStrings)
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        return argv.withUnsafeBufferPointer { argvBuffer in
            func call(_ envpPointer: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
                dbp_spawn(
                    arguments[0], argvBuffer.baseAddress, envpPointer, input, output, error, group ? 1 : 0,
                    fixedLayout ? 1 : 0, dieWithParent ? 1 : 0)
            }
            if let envp { return envp.withUnsafeBufferPointer { call($0.baseAddress) } }
            return call(nil)
        }
    }
}

/// A set of pids shared by every thread (a signal handler's included).
final class KnownChildren: @unchecked Sendable {
    private var pids: Set<Int32> = []
    private let lock = NSLock()
    /// Whether this process is the reaper of its orphans (then unknown children are adopted ones).
    var adopting: Bool {
        get { lock.lock(); defer { lock.unlock() }; return isAdopting }
        set { lock.lock(); isAdopting = newValue; lock.unlock() }
    }
    private var isAdopting = false

    /// Whether ``closing()`` was called: no child may live from then on.
    private var closed = false
    /// Adds a started child; false once closed (the caller kills it).
    func insert(_ pid: Int32) -> Bool { lock.lock(); defer { lock.unlock() }; pids.insert(pid); return !closed }
    /// Closes the set to new children; the children now in it.
    func closing() -> [Int32] { lock.lock(); defer { lock.unlock() }; closed = true; return Array(pids) }
    func remove(_ pid: Int32) { lock.lock(); pids.remove(pid); lock.unlock() }
    func contains(_ pid: Int32) -> Bool { lock.lock(); defer { lock.unlock() }; return pids.contains(pid) }
}

/// `close(2)`, under either platform's module.
@inline(__always)
func closeDescriptor(_ fd: Int32) -> Int32 {
    #if os(Linux)
    return Glibc.close(fd)
    #else
    return Darwin.close(fd)
    #endif
}
