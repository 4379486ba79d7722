import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A differ in any language, run as a shell command: it reads a case (`diffbench-case/1` JSON)
/// on standard input and writes a changeset (`diffbench-changeset/1` JSON) on standard output.
///
/// Per case (the default) the command starts once per case and answers with its whole output.
/// In `lines` mode it starts once and answers one case per line: each case arrives as one line
/// of JSON, and the changeset must come back as one line. A command that exceeds the timeout is
/// killed with its children; one that exits non-zero or is killed by a signal is reported with
/// the first line of its stderr. Nothing here throws: every fault is an ``Outcome/failed(_:)``.
public final class ExternalDiffer {
    /// How the command is driven.
    public enum Mode: String, Sendable {
        /// One process per case.
        case perCase = "per-case"
        /// One long-running process, one case per line.
        case lines
    }

    /// What one case produced.
    public enum Outcome: Sendable {
        /// The bytes the command wrote for the case.
        case output([UInt8])
        /// Why there is no output, in one line.
        case failed(String)
    }

    /// The shell command.
    public let command: String
    /// How the command is driven.
    public let mode: Mode
    /// Seconds one case may take.
    public let timeout: Double
    private let directory: URL
    private var server: Server?

    /// Creates a driver; the command is started on the first case.
    public init(command: String, mode: Mode, timeout: Double) throws(CommandError) {
        self.command = command
        self.mode = mode
        self.timeout = timeout
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("diffbench-external-\(getpid())-\(UUID().uuidString.prefix(8))")
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw .usage("cannot create a temporary folder for --external: \(error.localizedDescription)")
        }
    }

    deinit {
        server?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs the command on one case.
    public func run(caseJSON: [UInt8]) -> Outcome {
        switch mode {
        case .perCase: return runOnce(caseJSON)
        case .lines: return runLine(caseJSON)
        }
    }

    private func runOnce(_ caseJSON: [UInt8]) -> Outcome {
        let input = directory.appendingPathComponent("case.json")
        let output = directory.appendingPathComponent("changeset.json")
        let errors = directory.appendingPathComponent("stderr.txt")
        let manager = FileManager.default
        guard manager.createFile(atPath: input.path, contents: Data(caseJSON)),
              manager.createFile(atPath: output.path, contents: nil),
              manager.createFile(atPath: errors.path, contents: nil),
              let stdin = FileHandle(forReadingAtPath: input.path),
              let stdout = FileHandle(forWritingAtPath: output.path),
              let stderr = FileHandle(forWritingAtPath: errors.path) else {
            return .failed("cannot write the case to \(directory.path)")
        }
        defer { try? stdin.close(); try? stdout.close(); try? stderr.close() }
        let process = ExternalDiffer.shell(command)
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { return .failed("cannot start /bin/sh: \(error.localizedDescription)") }
        let started = Date()
        while process.isRunning {
            if Date().timeIntervalSince(started) > timeout {
                ExternalDiffer.killTree(process.processIdentifier)
                process.waitUntilExit()
                return .failed("no answer within \(Format.seconds(timeout)) (killed)")
            }
            usleep(1_000)
        }
        if let failure = ExternalDiffer.failure(process, stderr: (try? Data(contentsOf: errors)) ?? Data()) {
            return .failed(failure)
        }
        guard let bytes = try? Data(contentsOf: output) else { return .failed("its output could not be read") }
        return .output(Array(bytes))
    }

    private func runLine(_ caseJSON: [UInt8]) -> Outcome {
        if server == nil || !server!.process.isRunning {
            server?.stop()
            do { server = try Server(command: command, errors: directory.appendingPathComponent("stderr.txt")) } catch {
                return .failed("cannot start /bin/sh: \(error)")
            }
        }
        // JSON text has no raw newline inside strings, so the case becomes one line this way.
        var line = caseJSON.map { $0 == 0x0A ? 0x20 : $0 }
        line.append(0x0A)
        let outcome = server!.exchange(line, timeout: timeout)
        if case .failed = outcome {
            server?.stop()
            server = nil
        }
        return outcome
    }

    /// `/bin/sh -c command`.
    static func shell(_ command: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        return process
    }

    /// Why a finished process failed, or `nil` when it exited 0.
    static func failure(_ process: Process, stderr: Data) -> String? {
        let said = String(decoding: stderr, as: UTF8.self).split(separator: "\n").first.map { ": \($0)" } ?? ""
        if process.terminationReason == .uncaughtSignal {
            return "killed by signal \(process.terminationStatus)\(said)"
        }
        guard process.terminationStatus == 0 else { return "exited with status \(process.terminationStatus)\(said)" }
        return nil
    }

    /// Kills `pid` and every descendant (a shell's child would otherwise outlive it).
    static func killTree(_ pid: Int32) {
        var pending = [pid], all: [Int32] = []
        while let next = pending.popLast() {
            all.append(next)
            kill(next, SIGSTOP)
            let path = "/proc/\(next)/task/\(next)/children"
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            pending += text.split(separator: " ").compactMap { Int32($0) }
        }
        for member in all { kill(member, SIGKILL) }
    }

    /// The long-running process of `lines` mode, with non-blocking pipes on our side.
    final class Server {
        let process: Process
        private let input: Int32, output: Int32
        private let errors: URL
        private var pending: [UInt8] = []

        init(command: String, errors: URL) throws {
            self.errors = errors
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let stdin = Pipe(), stdout = Pipe()
            process = ExternalDiffer.shell(command)
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = FileHandle(forWritingAtPath: errors.path)
            try process.run()
            input = stdin.fileHandleForWriting.fileDescriptor
            output = stdout.fileHandleForReading.fileDescriptor
            // Keep the pipe ends open for as long as the server lives.
            handles = [stdin.fileHandleForWriting, stdout.fileHandleForReading]
            for fd in [input, output] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            // A differ that exits before reading its input must not kill bench with SIGPIPE: the
            // write then fails with EPIPE and the case is reported.
            signal(SIGPIPE, SIG_IGN)
        }
        private var handles: [FileHandle] = []

        func stop() {
            if process.isRunning { ExternalDiffer.killTree(process.processIdentifier); process.waitUntilExit() }
            for handle in handles { try? handle.close() }
            handles = []
        }

        /// Writes `line` and reads one line back, both within `timeout` seconds.
        func exchange(_ line: [UInt8], timeout: Double) -> Outcome {
            let deadline = Date().addingTimeInterval(timeout)
            var written = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                if let end = pending.firstIndex(of: 0x0A) {
                    let answer = Array(pending[..<end])
                    pending.removeSubrange(...end)
                    return .output(answer)
                }
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return .failed("no answer within \(Format.seconds(timeout)) (killed)") }
                var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
                if written < line.count { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
                _ = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 1000)) + 1)
                if fds.count > 1 && fds[1].revents != 0 {
                    let n = line.withUnsafeBytes { write(input, $0.baseAddress! + written, line.count - written) }
                    if n > 0 { written += n } else if n < 0 && errno != EAGAIN { return ended() }
                }
                if fds[0].revents != 0 {
                    let n = read(output, &buffer, buffer.count)
                    if n > 0 { pending += buffer[..<n] } else if n == 0 || errno != EAGAIN { return ended() }
                }
            }
        }

        private func ended() -> Outcome {
            let until = Date().addingTimeInterval(1)
            while process.isRunning && Date() < until { usleep(1_000) }
            if process.isRunning {
                ExternalDiffer.killTree(process.processIdentifier)
                process.waitUntilExit()
                return .failed("closed its output without answering (killed)")
            }
            let said = (try? Data(contentsOf: errors)) ?? Data()
            return .failed(ExternalDiffer.failure(process, stderr: said) ?? "exited before answering")
        }
    }
}
