// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// What an algorithm decided: for every new section and item, its old source (or -1 for an
/// insert) and whether it is an explicit move or kept in place by UIKit's fill rule.
///
/// Sources are distinct (an old item feeds at most one new item), and kept entries keep their
/// relative old order within their (mapped) section; the builder relies on both, and every
/// algorithm here guarantees them by construction.
@usableFromInline
package struct Matching {
    /// Per new section: old section index, or -1.
    @usableFromInline package var sectionSource: [Int]
    /// Per new section: moved explicitly.
    @usableFromInline package var sectionMoved: [Bool]
    /// Per new item (flat): old flat index, or -1.
    @usableFromInline package var itemSource: [Int]
    /// Per new item (flat): moved explicitly.
    @usableFromInline package var itemMoved: [Bool]

    @inlinable
    package init(sectionSource: [Int], sectionMoved: [Bool], itemSource: [Int], itemMoved: [Bool]) {
        self.sectionSource = sectionSource
        self.sectionMoved = sectionMoved
        self.itemSource = itemSource
        self.itemMoved = itemMoved
    }
}

extension Matching {
    /// Per old item (flat): the new flat index it is carried to, or -1. An item is carried when
    /// it stays on screen: matched, its old section kept and its new section not inserted.
    ///
    /// - Complexity: O(*n* + *m*).
    @inlinable
    package func carriedTo(oldLayout: FlatLayout, newLayout: FlatLayout, sectionTarget: [Int]) -> [Int] {
        var carriedTo = [Int](repeating: -1, count: oldLayout.total)
        carriedTo.withUnsafeMutableBufferPointer { carriedTo in
            itemSource.withUnsafeBufferPointer { itemSource in
                for (j, i) in sectionSource.enumerated() where i >= 0 {
                    for f in newLayout.offsets[j]..<newLayout.offsets[j + 1] where itemSource[f] >= 0 {
                        carriedTo[itemSource[f]] = f
                    }
                }
                // Items of deleted old sections leave with their section.
                for (i, j) in sectionTarget.enumerated() where j < 0 {
                    let start = oldLayout.offsets[i]
                    (carriedTo.baseAddress! + start).update(repeating: -1, count: oldLayout.offsets[i + 1] - start)
                }
            }
        }
        return carriedTo
    }
}

/// Flat-index helpers over a snapshot's section sizes.
@usableFromInline
package struct FlatLayout {
    /// Start of each section in flat order, plus the total at the end.
    @usableFromInline package var offsets: [Int]

    @inlinable
    package init<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) {
        var running = 0
        offsets = [0]
        offsets.reserveCapacity(snapshot.sections.count + 1)
        // Through the buffer: a `for section in` loop copies each section, retaining its items and
        // whatever references its model holds (an app's section holding its rows: 40 ns a section).
        snapshot.sections.withUnsafeBufferPointer { sections in
            for s in sections.indices {
                running += sections[s].items.count
                offsets.append(running)
            }
        }
    }

    @inlinable
    package var total: Int { offsets[offsets.count - 1] }
    @inlinable
    package var sectionCount: Int { offsets.count - 1 }

    /// The section holding flat index `flat` (in `0..<total`), by binary search.
    ///
    /// - Complexity: O(log *s*) for *s* sections.
    @inlinable
    package func section(of flat: Int) -> Int {
        // Invariant: offsets[low] <= flat < offsets[high] (with offsets[sectionCount] == total).
        var low = 0, high = sectionCount
        while high - low > 1 {
            let middle = (low + high) / 2
            if offsets[middle] <= flat { low = middle } else { high = middle }
        }
        return low
    }
}

extension FlatLayout {
    /// The section and offset of flat indices, with the last section found kept, so that indices
    /// read in order cost a comparison each.
    @usableFromInline
    package struct Cursor {
        @usableFromInline package let layout: FlatLayout
        /// Invariant: `low..<high` is the flat range of section `section` (empty before the first
        /// `locate`).
        @usableFromInline package var section = 0, low = 0, high = 0

        @inlinable
        package init(_ layout: FlatLayout) { self.layout = layout }

        /// The section holding flat index `flat` (in `0..<layout.total`) and its offset there.
        ///
        /// - Complexity: O(1) in the section of the previous call, O(log *s*) for *s* sections
        ///   otherwise.
        @inlinable @inline(__always)
        package mutating func locate(_ flat: Int) -> (section: Int, offset: Int) {
            if flat < low || flat >= high {
                section = layout.section(of: flat)
                low = layout.offsets[section]
                high = layout.offsets[section + 1]
            }
            return (section, flat &- low)
        }
    }
}

/// Matches each new symbol to the next unused old occurrence of it, in order of appearance
/// (duplicates pair first with first, second with second). Returns the old index per new
/// element, or -1.
///
/// - Complexity: O(*n* + *m* + *s*).
@inlinable
package func pairInOrder(oldSymbols: some Collection<Int>, newSymbols: some Collection<Int>, symbolCount: Int) -> [Int]
{
    var head = [Int](repeating: -1, count: symbolCount), tail = head
    var next = [Int](repeating: -1, count: oldSymbols.count)
    for (n, s) in oldSymbols.enumerated() where s >= 0 {
        if tail[s] < 0 { head[s] = n } else { next[tail[s]] = n }
        tail[s] = n
    }
    var result = [Int](repeating: -1, count: newSymbols.count)
    for (n, s) in newSymbols.enumerated() where s >= 0 && head[s] >= 0 {
        result[n] = head[s]
        head[s] = next[head[s]]
    }
    return result
}

/// Pairs leftover removals and insertions with equal symbols, in order of appearance, as moves:
/// how Myers and the standard library turn delete + insert of one identity into a move,
/// across sections too.
///
/// - Complexity: O(*r* + *i* + *s*) for *r* removals, *i* insertions and *s* symbols.
@inlinable
package func pairMoves(
    removed: [Int], inserted: [Int], oldSymbols: [Int], newSymbols: [Int], symbolCount: Int,
    into source: inout [Int], moved: inout [Bool]
) {
    guard !removed.isEmpty && !inserted.isEmpty else { return }
    let pairs = pairInOrder(
        oldSymbols: removed.lazy.map { oldSymbols[$0] },
        newSymbols: inserted.lazy.map { newSymbols[$0] },
        symbolCount: symbolCount
    )
    for (n, r) in pairs.enumerated() where r >= 0 {
        source[inserted[n]] = removed[r]
        moved[inserted[n]] = true
    }
}
