import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The parent's end of a long-lived measuring child (`bench _cells`): one cell spec per line
/// out, one result per line back. Started on the first visit; a child that outlasts a cell's
/// limit is killed, and the next visit starts a new one.
final class CellServer {
    let command: [String]
    private var process: Process?
    private var toChild: FileHandle?
    private var fromChildHandle: FileHandle?
    private var fromChild: Int32 { fromChildHandle?.fileDescriptor ?? -1 }
    /// Bytes read from the child past the last full line.
    private var pending: [UInt8] = []

    init(command: [String]) { self.command = command }

    deinit { stop() }

    /// Sends `spec` (one line of JSON) and waits up to `limit` seconds for the answer line.
    func visit(
        _ spec: String,
        limit: Double,
        tick: (Double) -> Void
    ) -> (answer: Data?, finished: CellRunner.Finished) {
        let started = Date()
        guard start(), let toChild, (try? toChild.write(contentsOf: Data((spec + "\n").utf8))) != nil else {
            stop()
            return (nil, CellRunner.Finished(status: -1, seconds: Date().timeIntervalSince(started)))
        }
        var lastTick = 0.0
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Data(pending[..<newline])
                pending.removeSubrange(...newline)
                return (line, CellRunner.Finished(seconds: Date().timeIntervalSince(started)))
            }
            let seconds = Date().timeIntervalSince(started)
            if seconds > limit {
                stop(kill: true)
                return (nil, CellRunner.Finished(status: -1, killed: true, seconds: Date().timeIntervalSince(started)))
            }
            if seconds - lastTick >= 0.5 { tick(seconds); lastTick = seconds }
            var ready = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) >= 0 || errno == EINTR else { break }
            guard ready.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(fromChild, &buffer, buffer.count)
            if count > 0 { pending += buffer[..<count] } else if count == 0 || errno != EINTR { break }
        }
        // The child ended without answering (it crashed).
        let status = stop()
        return (nil, CellRunner.Finished(status: status == 0 ? -1 : status, seconds: Date().timeIntervalSince(started)))
    }

    /// Starts the child unless it runs; false when it cannot be started.
    private func start() -> Bool {
        if process != nil { return true }
        let process = Process(), input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = input
        process.standardOutput = output
        process.environment = CellRunner.childEnvironment
        _ = CellRunner.setChildLayout(fixed: true)
        do { try process.run() } catch { return false }
        self.process = process
        toChild = input.fileHandleForWriting
        fromChildHandle = output.fileHandleForReading
        // The parent's copies of the child's ends, so that end of input and a dead child show.
        try? input.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        pending = []
        return true
    }

    /// Ends the child: closes its input (it exits at end of input) or kills it; returns its status.
    @discardableResult
    func stop(kill: Bool = false) -> Int32 {
        guard let process else { return 0 }
        if kill { Glibc.kill(process.processIdentifier, SIGKILL) }
        try? toChild?.close()
        process.waitUntilExit()
        try? fromChildHandle?.close()
        self.process = nil
        toChild = nil
        fromChildHandle = nil
        return process.terminationStatus
    }
}
