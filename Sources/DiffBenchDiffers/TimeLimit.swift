// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A time limit for work that runs in this process (a built-in differ in `bench diff` and `bench
/// verify`). Such work cannot be stopped from outside, so it runs on a thread of its own; past
/// the limit the caller is told, and the thread is abandoned: it runs on until it ends or the
/// process does. `bench run` needs none of this: it measures in child processes it can kill.
///
/// The limit counts from when the work starts on its thread, and the thread is its own, so work
/// abandoned earlier never delays it. Before, the work went to the shared dispatch pool: with two
/// runaway differs holding both of its threads on two cores, `bench verify --algorithms
/// stdlib,myers,heckel,lis --timeout 5` never started heckel and lis and reported them as not
/// finishing within 5 s.
package enum TimeLimit {
    /// `body`'s value, or `nil` when it has not returned within `seconds` of starting.
    ///
    /// - Complexity: `body`'s, plus starting one thread (tens of microseconds: callers run small
    ///   work inline instead).
    package static func run<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let outcome = Outcome<T>()
        // The differs keep their recursion on the heap (Myers' subproblems on an explicit stack),
        // so the default stack is enough.
        let thread = Thread {
            outcome.start()
            outcome.finish(body())
        }
        thread.start()
        return outcome.wait(seconds: seconds)
    }

    /// The value a thread hands back once, guarded by a lock, and when the thread started.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private let started = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var value: T?

        func start() { started.signal() }

        func finish(_ result: T) {
            lock.withLock { value = result }
            done.signal()
        }

        /// Waits for the thread to start, then up to `seconds` for its value.
        func wait(seconds: Double) -> T? {
            started.wait()
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return lock.withLock { value }
        }
    }
}

/// The differs that ran past their time limit in this process, and the case each was on: their
/// threads still run, so their later cases are not started. Shared by the copies of a
/// ``Verification``.
package final class AbandonedDiffers: @unchecked Sendable {
    private let lock = NSLock()
    private var cases: [String: String] = [:]

    /// An empty set.
    package init() {}

    /// The case `differ` was abandoned on, if it was.
    ///
    /// - Complexity: O(1).
    package func abandonedCase(of differ: String) -> String? { lock.withLock { cases[differ] } }

    /// Records that `differ` was abandoned on `label`.
    ///
    /// - Complexity: O(1).
    package func abandon(_ differ: String, on label: String) { lock.withLock { cases[differ] = label } }
}

extension TimeLimit {
    /// `seconds` as the help text writes them: `10 s`, `0.5 s`.
    ///
    /// - Complexity: O(1).
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }
}
