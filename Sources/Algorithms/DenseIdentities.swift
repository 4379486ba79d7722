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
    /// Number of distinct old identities.
    @usableFromInline var symbolCount: Int

    /// Section identities of two snapshots.
    ///
    /// - Complexity: O(*s*) hash operations, each identity hashed once.
    @inlinable
    init<Model: DiffElement, Item: DiffElement>(sectionsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        var table = IdentityTable<Model.DiffID>(capacity: old.sections.count)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(old.sections.count)
        for section in old.sections { oldSymbols.append(table.insert(section.model.diffID)) }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.sections.count)
        for section in new.sections { newSymbols.append(table.firstIndex(of: section.model.diffID)) }
        self.init(old: oldSymbols, new: newSymbols, symbolCount: old.sections.count)
    }

    /// Item identities of two snapshots, flattened across sections. Plain loops: key paths and
    /// lazy chains here cost a runtime metadata lookup per element.
    ///
    /// - Complexity: O(*n* + *m*) hash operations, each identity hashed once.
    @inlinable
    init<Model: DiffElement, Item: DiffElement>(itemsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        let oldCount = old.itemCount
        var table = IdentityTable<Item.DiffID>(capacity: oldCount)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(oldCount)
        for section in old.sections {
            for item in section.items { oldSymbols.append(table.insert(item.diffID)) }
        }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.itemCount)
        for section in new.sections {
            for item in section.items { newSymbols.append(table.firstIndex(of: item.diffID)) }
        }
        self.init(old: oldSymbols, new: newSymbols, symbolCount: oldCount)
    }

    @inlinable
    init(old: [Int], new: [Int], symbolCount: Int) {
        self.old = old
        self.new = new
        self.symbolCount = symbolCount
    }
}
