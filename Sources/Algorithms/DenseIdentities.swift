import DiffModel

/// Identities mapped to dense integers, so that every later pass compares and indexes plain
/// `Int`s in flat arrays: the only hashing an algorithm does.
///
/// Old identities get symbols `0..<symbolCount`; a new identity absent from the old list gets -1,
/// which matches nothing.
struct DenseIdentities {
    /// Symbol of each old element, in flat order.
    var old: [Int]
    /// Symbol of each new element (-1 when the old list lacks it), in flat order.
    var new: [Int]
    /// Number of distinct old identities.
    var symbolCount: Int

    /// Section identities of two snapshots.
    ///
    /// - Complexity: O(*s*) hash operations.
    init<Model: DiffElement, Item: DiffElement>(sectionsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        var table = [Model.DiffID: Int](minimumCapacity: old.sections.count)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(old.sections.count)
        for section in old.sections { oldSymbols.append(DenseIdentities.symbol(section.model.diffID, in: &table)) }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.sections.count)
        for section in new.sections { newSymbols.append(table[section.model.diffID] ?? -1) }
        self.init(old: oldSymbols, new: newSymbols, symbolCount: table.count)
    }

    /// Item identities of two snapshots, flattened across sections. Plain loops: key paths and
    /// lazy chains here cost a runtime metadata lookup per element.
    ///
    /// - Complexity: O(*n* + *m*) hash operations.
    init<Model: DiffElement, Item: DiffElement>(itemsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        let oldCount = old.itemCount
        var table = [Item.DiffID: Int](minimumCapacity: oldCount)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(oldCount)
        for section in old.sections {
            for item in section.items { oldSymbols.append(DenseIdentities.symbol(item.diffID, in: &table)) }
        }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(new.itemCount)
        for section in new.sections {
            for item in section.items { newSymbols.append(table[item.diffID] ?? -1) }
        }
        self.init(old: oldSymbols, new: newSymbols, symbolCount: table.count)
    }

    init(old: [Int], new: [Int], symbolCount: Int) {
        self.old = old
        self.new = new
        self.symbolCount = symbolCount
    }

    private static func symbol<ID: Hashable>(_ key: ID, in table: inout [ID: Int]) -> Int {
        if let symbol = table[key] { return symbol }
        let symbol = table.count
        table[key] = symbol
        return symbol
    }
}
