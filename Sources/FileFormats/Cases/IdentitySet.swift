import DiffModel

/// The item identities of one snapshot seen so far, to find the first duplicate as the
/// snapshot is read: a bit per value when every identity is an integer in a range at most
/// ``rangeFactor`` times the item count (the corpus writes such ids), a `Set` otherwise.
struct IdentitySet {
    /// How much wider than the item count an integer range may be for the bit array.
    static let rangeFactor = 4

    private var others = Set<CaseID>()
    /// Bit `value - low` is set once `value` was inserted; empty when `others` is used.
    private var bits: [UInt64] = []
    private var low = 0, high = -1

    /// An empty set sized for the item identities of `snapshot`.
    ///
    /// - Complexity: O(*n*) for *n* items.
    init(_ snapshot: CaseSnapshot) {
        var low = Int.max, high = Int.min
        for section in snapshot.sections {
            for item in section.items {
                guard case .int(let value) = item.id else {
                    others.reserveCapacity(snapshot.itemCount)
                    return
                }
                low = min(low, value)
                high = max(high, value)
            }
        }
        // Subtraction in UInt: a range wider than Int.max must not trap.
        guard low <= high, UInt(bitPattern: high &- low) < UInt(Self.rangeFactor * snapshot.itemCount) else {
            others.reserveCapacity(snapshot.itemCount)
            return
        }
        self.low = low
        self.high = high
        bits = [UInt64](repeating: 0, count: (high - low) / 64 + 1)
    }

    /// Inserts `id`; false when it was already there.
    ///
    /// - Complexity: O(1) (amortized for the `Set`).
    mutating func insert(_ id: CaseID) -> Bool {
        guard case .int(let value) = id, value >= low, value <= high, !bits.isEmpty else {
            return others.insert(id).inserted
        }
        let offset = value - low
        let mask: UInt64 = 1 << UInt64(offset % 64)
        guard bits[offset / 64] & mask == 0 else { return false }
        bits[offset / 64] |= mask
        return true
    }
}
