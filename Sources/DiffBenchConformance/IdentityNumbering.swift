// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// The item identities of two snapshots as dense numbers, so that the checker's later passes
/// index flat arrays instead of hashing: identities numbered `0..<count` in order of first
/// appearance in `old`, in flat order (section by section).
///
/// Integer identities (`Int`, or `CaseID.int` throughout `old`) whose values span at most
/// ``rangeFactor`` times the old item count are looked up in an array indexed by value; every
/// other identity type goes through a `Dictionary`. Both give the same numbers. The checker
/// builds this itself (it shares no code with the algorithms it judges).
struct IdentityNumbering {
    /// The number of each old item's identity, in flat order; duplicates share a number.
    var old: [Int]
    /// The number of each new item's identity, in flat order, or -1 when `old` lacks it.
    var new: [Int]
    /// How many distinct identities `old` has.
    var count: Int

    /// How much wider than the old item count an integer range may be for the array lookup.
    static let rangeFactor = 4

    /// Numbers the items of `old` and `new`.
    ///
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new items: array lookups for narrow integer
    ///   identities, hash operations otherwise.
    init<Model: DiffElement, Item: DiffElement>(old: Snapshot<Model, Item>, new: Snapshot<Model, Item>) {
        if let keys = Self.integerKeys(old), let numbered = Self.byRange(keys, new) {
            self = numbered
            return
        }
        var number = [Item.DiffID: Int](minimumCapacity: old.itemCount)
        var oldNumbers: [Int] = [], newNumbers: [Int] = []
        oldNumbers.reserveCapacity(old.itemCount)
        newNumbers.reserveCapacity(new.itemCount)
        for section in old.sections {
            for item in section.items {
                if let known = number[item.diffID] {
                    oldNumbers.append(known)
                } else {
                    oldNumbers.append(number.count)
                    number[item.diffID] = number.count
                }
            }
        }
        for section in new.sections {
            for item in section.items { newNumbers.append(number[item.diffID] ?? -1) }
        }
        self.init(old: oldNumbers, new: newNumbers, count: number.count)
    }

    init(old: [Int], new: [Int], count: Int) {
        self.old = old
        self.new = new
        self.count = count
    }

    /// The integer value of an identity, or nil when it is not an integer.
    @inline(__always)
    static func integerKey<ID: Hashable>(_ id: ID) -> Int? {
        if ID.self == Int.self { return unsafeBitCast(id, to: Int.self) }
        if let caseID = id as? CaseID, case .int(let value) = caseID { return value }
        return nil
    }

    /// The integer values of every old identity in flat order, or nil when one is not an integer.
    static func integerKeys<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) -> [Int]? {
        guard Item.DiffID.self == Int.self || Item.DiffID.self == CaseID.self else { return nil }
        var keys: [Int] = []
        keys.reserveCapacity(snapshot.itemCount)
        for section in snapshot.sections {
            for item in section.items {
                guard let key = integerKey(item.diffID) else { return nil }
                keys.append(key)
            }
        }
        return keys
    }

    /// Numbers by an array indexed by value, or nil when the old values span too wide a range.
    static func byRange<Model: DiffElement, Item: DiffElement>(
        _ keys: [Int], _ new: Snapshot<Model, Item>
    ) -> IdentityNumbering? {
        guard let low = keys.min(), let high = keys.max() else {
            return IdentityNumbering(old: [], new: [Int](repeating: -1, count: new.itemCount), count: 0)
        }
        // Subtraction in UInt: a range wider than Int.max must not trap.
        let width = UInt(bitPattern: high &- low)
        guard width < UInt(Self.rangeFactor * keys.count), keys.count < Int(Int32.max) else { return nil }
        // slot[value - low] is the value's number, or -1 before its first old appearance.
        var slot = [Int32](repeating: -1, count: Int(width) + 1)
        var count = 0
        var oldNumbers = [Int](repeating: 0, count: keys.count)
        for (f, key) in keys.enumerated() {
            let s = key - low
            if slot[s] < 0 {
                slot[s] = Int32(count)
                count += 1
            }
            oldNumbers[f] = Int(slot[s])
        }
        var newNumbers: [Int] = []
        newNumbers.reserveCapacity(new.itemCount)
        for section in new.sections {
            for item in section.items {
                // A value outside the old range, or not an integer, is not in `old`.
                guard let key = integerKey(item.diffID), key >= low, key <= high else {
                    newNumbers.append(-1)
                    continue
                }
                newNumbers.append(Int(slot[key - low]))
            }
        }
        return IdentityNumbering(old: oldNumbers, new: newNumbers, count: count)
    }
}
