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

extension Snapshot {
    /// This snapshot's items under the headers of `old`'s sections: section `j` with the model of
    /// `old`'s section `sectionSource[j]`, or its own where that is -1. What the data source holds
    /// between an update's item batches and the reload of its headers.
    ///
    /// - Complexity: O(*s*) for *s* sections (the items are shared, not copied).
    @inlinable
    package func underHeaders(of old: Snapshot, sectionSource: [Int]) -> Snapshot {
        Snapshot(
            sections.enumerated().map { j, section in
                let i = sectionSource[j]
                return i >= 0 ? Section(old.sections[i].model, items: section.items) : section
            })
    }
}
