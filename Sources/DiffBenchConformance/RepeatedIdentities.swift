// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Walks a snapshot's items in flat order and tells each one that repeats an identity seen
/// before it: what the diffable rules and the case reader ask of every item.
///
/// Built on ``IdentityNumbering``: numbers are given in order of first appearance, so an item is
/// new exactly when its number is the next one not yet given.
package struct RepeatedIdentities {
    let numbers: [Int]
    var flat = 0, given = 0

    /// A walk over the items of `snapshot`.
    ///
    /// - Complexity: O(*n*) for *n* items: array lookups for narrow integer identities, hash
    ///   operations otherwise.
    @_specialize(where Model == CaseElement, Item == CaseElement)
    package init<Model: DiffElement, Item: DiffElement>(_ snapshot: Snapshot<Model, Item>) {
        numbers = IdentityNumbering(old: snapshot, new: Snapshot()).old
    }

    /// Whether the next item repeats an earlier identity.
    ///
    /// - Precondition: fewer calls so far than the snapshot has items.
    /// - Complexity: O(1).
    package mutating func next() -> Bool {
        defer { flat += 1 }
        guard numbers[flat] == given else { return true }
        given += 1
        return false
    }
}
