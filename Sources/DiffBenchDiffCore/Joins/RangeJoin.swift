// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// The identity join of `Int`-keyed lists whose old identities lie in a narrow range, as
/// database row ids and counters do: a direct-address table indexed by `id - low`, with no
/// hashing and no probing. ``DenseIdentities`` tries it first for `Int` identities.
///
/// Identities that arrive roughly in order touch the table roughly in order, so a million of
/// them stream through the cache instead of missing it on nearly every probe as a hash table
/// does. Sparse identities (a span over ``spanFactor`` times the old count) are declined, and
/// the caller hashes them.
///
/// - Complexity: O(*n*) to build for *n* old identities, O(1) per lookup; the table takes at
///   most 4 bytes times ``spanFactor`` times *n*.
@usableFromInline
package struct RangeJoin {
    /// The smallest old identity.
    @usableFromInline package let low: Int
    /// The largest old identity minus `low`.
    @usableFromInline package let span: Int
    /// Indexed by `id - low`: 1 + the flat index of the first old occurrence of `id`, or 0.
    @usableFromInline package var table: [Int32]
    /// Whether an old identity occurs more than once.
    @usableFromInline package var duplicates = false

    /// The widest span of old identities taken, as a multiple of their count (plus 64, so that
    /// small lists with gaps still qualify).
    @inlinable
    package static var spanFactor: Int { 4 }

    /// The identity of an item whose `DiffID` is `Int`.
    @inlinable @inline(__always)
    package static func id<Item: DiffElement>(_ item: Item) -> Int { unsafeBitCast(item.diffID, to: Int.self) }

    /// The table of the old snapshot's item identities, or nil when they are too sparse (or
    /// `Item.DiffID` is not `Int`).
    @inlinable
    package init?<Model: DiffElement, Item: DiffElement>(itemsOf old: Snapshot<Model, Item>, newCount: Int) {
        let oldCount = old.itemCount
        guard Item.DiffID.self == Int.self && oldCount > 0 && max(oldCount, newCount) < Int(Int32.max) else {
            return nil
        }
        var low = Int.max, high = Int.min
        for section in old.sections {
            for item in section.items {
                let value = Self.id(item)
                low = min(low, value)
                high = max(high, value)
            }
        }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow && span < Self.spanFactor * oldCount + 64 else { return nil }
        self.low = low
        self.span = span
        table = [Int32](repeating: 0, count: span + 1)
        var duplicates = false
        table.withUnsafeMutableBufferPointer { table in
            var i: Int32 = 1
            for section in old.sections {
                for item in section.items {
                    let slot = Self.id(item) &- low
                    if table[slot] == 0 { table[slot] = i } else { duplicates = true }
                    i &+= 1
                }
            }
        }
        self.duplicates = duplicates
    }

    /// The table slot of `id`, or nil when `id` lies outside `low...low + span`.
    @inlinable @inline(__always)
    package static func slot(_ id: Int, low: Int, span: Int) -> Int? {
        // An identity below `low` wraps to a slot past `span`.
        let slot = UInt(bitPattern: id &- low)
        return slot <= UInt(span) ? Int(slot) : nil
    }

    /// Symbols as ``DenseIdentities`` defines them: each old item's is the flat index of the
    /// first old occurrence of its identity, each new item's the same or -1.
    ///
    /// - Complexity: O(*n* + *m*).
    @inlinable
    package func symbols<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>
    ) -> (old: [Int], new: [Int]) {
        let oldCount = old.itemCount, newCount = new.itemCount, low = low, span = span, duplicates = duplicates
        return table.withUnsafeBufferPointer { table in
            let oldSymbols = [Int](unsafeUninitializedCapacity: oldCount) { symbols, count in
                if duplicates {
                    var i = 0
                    for section in old.sections {
                        for item in section.items {
                            symbols[i] = Int(table[Self.id(item) &- low]) - 1
                            i += 1
                        }
                    }
                } else {
                    for i in 0..<oldCount { symbols[i] = i }
                }
                count = oldCount
            }
            let newSymbols = [Int](unsafeUninitializedCapacity: newCount) { symbols, count in
                var f = 0
                for section in new.sections {
                    for item in section.items {
                        symbols[f] = Self.slot(Self.id(item), low: low, span: span).map { Int(table[$0]) - 1 } ?? -1
                        f += 1
                    }
                }
                count = newCount
            }
            return (oldSymbols, newSymbols)
        }
    }

    /// Each new item's old source, pairing in order of appearance as
    /// ``DenseIdentities/pairInOrder()`` does, in one pass that marks each old identity used;
    /// nil when a new identity repeats (then the shared ends decide which repeat pairs, see
    /// ``DenseIdentities``). Without old duplicates only: the caller checks ``duplicates``.
    ///
    /// - Complexity: O(*m*) for *m* new items.
    @inlinable
    package mutating func consumeSources<Model: DiffElement, Item: DiffElement>(of new: Snapshot<Model, Item>) -> [Int]?
    {
        precondition(!duplicates, "RangeJoin.consumeSources needs old identities without duplicates")
        let newCount = new.itemCount, low = low, span = span
        var repeated = false
        let sources = table.withUnsafeMutableBufferPointer { table in
            [Int](unsafeUninitializedCapacity: newCount) { sources, count in
                // A used slot holds `Int32.min`, which reads as 0 (no source) with its sign bit
                // masked off; `seen` collects the slots read, so its sign bit means a repeat. (A
                // captured flag, or a comparison per item, cost the loop 60% more instructions.)
                var seen: Int32 = 0
                var f = 0
                for section in new.sections {
                    for item in section.items {
                        if let slot = Self.slot(Self.id(item), low: low, span: span) {
                            let value = table[slot]
                            sources[f] = Int(value & Int32.max) &- 1
                            seen |= value
                            table[slot] = Int32.min
                        } else {
                            sources[f] = -1
                        }
                        f &+= 1
                    }
                }
                count = newCount
                repeated = seen < 0
            }
        }
        return repeated ? nil : sources
    }
}
