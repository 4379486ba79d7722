// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchFormat

/// Progress on standard error. On a terminal, one line rewritten in place at most twice a
/// second; otherwise (a CI log) sparse plain lines: a step that did not end `ok` always, the
/// others at most one every ``logInterval`` seconds (and the last). Silent when quiet.
///
/// The ETA adds, for every step not yet done, the mean time of the finished steps of the same
/// group (for `bench run`: the same size), else of all finished steps, never more than the step's
/// limit (for a cell: its budget plus grace); the running step counts at least as long as it has
/// already run. The worst case (`at most`, the sum of the limits) is shown only once it becomes
/// likely: when the running step has run past twice what its group takes.
package final class Progress: @unchecked Sendable {
    private let label: String
    private let quiet: Bool
    private let terminal: Bool
    private let groups: [String]
    private let limits: [Double]
    private let start = Clock.monotonicNanoseconds()
    private var lastPrint: UInt64 = 0
    private var durations: [String: (total: Double, count: Int)] = [:]
    private var all = (total: 0.0, count: 0)
    private var done = 0
    private var stepStart = Clock.monotonicNanoseconds()
    private var lastLogged: UInt64 = 0

    /// Seconds between two `ok` lines in a log (a non-terminal standard error).
    package static let logInterval = 2.0

    /// Creates progress for steps with `limits` (seconds each at most) and `groups` (steps of a
    /// group take about as long as each other).
    package init(label: String, quiet: Bool, limits: [Double], groups: [String]? = nil) {
        self.label = label
        self.quiet = quiet
        self.limits = limits
        self.groups = groups ?? limits.map { _ in "" }
        terminal = Terminal.isTerminal(2)
    }

    /// Creates progress for `total` steps of unknown length.
    package convenience init(total: Int, label: String, quiet: Bool) {
        self.init(label: label, quiet: quiet, limits: [Double](repeating: .infinity, count: total))
    }

    private var total: Int { limits.count }
    private var elapsed: Double { Double(Clock.monotonicNanoseconds() - start) / 1e9 }

    /// Reports that `done` steps are complete; `detail` names the step that starts now.
    package func advance(to done: Int, detail: String = "") {
        guard !quiet else { return }
        self.done = done
        stepStart = Clock.monotonicNanoseconds()
        if terminal { show(detail, force: done == 0) }
    }

    /// Records that step `index` finished after `seconds`; `outcome` ends its log line.
    package func finished(_ index: Int, seconds: Double, detail: String, outcome: String) {
        let group = groups[index]
        durations[group, default: (0, 0)].total += seconds
        durations[group, default: (0, 0)].count += 1
        all.total += seconds
        all.count += 1
        done = index + 1
        guard !quiet, !terminal else { return }
        let now = Clock.monotonicNanoseconds()
        let due = Double(now - lastLogged) / 1e9 >= Self.logInterval || done == total || lastLogged == 0
        guard due || !outcome.hasPrefix("ok") else { return }
        lastLogged = now
        // A cell's label and outcome can hold a case's name: made inert for the terminal.
        Terminal.writeError(
            Terminal.printable(
                "\(label): [\(done)/\(total)] \(detail): \(outcome) (\(Format.fixed(seconds, 1)) s; \(eta))")
                + "\n")
    }

    /// Called while a step runs, so that a long step keeps the line (and the ETA) current.
    package func tick(detail: String) {
        guard !quiet, terminal else { return }
        show(detail, force: false)
    }

    private func show(_ detail: String, force: Bool) {
        let now = Clock.monotonicNanoseconds()
        guard force || now - lastPrint > 500_000_000 else { return }
        lastPrint = now
        Terminal.writeError(
            "\r"
                + Terminal.printable("\(label): \(done)/\(total) \(Format.duration(elapsed)) elapsed, \(eta) \(detail)")
                + "\u{1B}[K")
    }

    /// `ETA 1m10s (at most 6m)`.
    var eta: String {
        let running = Double(Clock.monotonicNanoseconds() - stepStart) / 1e9
        var expected = 0.0, most = 0.0, overdue = false
        for k in done..<total {
            let limit = limits[k]
            let known =
                durations[groups[k]].map { $0.total / Double($0.count) }
                ?? (all.count > 0 ? all.total / Double(all.count) : Swift.min(limit, 1))
            var guess = Swift.min(known, limit)
            if k == done {
                overdue = running > 2 * known
                guess = Swift.max(guess, running)
            }
            expected += guess
            most += limit
        }
        let bound = most.isFinite && overdue ? " (at most \(Format.duration(most)))" : ""
        return "ETA \(Format.duration(expected))" + bound
    }

    /// Prints a line of its own (`bench: ...`) between progress lines.
    package func note(_ text: String) {
        guard !quiet else { return }
        Terminal.writeError(
            "\(terminal ? "\r\u{1B}[K" : "")" + Terminal.printable("\(label): \(text)", lines: true) + "\n")
    }

    /// Ends the progress line.
    package func finish() {
        guard !quiet else { return }
        Terminal.writeError(
            "\(terminal ? "\r" : "")\(Terminal.printable(label)): \(total)/\(total) done in "
                + "\(Format.duration(elapsed))\(terminal ? "\u{1B}[K" : "")\n")
    }
}
