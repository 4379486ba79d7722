// SPDX-License-Identifier: Apache-2.0
import DiffBenchCProbes

/// The clocks a measurement reads: monotonic time and the calling thread's CPU time.
package enum Clock {
    /// Nanoseconds of a monotonic clock that does not count sleep (Linux `CLOCK_MONOTONIC`,
    /// Darwin `CLOCK_UPTIME_RAW`).
    ///
    /// - Complexity: O(1), one system call or vDSO read.
    @inlinable
    package static func monotonicNanoseconds() -> UInt64 { dbp_monotonic_ns() }

    /// Nanoseconds of CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID` on both).
    ///
    /// - Complexity: O(1), one system call.
    @inlinable
    package static func threadCPUNanoseconds() -> UInt64 { dbp_thread_cpu_ns() }

    /// Monotonic seconds (for deadlines).
    @inlinable
    package static func seconds() -> Double { Double(dbp_monotonic_ns()) / 1e9 }
}
