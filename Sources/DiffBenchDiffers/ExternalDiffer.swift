// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors
import DiffBenchFormat

/// A differ in any language, run as a shell command: it reads a case (`diffbench-case/1` JSON)
/// on standard input and writes a changeset (`diffbench-changeset/1` JSON) on standard output.
///
/// Per case (the default) the command starts once per case; its answer is complete when it
/// exits or closes its standard output. A single command (``shellCommand(_:)``) replaces the
/// shell, so a program that answers, closes its output and goes on running has answered; in a
/// compound one (`a; b`, `a && b`) the shell holds the output open until it ends. In `lines`
/// mode it starts once and answers one case per line: each case arrives as one line of JSON, and
/// the changeset must come back as one line.
/// Every command runs in a process group of its own (a ``ChildProcess``) that dies with DiffBench
/// even when DiffBench is killed with SIGKILL (Linux), and the whole group is killed once the
/// answer is in, on a timeout, and on ``shutdown()`` (which `bench` calls on exit and on SIGINT,
/// SIGTERM or SIGHUP), with any helper it started in a session of its own once DiffBench adopts
/// orphans (``ChildProcess/adoptOrphans()``), so no helper it started survives. Standard output is capped at
/// ``outputCap(forCase:)``; a failure quotes the last line of standard error (for Python, the
/// exception, not "Traceback"). After three timeouts in a row the command is not sent more
/// cases. Nothing here throws: every fault is an ``Outcome/failed(_:)``.
public final class ExternalDiffer: @unchecked Sendable {
    /// How the command is driven.
    public enum Mode: String, Sendable, CaseIterable {
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
    /// Timeouts in a row after which no more cases are sent.
    public static let timeoutsBeforeGivingUp = 3
    private let directory: URL
    /// The folder as the janitor knows it.
    private let folder: JanitorFolder
    private var server: ChildProcess?
    private var pending: [UInt8] = []
    private var timeoutsInARow = 0
    /// The groups running now, for ``shutdown()`` from a signal handler's thread.
    private var live: Set<Int32> = []
    private let lock = NSLock()

    /// Creates a driver; the command is started on the first case.
    public init(command: String, mode: Mode, timeout: Double) throws(DiffBenchError) {
        self.command = command
        self.mode = mode
        self.timeout = timeout
        do { folder = try Janitor.makeTemporaryFolder("external") } catch {
            throw .badInput("cannot create a temporary folder for --external: \(error)")
        }
        directory = URL(fileURLWithPath: folder.path)
    }

    deinit { shutdown() }

    /// Kills every process group this driver started and removes its temporary folder. Safe to
    /// call from a signal handler's thread and more than once.
    public func shutdown() {
        lock.lock()
        for pid in live { Signals.send(Signals.killNow, to: pid, group: true) }
        lock.unlock()
        try? Files.removeTree(directory.path)
        if !Files.exists(directory.path) { Janitor.forget(folder) }
    }

    /// The most a command may write for one case: 8 times the case (a changeset lists at most
    /// a few operations per item), and never less than 64 MiB.
    public static func outputCap(forCase bytes: Int) -> Int { max(64 << 20, 8 * bytes) }

    /// Runs the command on one case.
    public func run(caseJSON: [UInt8]) -> Outcome {
        guard timeoutsInARow < Self.timeoutsBeforeGivingUp else {
            return .failed(
                "not answering: \(Self.timeoutsBeforeGivingUp) cases in a row got no answer within "
                    + "\(Format.seconds(timeout)); no more cases are sent")
        }
        let outcome: Outcome
        switch mode {
        case .perCase: outcome = runOnce(caseJSON)
        case .lines: outcome = runLine(caseJSON)
        }
        if case .failed(let why) = outcome, why.hasPrefix(Self.noAnswer) {
            timeoutsInARow += 1
        } else {
            timeoutsInARow = 0
        }
        return outcome
    }

    static let noAnswer = "no answer within"

    /// `command` as the shell runs it: `exec command` when it is a single command (no operator,
    /// redirection, grouping or substitution, no leading assignment or reserved word), so that
    /// the program replaces the shell and closing its output ends the answer (some shells, dash
    /// among them, otherwise fork it and keep the output open themselves); else unchanged.
    ///
    /// - Complexity: O(*k*) for *k* characters.
    public static func shellCommand(_ command: String) -> String {
        let text = command.trimmingCharacters(in: .whitespaces)
        let special: Set<Character> = [";", "&", "|", "(", ")", "<", ">", "`", "$", "\n", "{", "}", "!", "#", "\\"]
        guard !text.isEmpty, !text.contains(where: special.contains) else { return command }
        let first = String(text.prefix { $0 != " " && $0 != "\t" })
        let reserved: Set<String> = [
            "if", "then", "else", "elif", "fi", "while", "until", "for", "do", "done",
            "case", "esac", "in", "exec", "time"
        ]
        guard !first.contains("="), !reserved.contains(first) else { return command }
        return "exec " + text
    }

