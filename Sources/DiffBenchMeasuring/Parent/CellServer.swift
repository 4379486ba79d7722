// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchPlatform

/// The parent's end of a long-lived measuring child (`bench _cells`): one cell spec per line
/// out, one result per line back. Started on the first visit; a child that outlasts a cell's
/// limit is killed, and the next visit starts a new one.
final class CellServer {
    let command: [String]
    private var child: ChildProcess?

    /// The environment the child starts with.
    let environment: [String: String]

    init(command: [String], environment: [String: String]) {
        self.command = command
        self.environment = environment
    }

    deinit { stop() }

    /// The most a child may answer for one cell (a result line is a few hundred kilobytes at most).
    static let answerCap = 256 << 20

    /// Sends `spec` (one line of JSON) and waits up to `limit` seconds for the answer line.
    func visit(
        _ spec: String,
        limit: Double,
        tick: (Double) -> Void
    ) -> (answer: Data?, finished: CellRunner.Finished) {
        let started = Clock.seconds()
        func elapsed() -> Double { Clock.seconds() - started }
        guard let child = start() else {
            return (nil, CellRunner.Finished(status: -1, seconds: elapsed(), ending: "could not start"))
        }
        child.send(Array((spec + "\n").utf8))
        var lastTick = 0.0
        do throws(ChildProcess.Overflow) {
            while true {
                if let newline = child.output.firstIndex(of: 0x0A) {
                    let line = Data(child.output[..<newline])
                    child.output.removeSubrange(...newline)
                    return (line, CellRunner.Finished(seconds: elapsed()))
                }
                let seconds = elapsed()
                if seconds > limit {
                    stop(kill: true)
                    return (nil, CellRunner.Finished(status: -1, killed: true, seconds: elapsed()))
                }
                if seconds - lastTick >= 0.5 { tick(seconds); lastTick = seconds }
                let answered = try child.pump(until: Clock.seconds() + min(0.5, limit - seconds + 0.001)) {
                    child.output.contains(0x0A) || child.outputClosed || child.exited
                }
                if answered && !child.output.contains(0x0A) { break }
            }
        } catch {
            stop(kill: true)
            return (
                nil,
                CellRunner.Finished(
                    status: -1, seconds: elapsed(),
                    ending: "answered more than "
                        + "\(CellServer.answerCap >> 20) MiB")
            )
        }
        // The child ended without answering (it crashed).
        let status = stop()
        return (nil, CellRunner.Finished(status: -1, seconds: elapsed(), ending: Signals.describe(waitStatus: status)))
    }

    /// The running child, started unless it runs; `nil` when it cannot be started.
    private func start() -> ChildProcess? {
        if let child, !child.exited { return child }
        if child != nil { stop() }
        child = try? ChildProcess(
            command, environment: environment, input: .pipe,
            output: .capture(cap: CellServer.answerCap), error: .inherit,
            fixedLayout: CellRunner.fixedLayoutSupported)
        return child
    }

    /// Ends the child: closes its input (it exits at the end of its input) or kills it; returns its
    /// wait status.
    @discardableResult
    func stop(kill: Bool = false) -> Int32 {
        guard let child else { return 0 }
        self.child = nil
        if kill {
            child.finish()
            return child.status ?? -1
        }
        return child.stop(grace: 5)
    }
}
