import DiffModel

/// What an algorithm decided: for every new section and item, its old source (or -1 for an
/// insert) and whether it is an explicit move or kept in place by UIKit's fill rule.
///
/// Kept entries must keep their relative old order within their (mapped) section; the builder
/// relies on it, and every algorithm here guarantees it by construction.
@usableFromInline
struct Matching {
    /// Per new section: old section index, or -1.
    @usableFromInline var sectionSource: [Int]
    /// Per new section: moved explicitly.
    @usableFromInline var sectionMoved: [Bool]
    /// Per new item (flat): old flat index, or -1.
    @usableFromInline var itemSource: [Int]
    /// Per new item (flat): moved explicitly.
    @usableFromInline var itemMoved: [Bool]

    @inlinable
    init(sectionSource: [Int], sectionMoved: [Bool], itemSource: [Int], itemMoved: [Bool]) {
        self.sectionSource = sectionSource
        self.sectionMoved = sectionMoved
        self.itemSource = itemSource
        self.itemMoved = itemMoved
    }
}

/// Flat-index helpers over a snapshot's section sizes.
@usableFromInline
struct FlatLayout {
    /// Start of each section in flat order, plus the total at the end.
    @usableFromInline var offsets: [Int]

    @inlinable
    init<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) {
        var running = 0
        offsets = [0]
        offsets.reserveCapacity(snapshot.sections.count + 1)
        for section in snapshot.sections {
            running += section.items.count
            offsets.append(running)
        }
    }

    @inlinable
    var total: Int { offsets[offsets.count - 1] }
    @inlinable
    var sectionCount: Int { offsets.count - 1 }

    /// The section of each flat index.
    @inlinable
    func sectionOfEach() -> [Int] {
        var result = [Int](repeating: 0, count: total)
        for s in 0..<sectionCount { for k in offsets[s]..<offsets[s + 1] { result[k] = s } }
        return result
    }
}

/// Matches each new symbol to the next unused old occurrence of it, in order of appearance
/// (duplicates pair first with first, second with second). Returns the old index per new
/// element, or -1.
///
/// - Complexity: O(*n* + *m* + *s*).
@inlinable
func pairInOrder(oldSymbols: some Collection<Int>, newSymbols: some Collection<Int>, symbolCount: Int) -> [Int] {
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
func pairMoves(removed: [Int], inserted: [Int], oldSymbols: [Int], newSymbols: [Int], symbolCount: Int,
               into source: inout [Int], moved: inout [Bool]) {
    guard !removed.isEmpty && !inserted.isEmpty else { return }
    let pairs = pairInOrder(oldSymbols: removed.lazy.map { oldSymbols[$0] }, newSymbols: inserted.lazy.map { newSymbols[$0] },
                            symbolCount: symbolCount)
    for (n, r) in pairs.enumerated() where r >= 0 {
        source[inserted[n]] = removed[r]
        moved[inserted[n]] = true
    }
}