    private func track(_ pid: Int32, _ running: Bool) {
        lock.lock()
        if running { live.insert(pid) } else { live.remove(pid) }
        lock.unlock()
    }

    private func start(_ inputFD: Int32?, cap: Int) -> Result<ChildProcess, ChildProcess.SpawnError> {
        do throws(ChildProcess.SpawnError) {
            let input: ChildProcess.Input = inputFD.map { .descriptor($0) } ?? .pipe
            let group = try ChildProcess(shell: Self.shellCommand(command), input: input, outputCap: cap)
            track(group.pid, true)
            return .success(group)
        } catch {
            return .failure(error)
        }
    }

    private func end(_ group: ChildProcess) {
        group.finish()
        track(group.pid, false)
    }

    private func runOnce(_ caseJSON: [UInt8]) -> Outcome {
        let input = directory.appendingPathComponent("case.json")
        guard Files.createFile(input.path, Data(caseJSON)) else {
            return .failed("cannot write the case to \(directory.path)")
        }
        guard let inputFD = try? Files.openForReading(input.path) else {
            return .failed("cannot read back the case in \(directory.path)")
        }
        let started = start(inputFD, cap: Self.outputCap(forCase: caseJSON.count))
        try? Files.close(inputFD)
        guard case .success(let group) = started else {
            if case .failure(let error) = started { return .failed(error.description) }
            return .failed("cannot start /bin/sh")
        }
        defer { end(group) }
        do throws(ChildProcess.Overflow) {
            // The answer is complete when the command exits or closes its output.
            let deadline = Clock.seconds() + timeout
            guard try group.pump(until: deadline, done: { group.exited || group.outputClosed }) else {
                return .failed("\(Self.noAnswer) \(Format.seconds(timeout)) (killed)")
            }
            if !group.exited { _ = try group.pump(until: Clock.seconds() + 1, done: { group.exited }) }
            try group.drain()
        } catch {
            return .failed("wrote more than \(error.cap >> 20) MiB on standard output (killed)")
        }
        if group.exited, let failure = group.failure { return .failed(failure) }
        return .output(group.output)
    }

    private func runLine(_ caseJSON: [UInt8]) -> Outcome {
        let cap = Self.outputCap(forCase: caseJSON.count)
        if server == nil || server!.exited {
            if let old = server { end(old) }
            pending = []
            switch start(nil, cap: cap) {
            case .success(let group): server = group
            case .failure(let error): return .failed(error.description)
            }
        }
        let group = server!
        // JSON text has no raw newline inside strings, so the case becomes one line this way.
        var line = caseJSON.map { $0 == 0x0A ? 0x20 : $0 }
        line.append(0x0A)
        group.send(line)
        let outcome: Outcome
        do throws(ChildProcess.Overflow) {
            let deadline = Clock.seconds() + timeout
            let answered = try group.pump(until: deadline) {
                group.output.contains(0x0A) || group.outputClosed || group.exited
            }
            if let end = group.output.firstIndex(of: 0x0A) {
                let answer = Array(group.output[..<end])
                group.output.removeSubrange(...end)
                return .output(answer)
            }
            // An answer is complete once the command closes its output, newline or not.
            let blank: Set<UInt8> = [0x20, 0x0D, 0x09]
            if group.outputClosed && group.output.contains(where: { !blank.contains($0) }) {
                let answer = group.output
                end(group)
                server = nil
                return .output(answer)
            }
            if !answered {
                outcome = .failed("\(Self.noAnswer) \(Format.seconds(timeout)) (killed)")
            } else {
                _ = try group.pump(until: Clock.seconds() + 1, done: { group.exited })
                outcome = .failed(
                    group.exited
                        ? group.failure ?? "exited before answering"
                        : "closed its output without answering (killed)")
            }
        } catch {
            outcome = .failed("wrote more than \(error.cap >> 20) MiB on one line (killed)")
        }
        end(group)
        server = nil
        return outcome
    }
}
