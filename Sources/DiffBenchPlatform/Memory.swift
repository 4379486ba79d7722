// SPDX-License-Identifier: Apache-2.0
import DiffBenchCProbes

/// What a measuring process learns of its own memory: peak resident size, bytes in use, and the
/// number and bytes of the allocations made between two points.
package enum Memory {
    /// Peak resident set size in bytes (`getrusage`: kilobytes on Linux and bytes on Darwin,
    /// both converted to bytes), or 0 when unknown.
    package static func peakResidentBytes() -> UInt64 { dbp_peak_rss_bytes() }

    /// Bytes the allocator has handed out and not taken back.
    package static func bytesInUse() -> UInt64 { dbp_malloc_in_use() }

    /// Fixes the allocator's adaptive thresholds (glibc's mmap and trim thresholds), so that
    /// allocation figures repeat between runs and large scratch arrays come from the heap as in a
    /// long-running app. Nothing to fix on Darwin.
    package static func fixAllocatorThresholds() { dbp_malloc_fix_thresholds() }

    /// Starts counting the calls and requested bytes of `malloc`, `calloc` and `realloc` of the
    /// whole process; false when counting cannot be installed (then the figures are unavailable).
    @discardableResult
    package static func startCountingAllocations() -> Bool { dbp_allocations_start() == 0 }

    /// Why allocations cannot be counted in this process (then their figures are `unavailable`),
    /// or `nil` when they can: always on Linux; on Darwin when the default malloc zone could be
    /// wrapped.
    package static let allocationCountingUnavailable: String? = {
        guard dbp_allocations_start() == 0 else {
            return "the default malloc zone could not be wrapped to count allocations"
        }
        var count: UInt64 = 0, bytes: UInt64 = 0
        dbp_allocations_stop(&count, &bytes)
        return nil
    }()

    /// Stops counting; the calls and bytes since ``startCountingAllocations()``.
    package static func stopCountingAllocations() -> (count: UInt64, bytes: UInt64) {
        var count: UInt64 = 0, bytes: UInt64 = 0
        dbp_allocations_stop(&count, &bytes)
        return (count, bytes)
    }
}
