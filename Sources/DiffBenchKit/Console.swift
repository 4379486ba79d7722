// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform

/// Standard output for results, standard error for progress and errors. Both are written at once,
/// a whole text per call (no buffer in between), so that in a pipe that carries both, as a CI log
/// does, no line of one lands inside a line of the other. A write to standard output that fails
/// (a full disk, a closed reader) is kept, and the command then exits 1 saying so
/// (``DiffBench/run(_:adding:)``): its output is incomplete.
///
/// Text for a reader (``out(_:terminator:)``, ``err(_:)``) has its control characters made inert
/// (``Terminal/printable(_:lines:)``, line breaks kept): a name from a case file or a results file
/// never drives the terminal, whatever command prints it. Only ``raw(_:terminator:)`` writes
/// bytes as they are: data formats, and the coloured table, whose cells are escaped at their
/// source.
enum Console {
    /// Writes text for a reader to standard output, control characters made inert.
    static func out(_ text: String, terminator: String = "\n") {
        raw(Terminal.printable(text + terminator, lines: true), terminator: "")
    }

    /// Writes `text` to standard output as it is: a data format (CSV, JSON, a changeset) read by
    /// a program, or text whose parts were made inert where they were made (the coloured table).
    static func raw(_ text: String, terminator: String = "\n") {
        do { try Terminal.writeOutput(text + terminator) } catch { OutputFailure.shared.record(error) }
    }

    /// Writes a message to standard error, control characters made inert.
    static func err(_ text: String) {
        Terminal.writeError(Terminal.printable(text, lines: true) + "\n")
    }

    /// Colour on standard output: only on a terminal, and only when `NO_COLOR` is unset
    /// (https://no-color.org).
    static var colour: Bool { Terminal.isTerminal(1) && Platform.environment("NO_COLOR") == nil }

    /// The first failed write to standard output since the last call, if any (and forgets it).
    static func takeOutputFailure() -> SystemError? { OutputFailure.shared.take() }
}

/// The first failed write to standard output: one per process, shared by every command's thread.
final class OutputFailure: @unchecked Sendable {
    static let shared = OutputFailure()
    private var first: SystemError?
    private let lock = NSLock()

    func record(_ error: SystemError) {
        lock.lock()
        if first == nil { first = error }
        lock.unlock()
    }

    func take() -> SystemError? {
        lock.lock()
        defer { first = nil; lock.unlock() }
        return first
    }
}
