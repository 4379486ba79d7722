// SPDX-License-Identifier: Apache-2.0
/// What a data source shows: an ordered list of sections of items.
@frozen
public struct Snapshot<Model: DiffElement, Item: DiffElement> {
    /// The sections in display order.
    public var sections: [Section<Model, Item>]

    /// Creates a snapshot.
    @inlinable
    public init(_ sections: [Section<Model, Item>] = []) {
        self.sections = sections
    }

    /// The total number of items.
    ///
    /// - Complexity: O(*s*), where *s* is the number of sections.
    @inlinable
    public var itemCount: Int {
        // Through the buffer: a `for section in` loop copies each section, retaining what its model
        // and items hold (an app's section holding strings and its rows: several retains each).
        sections.withUnsafeBufferPointer { sections in
            var total = 0
            for s in sections.indices { total &+= sections[s].items.count }
            return total
        }
    }

    /// Whether there is an item at `path` (a path from a changeset may point anywhere).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func holds(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < sections.count && path.item >= 0
            && path.item < sections[path.section].items.count
    }

    /// The item at `path`.
    @inlinable
    public subscript(path: ItemPath) -> Item {
        sections[path.section].items[path.item]
    }

    /// Whether both snapshots hold the same identities and contents in the same places.
    ///
    /// - Complexity: O(*n*), where *n* is the number of items.
    @inlinable
    public func isIdentical(to other: Snapshot) -> Bool {
        guard sections.count == other.sections.count else { return false }
        for (a, b) in zip(sections, other.sections) {
            guard a.model.diffID == b.model.diffID, a.model.isContentEqual(to: b.model),
                a.items.count == b.items.count
            else { return false }
            for (x, y) in zip(a.items, b.items) where x.diffID != y.diffID || !x.isContentEqual(to: y) {
                return false
            }
        }
        return true
    }
}

extension Snapshot: Sendable where Model: Sendable, Item: Sendable {}
extension Snapshot: Equatable where Model: Equatable, Item: Equatable {}

/// The snapshot type the corpus and case files use.
public typealias CaseSnapshot = Snapshot<CaseElement, CaseElement>
/// The snapshot type of integer-identified corpus cases.
public typealias IntSnapshot = Snapshot<IntElement, IntElement>
/// The snapshot type of `UUID`-identified corpus cases.
public typealias UUIDSnapshot = Snapshot<UUIDElement, UUIDElement>
/// The snapshot type of string-identified corpus cases.
public typealias StringSnapshot = Snapshot<StringElement, StringElement>

/// A snapshot of the corpus' own elements with identities of type `ID`: what every generated
/// case and case file is, and what a ``DiffAlgorithm`` or an adapter receives.
public typealias ElementSnapshot<ID: Hashable & Sendable> = Snapshot<Element<ID>, Element<ID>>
