// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

extension Snapshot {
    /// Calls `body` with each section's items as a buffer, in order, and the flat index of its
    /// first item: no section and no item is copied, so nothing an app's rows hold (strings,
    /// references) is retained or released, as a `for item in` loop over sections does.
    ///
    /// - Complexity: O(*s*) for *s* sections, plus what `body` costs.
    @inlinable @inline(__always)
    package func forEachItemBuffer(_ body: (UnsafeBufferPointer<Item>, Int) throws -> Void) rethrows {
        try sections.withUnsafeBufferPointer { sections in
            var start = 0
            for s in sections.indices {
                try sections[s].items.withUnsafeBufferPointer { items in try body(items, start) }
                start &+= sections[s].items.count
            }
        }
    }
}
