// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform

/// Standard output for results, standard error for progress and errors. Both are written at once,
/// a whole text per call (no buffer in between), so that in a pipe that carries both, as a CI log
/// does, no line of one lands inside a line of the other. A write to standard output that fails
/// (a full disk, a closed reader) is kept, and the command then exits 1 saying so
/// (``DiffBench/run(_:adding:)``): its output is incomplete.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        do { try Terminal.writeOutput(text + terminator) } catch { OutputFailure.shared.record(error) }
    }

    static func err(_ text: String) {
        Terminal.writeError(text + "\n")
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
