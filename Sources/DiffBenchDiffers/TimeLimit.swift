// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A time limit for work that runs in this process (a built-in differ in `bench diff` and `bench
/// verify`). Such work cannot be stopped from outside, so it runs on another thread; past the
/// limit the caller is told, and the thread is abandoned: it runs on until it ends or the
/// process does. `bench run` needs none of this: it measures in child processes it can kill.
package enum TimeLimit {
    /// `body`'s value, or `nil` when it has not returned within `seconds`.
    ///
    /// - Complexity: `body`'s, plus starting one thread.
    package static func run<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let outcome = Outcome<T>()
        // A pooled thread: starting a thread of its own per diff (64 MiB of stack) cost 54 µs,
        // and doubled `bench verify --random 10000`. The differs keep their recursion on the heap
        // (Myers' subproblems on an explicit stack), so a pooled thread's stack is enough.
        DispatchQueue.global().async { outcome.finish(body()) }
        return outcome.wait(seconds: seconds)
    }

    /// The value a thread hands back once, guarded by a lock.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var value: T?

        func finish(_ result: T) {
            lock.withLock { value = result }
            done.signal()
        }

        func wait(seconds: Double) -> T? {
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
