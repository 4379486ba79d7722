// SPDX-License-Identifier: Apache-2.0
/// The identity join of large lists keyed by `Int`, laid out for the cache: what
/// ``DenseIdentities`` uses from ``threshold`` old items on.
///
/// One hash table over a million identities is 16 MB probed at random, and nearly every probe
/// misses the cache. Here the identities' hashes are first split by their top bits into
/// partitions of tens of thousands (two sequential passes per side), then each partition is joined
/// with a table near the L2 cache's size, as sparse as ``IdentityTable/slotCount(for:)`` makes
/// one. `Int` identities need no comparison of their own: the hash is a bijection
/// (``IdentityTable/hash(_:)``), so equal hashes are equal identities.
///
/// The result is what ``IdentityTable`` gives: each old item's symbol is the flat index of the
/// first old occurrence of its identity, each new item's the same or -1.
///
/// - Complexity: O(*n* + *m*) time and memory for *n* old and *m* new identities.
@usableFromInline
package enum PartitionedJoin {
    /// The fewest old identities that take this join; smaller tables fit the cache well enough
    /// (measured, paired against the single table: 1.02-1.08x the time at 100,000 items,
    /// 0.86-0.92x at 300,000).
    @inlinable
    package static var threshold: Int { 1 << 17 }

    /// Symbols for identities given by their (bijective) hashes.
    @inlinable
    package static func symbols(old: [UInt64], new: [UInt64]) -> (old: [Int], new: [Int], duplicates: Bool) {
        // About 65,536 old identities per partition, and few partitions, so that placing them
        // writes few streams at once (measured with tables at most half full: 16,384 per partition
        // ran 1.07x longer at 1M items, 131,072 1.04x). Their tables, a quarter full, take 2 MB of
        // keys and 1 MB of indices, over this machine's 2 MB L2, and still run faster than half
        // full ones of half the size (timing program, heckel on 1M sparse Int ids: 20.3 against
        // 24.6 ms; with twice the partitions and the tables within L2, 22.6 ms).
        var bits = 0
        while bits < 10 && (old.count >> (bits + 16)) > 0 { bits += 1 }
        let oldParts = Partitions(old, bits: bits), newParts = Partitions(new, bits: bits)
        var oldSymbols = [Int](unsafeUninitializedCapacity: old.count) { buffer, count in
            for i in 0..<old.count { buffer[i] = i }
            count = old.count
        }
        var newSymbols = [Int](repeating: -1, count: new.count)
        var largest = 0
        for p in 0..<(1 << bits) { largest = max(largest, oldParts.start[p + 1] - oldParts.start[p]) }
        let size = IdentityTable<Int>.slotCount(for: largest)
        var keys = [UInt64](repeating: 0, count: size)
        var indices = [Int32](repeating: 0, count: size)
        var duplicates = false
        oldSymbols.withUnsafeMutableBufferPointer { oldSymbols in
            newSymbols.withUnsafeMutableBufferPointer { newSymbols in
                keys.withUnsafeMutableBufferPointer { keys in
                    indices.withUnsafeMutableBufferPointer { indices in
                        for p in 0..<(1 << bits) {
                            // Invariant: `indices` holds index + 1 of the first old occurrence of
                            // each key of partition p inserted so far, 0 in empty slots; the
                            // table is at most half full, so every probe ends.
                            let count = oldParts.start[p + 1] - oldParts.start[p]
                            let mask = IdentityTable<Int>.slotCount(for: count) - 1
                            for e in oldParts.start[p]..<oldParts.start[p + 1] {
                                let h = oldParts.hashes[e], i = Int(oldParts.positions[e])
                                var s = Int(truncatingIfNeeded: h) & mask
                                while indices[s] != 0 && keys[s] != h { s = (s + 1) & mask }
                                if indices[s] == 0 {
                                    keys[s] = h
                                    indices[s] = Int32(truncatingIfNeeded: i + 1)
                                } else {
                                    oldSymbols[i] = Int(indices[s]) - 1
                                    duplicates = true
                                }
                            }
                            for e in newParts.start[p]..<newParts.start[p + 1] {
                                let h = newParts.hashes[e]
                                var s = Int(truncatingIfNeeded: h) & mask
                                while indices[s] != 0 && keys[s] != h { s = (s + 1) & mask }
                                if indices[s] != 0 { newSymbols[Int(newParts.positions[e])] = Int(indices[s]) - 1 }
                            }
                            indices.baseAddress!.update(repeating: 0, count: mask + 1)
                        }
                    }
                }
            }
        }
        return (oldSymbols, newSymbols, duplicates)
    }

    /// Hashes grouped by their top `bits`, each group in its original order, with their
    /// original positions.
    @usableFromInline
    package struct Partitions {
        /// Partition p is `start[p]..<start[p + 1]`.
        @usableFromInline package var start: [Int]
        @usableFromInline package var hashes: [UInt64]
        @usableFromInline package var positions: [Int32]

        /// A counting sort by the top bits: one pass to count, one to place (stable).
        @inlinable
        package init(_ values: [UInt64], bits: Int) {
            let parts = 1 << bits, shift = UInt64(64 - bits), keep = UInt64(parts - 1)
            var start = [Int](repeating: 0, count: parts + 1)
            var hashes = [UInt64](repeating: 0, count: values.count)
            var positions = [Int32](repeating: 0, count: values.count)
            values.withUnsafeBufferPointer { values in
                start.withUnsafeMutableBufferPointer { start in
                    // A masking shift (no overshift check); with 0 bits, `keep` sends all to 0.
                    func part(_ h: UInt64) -> Int { Int(truncatingIfNeeded: (h &>> shift) & keep) }
                    for h in values { start[part(h) + 1] += 1 }
                    for p in 0..<parts { start[p + 1] += start[p] }
                    var next = Array(start[0..<parts])
                    hashes.withUnsafeMutableBufferPointer { hashes in
                        positions.withUnsafeMutableBufferPointer { positions in
                            next.withUnsafeMutableBufferPointer { next in
                                for (i, h) in values.enumerated() {
                                    let p = part(h)
                                    hashes[next[p]] = h
                                    positions[next[p]] = Int32(truncatingIfNeeded: i)
                                    next[p] += 1
                                }
                            }
                        }
                    }
                }
            }
            self.start = start
            self.hashes = hashes
            self.positions = positions
        }
    }
}
