import Foundation
import DiffBenchCProbes
#if canImport(Glibc)
import Glibc
import DiffBenchFileFormats
#endif

/// A shell command in a process group of its own, with pipes to its standard output and error
/// (and input, unless a file is given), read with `poll` so that neither pipe can fill up and
/// block it. Standard output is capped; of standard error only the last 64 KiB are kept, for
/// the message. Killing the group kills every process the command started, so no helper it
/// left in the background outlives the answer.
final class ProcessGroup {
    /// The command wrote more on standard output than the cap: it was killed.
    struct Overflow: Error { var cap: Int }

    /// The shell's pid, which is also the group's id.
    let pid: Int32
    /// What the command wrote on standard output and nobody took yet.
    var output: [UInt8] = []
    /// The last bytes of standard error (at most ``errorKeep``).
    private(set) var errors: [UInt8] = []
    /// The raw wait status, once the shell has exited and been reaped.
    private(set) var status: Int32?

    static let errorKeep = 64 * 1024
    private let outputCap: Int
    private var input: Int32, out: Int32, err: Int32
    private var exitFD: Int32
    private var finished = false
    private var pendingInput: [UInt8] = []

    /// Starts `/bin/sh -c command`; standard input is `inputFD` (which the caller closes after
    /// this returns) or, when `nil`, a pipe fed by ``send(_:)``.
    init(command: String, inputFD: Int32?, outputCap: Int) throws(CommandError) {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1], inPipe: [Int32] = [-1, -1]
        guard dbp_pipe_cloexec(&outPipe) == 0, dbp_pipe_cloexec(&errPipe) == 0,
              inputFD != nil || dbp_pipe_cloexec(&inPipe) == 0 else {
            for fd in outPipe + errPipe + inPipe where fd >= 0 { close(fd) }
            throw .usage("cannot create pipes for the external differ: \(String(cString: strerror(errno)))")
        }
        let childInput = inputFD ?? inPipe[0]
        let spawned = dbp_spawn_shell(command, childInput, outPipe[1], errPipe[1])
        let spawnError = errno
        for fd in [outPipe[1], errPipe[1], inPipe[0]] where fd >= 0 { close(fd) }
        guard spawned > 0 else {
            for fd in [outPipe[0], errPipe[0], inPipe[1]] where fd >= 0 { close(fd) }
            throw .usage("cannot start /bin/sh: \(String(cString: strerror(spawnError)))")
        }
        pid = spawned
        self.outputCap = outputCap
        (input, out, err) = (inPipe[1], outPipe[0], errPipe[0])
        for fd in [input, out, err] where fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        exitFD = dbp_pidfd_open(pid)
        // A command that exits before reading its input must not kill bench with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { finish() }

    /// Whether the shell has exited.
    var exited: Bool {
        reap()
        return status != nil
    }

    /// Whether standard output reached its end (every process holding it closed it or exited).
    var outputClosed: Bool { out < 0 }

    /// Queues `bytes` for the command's standard input (a pipe).
    func send(_ bytes: [UInt8]) { pendingInput += bytes }

    /// Moves data between the pipes until `done()` holds or `deadline` (monotonic seconds)
    /// passes; returns whether `done()` held.
    ///
    /// - Throws: ``Overflow`` when standard output exceeds its cap (the group is then killed).
    func pump(until deadline: Double, done: () -> Bool) throws(Overflow) -> Bool {
        while true {
            reap()
            if done() { return true }
            let left = deadline - ProcessGroup.now()
            if left <= 0 { return false }
            var fds: [pollfd] = []
            for fd in [out, err] where fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            if input >= 0 && !pendingInput.isEmpty { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            if exitFD >= 0 && status == nil { fds.append(pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0)) }
            // Without a pidfd the exit is noticed by polling every millisecond.
            let wait = exitFD >= 0 || status != nil ? min(left, 1) : min(left, 0.001)
            _ = poll(&fds, nfds_t(fds.count), Int32((wait * 1000).rounded(.up)))
            try transfer()
        }
    }

    /// Reads whatever is ready now, without waiting.
    func drain() throws(Overflow) { try transfer() }

    /// Kills the whole group (helpers included), closes the pipes and reaps the shell.
    func finish() {
        guard !finished else { return }
        finished = true
        kill(-pid, SIGKILL)
        for fd in [input, out, err, exitFD] where fd >= 0 { close(fd) }
        (input, out, err, exitFD) = (-1, -1, -1, -1)
        if status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, 0) == pid { status = raw }
        }
    }

    /// Why the finished shell failed, or `nil` when it exited 0.
    var failure: String? {
        guard let raw = status else { return nil }
        let said = ProcessGroup.lastLine(errors).map { ": \($0)" } ?? ""
        let signal = raw & 0x7f
        if signal != 0 && signal != 0x7f { return "killed by signal \(signal)\(said)" }
        let code = (raw >> 8) & 0xff
        return code == 0 ? nil : "exited with status \(code)\(said)"
    }

    /// The last non-empty line of `bytes` (for Python, the exception), at most 240 characters.
    static func lastLine(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).last(where: {
            !$0.allSatisfy(\.isWhitespace)
        }) else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count <= 240 ? trimmed : String(trimmed.prefix(239)) + "…"
    }

    static func now() -> Double { Double(dbp_monotonic_ns()) / 1e9 }

    private func reap() {
        guard status == nil else { return }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
    }

    private func transfer() throws(Overflow) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while input >= 0 && !pendingInput.isEmpty {
            let n = pendingInput.withUnsafeBytes { write(input, $0.baseAddress!, $0.count) }
            if n > 0 { pendingInput.removeFirst(n) } else {
                if n < 0 && errno != EAGAIN { close(input); input = -1; pendingInput = [] }
                break
            }
        }
        while out >= 0 {
            let n = read(out, &buffer, buffer.count)
            if n > 0 {
                output += buffer[..<n]
                if output.count > outputCap { finish(); throw Overflow(cap: outputCap) }
            } else {
                if n == 0 || errno != EAGAIN { close(out); out = -1 }
                break
            }
        }
        while err >= 0 {
            let n = read(err, &buffer, buffer.count)
            if n > 0 {
                errors += buffer[..<n]
                if errors.count > 2 * ProcessGroup.errorKeep {
                    errors.removeFirst(errors.count - ProcessGroup.errorKeep)
                }
            } else {
                if n == 0 || errno != EAGAIN { close(err); err = -1 }
                break
            }
        }
    }
}
