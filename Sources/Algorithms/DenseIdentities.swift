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

    /// - Complexity: O(*n* + *m*) hash operations.
    init<ID: Hashable>(oldIDs: some Sequence<ID>, newIDs: some Sequence<ID>, oldCount: Int, newCount: Int) {
        var table = [ID: Int](minimumCapacity: oldCount)
        var oldSymbols = [Int]()
        oldSymbols.reserveCapacity(oldCount)
        for key in oldIDs {
            if let symbol = table[key] {
                oldSymbols.append(symbol)
            } else {
                let symbol = table.count
                table[key] = symbol
                oldSymbols.append(symbol)
            }
        }
        var newSymbols = [Int]()
        newSymbols.reserveCapacity(newCount)
        for key in newIDs { newSymbols.append(table[key] ?? -1) }
        old = oldSymbols
        new = newSymbols
        symbolCount = table.count
    }

    /// Section identities of two snapshots.
    init<Model: DiffElement, Item: DiffElement>(sectionsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        self.init(oldIDs: old.sections.lazy.map(\.model.diffID), newIDs: new.sections.lazy.map(\.model.diffID),
                  oldCount: old.sections.count, newCount: new.sections.count)
    }

    /// Item identities of two snapshots, flattened across sections.
    init<Model: DiffElement, Item: DiffElement>(itemsOf old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>) {
        self.init(oldIDs: old.sections.lazy.flatMap(\.items).map(\.diffID), newIDs: new.sections.lazy.flatMap(\.items).map(\.diffID),
                  oldCount: old.itemCount, newCount: new.itemCount)
    }
}
