// SPDX-License-Identifier: Apache-2.0
import DiffBenchCProbes

/// A per-thread counter of retired user-space instructions (Linux `perf_event_open`). Darwin has
/// no such counter for a process of its own: ``open()`` returns `nil` there, and instruction
/// figures are `unavailable` with ``unavailableByDesign`` as the reason (Linux CI counts them).
package final class HardwareCounter {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { dbp_instructions_close(descriptor) }

    /// A running counter, or `nil` when the kernel refuses one (always on Darwin).
    package static func open() -> HardwareCounter? {
        let fd = dbp_instructions_open()
        return fd >= 0 ? HardwareCounter(descriptor: fd) : nil
    }

    /// Whether this machine grants a counter.
    package static var available: Bool { open() != nil }

    /// Instructions counted so far, or `nil` when the read fails.
    package func read() -> Int64? {
        let value = dbp_instructions_read(descriptor)
        return value >= 0 ? value : nil
    }

    /// Why there is no counter on this platform by design; `nil` on Linux, where the kernel decides.
    package static var unavailableByDesign: String? {
        #if os(Linux)
        return nil
        #else
        return "macOS has no per-process instruction counter (perf counters are Linux's; Linux CI counts them)"
        #endif
    }
}

/// Calls `work` inside `dbp_counted_region`, the function `valgrind --tool=callgrind
/// --toggle-collect=dbp_counted_region` counts: only the instructions `work` executes count.
///
/// - Complexity: `work`'s own.
package func countedRegion(_ work: @escaping () -> Void) {
    let body = RegionBody(work)
    withExtendedLifetime(body) {
        dbp_counted_region(
            { context in
                Unmanaged<RegionBody>.fromOpaque(context!).takeUnretainedValue().work()
            }, Unmanaged.passUnretained(body).toOpaque())
    }
}

/// The work `dbp_counted_region` calls back into.
final class RegionBody {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}
