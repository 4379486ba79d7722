import DiffModel

/// Identities mapped to dense integers, so that every later pass compares and indexes plain
/// `Int`s in flat arrays: the only hashing an algorithm does.
///
/// An identity's symbol is the flat index of its first old occurrence, in `0..<symbolCount`; a
/// new identity absent from the old list gets -1, which matches nothing.
@usableFromInline
struct DenseIdentities {
    /// Symbol of each old element, in flat order.
    @usableFromInline var old: [Int]
    /// Symbol of each new element (-1 when the old list lacks it), in flat order.
    @usableFromInline var new: [Int]
    /// The bound of the symbols (the number of old elements).
    @usableFromInline var symbolCount: Int
    /// Whether an old identity occurs more than once.
    @usableFromInline var oldHasDuplicates = true

    /// Section identities of two snapshots.
    ///
    /// - Complexity: O(*s*) hash operations, each identity hashed once.
    @inlinable
    init<Model: DiffElement, Item: DiffElement>(sectionsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        var table = IdentityTable<Model.DiffID>(capacity: old.sections.count)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(old.sections.count)
        var duplicates = false
        for section in old.sections {
            let symbol = table.insert(section.model.diffID)
            duplicates = duplicates || symbol != oldSymbols.count
            oldSymbols.append(symbol)
        }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.sections.count)
        for section in new.sections { newSymbols.append(table.firstIndex(of: section.model.diffID)) }
        self.init(old: oldSymbols, new: newSymbols, symbolCount: old.sections.count)
        oldHasDuplicates = duplicates
    }

    /// Item identities of two snapshots, flattened across sections. Plain loops: key paths and
    /// lazy chains here cost a runtime metadata lookup per element.
    ///
    /// - Complexity: O(*n* + *m*) hash operations, each identity hashed once.
    @inlinable
    init<Model: DiffElement, Item: DiffElement>(itemsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        let oldCount = old.itemCount
        if let join = RangeJoin(itemsOf: old, newCount: new.itemCount) {
            self.init(join, old, new)
            return
        }
        // ASCII string ids are joined by their byte hashes, confirmed; nil for other ids, when one
        // is not ASCII, or on a hash collision.
        let ascii = Item.DiffID.self != String.self ? nil : ASCIIJoin.symbols(old, new)
        let joined: (old: [Int], new: [Int], duplicates: Bool)
        if Item.DiffID.self == Int.self && oldCount >= PartitionedJoin.threshold
            && max(oldCount, new.itemCount) < Int(Int32.max) {
            joined = PartitionedJoin.symbols(old: Self.intHashes(old), new: Self.intHashes(new))
        } else if let ascii {
            joined = ascii
        } else {
            joined = Self.tableSymbols(old, new)
        }
        self.init(old: joined.old, new: joined.new, symbolCount: oldCount)
        oldHasDuplicates = joined.duplicates
    }

    /// Symbols by one open-addressing table of the identities themselves, hashed by
    /// ``IdentityTable/hash(_:)``.
    ///
    /// - Complexity: O(*n* + *m*) hash operations.
    @inlinable
    static func tableSymbols<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> (old: [Int], new: [Int], duplicates: Bool) {
        var table = IdentityTable<Item.DiffID>(capacity: old.itemCount)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(old.itemCount)
        var duplicates = false
        for section in old.sections {
            for item in section.items {
                let symbol = table.insert(item.diffID)
                duplicates = duplicates || symbol != oldSymbols.count
                oldSymbols.append(symbol)
            }
        }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.itemCount)
        for section in new.sections {
            for item in section.items {
                newSymbols.append(table.firstIndex(of: item.diffID))
            }
        }
        return (oldSymbols, newSymbols, duplicates)
    }

    /// Each new item's old source, as `DenseIdentities(itemsOf: old, new).pairInOrder()` gives
    /// it; for narrow `Int` ranges without old duplicates in one pass, with no symbol arrays.
    ///
    /// - Complexity: O(*n* + *m*) hash operations, each identity hashed once.
    @inlinable
    static func itemSources<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) -> [Int] {
        guard var join = RangeJoin(itemsOf: old, newCount: new.itemCount) else {
            return DenseIdentities(itemsOf: old, new).pairInOrder()
        }
        return join.duplicates ? DenseIdentities(join, old, new).pairInOrder() : join.consumeSources(of: new)
    }

    /// Item identities joined by a range table.
    @inlinable
    init<Model: DiffElement, Item: DiffElement>(
        _ join: RangeJoin, _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
    ) {
        let joined = join.symbols(old: old, new: new)
        self.init(old: joined.old, new: joined.new, symbolCount: old.itemCount)
        oldHasDuplicates = join.duplicates
    }

    /// The (bijective) hashes of `Int` item identities, in flat order.
    @inlinable
    static func intHashes<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) -> [UInt64] {
        var hashes = [UInt64]()
        hashes.reserveCapacity(snapshot.itemCount)
        for section in snapshot.sections {
            for item in section.items {
                hashes.append(IdentityTable<Int>.hash(unsafeBitCast(item.diffID, to: Int.self)))
            }
        }
        return hashes
    }

    @inlinable
    init(old: [Int], new: [Int], symbolCount: Int) {
        self.old = old
        self.new = new
        self.symbolCount = symbolCount
    }

    /// Each new element's old source: the next unused old occurrence of its identity, in order
    /// of appearance (duplicates pair first with first), or -1.
    ///
    /// - Complexity: O(*n* + *m*); without old duplicates a single pass with one flag per old
    ///   element (a later new duplicate of an identity finds it used).
    @inlinable
    func pairInOrder() -> [Int] {
        guard oldHasDuplicates else {
            var used = [Bool](repeating: false, count: old.count)
            var result = [Int](repeating: -1, count: new.count)
            result.withUnsafeMutableBufferPointer { result in
                used.withUnsafeMutableBufferPointer { used in
                    new.withUnsafeBufferPointer { new in
                        for f in new.indices {
                            let s = new[f]
                            if s >= 0 && !used[s] { used[s] = true; result[f] = s }
                        }
                    }
                }
            }
            return result
        }
        return Algorithms.pairInOrder(oldSymbols: old, newSymbols: new, symbolCount: symbolCount)
    }
}
