// SPDX-License-Identifier: Apache-2.0
#if os(Linux)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import DiffBenchCProbes

/// Signals: the ones that end a run, and what a child process asks of the kernel about them.
package enum Signals {
    /// Ctrl-C.
    package static let interrupt = SIGINT
    /// A polite request to stop (`kill`, a CI runner's timeout).
    package static let terminate = SIGTERM
    /// The terminal went away (a closed SSH session).
    package static let hangUp = SIGHUP
    /// The signal that cannot be caught.
    package static let killNow = SIGKILL

    /// Runs `handler` (on a dispatch queue) when this process receives interrupt, terminate or
    /// hang-up; the signals' default action is suppressed for as long as the returned sources live.
    package static func onTermination(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// A write to a closed pipe returns an error instead of killing this process.
    package static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

    /// A write past the file-size limit (`ulimit -f`) fails with EFBIG, which the writer reports
    /// with the file's name and removes its temporary file, instead of SIGXFSZ killing this
    /// process silently with the temporary file left behind.
    package static func ignoreFileSizeLimit() { signal(SIGXFSZ, SIG_IGN) }

    /// Sends `signal` to process `pid`, or to its whole process group when `group`.
    @discardableResult
    package static func send(_ signal: Int32, to pid: Int32, group: Bool = false) -> Bool {
        #if os(Linux)
        return Glibc.kill(group ? -pid : pid, signal) == 0
        #else
        return Darwin.kill(group ? -pid : pid, signal) == 0
        #endif
    }

    /// Stops this process (SIGSTOP) when the environment variable `DIFFBENCH_STOP_AT` names `point`:
    /// a test then finds it stopped exactly there, however loaded the machine, signals it and lets
    /// it go on (SIGCONT). Nothing happens otherwise.
    ///
    /// - Complexity: O(1).
    package static func stopHereForTests(_ point: String) {
        guard let wanted = getenv("DIFFBENCH_STOP_AT"), String(cString: wanted) == point else { return }
        send(SIGSTOP, to: getpid())
    }

    /// Asks the kernel to send this process `signal` when its parent dies (Linux
    /// `PR_SET_PDEATHSIG`; Darwin: a thread watching the parent's exit); false when refused.
    @discardableResult
    package static func dieWithParent(_ signal: Int32 = SIGKILL) -> Bool { dbp_die_with_parent(signal) == 0 }

    /// A description of a wait status: `exited with status N` or `killed by signal N`.
    package static func describe(waitStatus raw: Int32) -> String {
        let signal = raw & 0x7f
        if signal != 0 && signal != 0x7f { return "killed by signal \(signal)" }
        return "exited with status \((raw >> 8) & 0xff)"
    }
}
