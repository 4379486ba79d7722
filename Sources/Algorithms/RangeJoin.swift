import DiffModel

/// The identity join of `Int`-keyed lists whose old identities lie in a narrow range, as
/// database row ids and counters do: a direct-address table indexed by `id - low`, with no
/// hashing and no probing. ``DenseIdentities`` tries it first for `Int` identities.
///
/// Identities that arrive roughly in order touch the table roughly in order, so a million of
/// them stream through the cache instead of missing it on nearly every probe as a hash table
/// does. Sparse identities (a span over ``spanFactor`` times the old count) are declined, and
/// the caller hashes them.
///
/// The result is what ``IdentityTable`` gives: each old item's symbol is the flat index of the
/// first old occurrence of its identity, each new item's the same or -1.
///
/// - Complexity: O(*n* + *m*) time for *n* old and *m* new identities; O(*n* + *m*) memory,
///   of which the table is at most 4 bytes times ``spanFactor`` times *n*.
@usableFromInline
enum RangeJoin {
    /// The widest span of old identities taken, as a multiple of their count (plus 64, so that
    /// small lists with gaps still qualify).
    @inlinable
    static var spanFactor: Int { 4 }

    /// Symbols for the `Int` item identities of two snapshots, or nil when the old identities
    /// are too sparse (or `Item.DiffID` is not `Int`).
    @inlinable
    static func symbols<Model: DiffElement, Item: DiffElement>(
        itemsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> (old: [Int], new: [Int], duplicates: Bool)? {
        guard Item.DiffID.self == Int.self else { return nil }
        @inline(__always) func id(_ item: Item) -> Int { unsafeBitCast(item.diffID, to: Int.self) }
        let oldCount = old.itemCount, newCount = new.itemCount
        guard oldCount > 0 && max(oldCount, newCount) < Int(Int32.max) else { return nil }
        var low = Int.max, high = Int.min
        for section in old.sections {
            for item in section.items {
                let value = id(item)
                low = min(low, value)
                high = max(high, value)
            }
        }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow && span < spanFactor * oldCount + 64 else { return nil }

        // Invariant: table[id - low] is 1 + the flat index of the first old occurrence of id
        // seen so far, 0 for an identity not seen.
        var table = [Int32](repeating: 0, count: span + 1)
        var duplicates = false
        let oldSymbols = [Int](unsafeUninitializedCapacity: oldCount) { symbols, count in
            table.withUnsafeMutableBufferPointer { table in
                var i = 0
                for section in old.sections {
                    for item in section.items {
                        let slot = id(item) &- low
                        let first = table[slot]
                        if first == 0 {
                            table[slot] = Int32(truncatingIfNeeded: i + 1)
                            symbols[i] = i
                        } else {
                            symbols[i] = Int(first) - 1
                            duplicates = true
                        }
                        i += 1
                    }
                }
            }
            count = oldCount
        }
        let newSymbols = [Int](unsafeUninitializedCapacity: newCount) { symbols, count in
            table.withUnsafeBufferPointer { table in
                var f = 0
                for section in new.sections {
                    for item in section.items {
                        // An identity outside the old range wraps to a slot past `span`.
                        let slot = UInt(bitPattern: id(item) &- low)
                        symbols[f] = slot <= UInt(span) ? Int(table[Int(slot)]) - 1 : -1
                        f += 1
                    }
                }
            }
            count = newCount
        }
        return (oldSymbols, newSymbols, duplicates)
    }
}
