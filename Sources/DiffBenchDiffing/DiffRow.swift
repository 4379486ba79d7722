// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A row an app shows: what identifies it across updates (`diffID`) and whether two rows of one
/// identity show the same content (`isContentEqual(to:)`). A changed identity is an insert and a
/// delete; the same identity elsewhere is a move; the same identity with other content is a
/// reload (or a reconfigure, where the app asks for it).
///
/// An `Identifiable & Equatable` row conforms with an empty extension (`extension Post: DiffRow {}`):
/// its `id` is its identity and `==` its content. A `Hashable` row without `Identifiable` is its
/// own identity. Declare either requirement yourself to compare less than every field, for
/// example a content comparison that skips a timestamp the cell does not show.
///
/// A row that is a class edited in place is invisible to any differ: the old and the new list
/// hold the same object, so its content compares equal and the cell stays stale. Give rows value
/// semantics (a struct), or copy an object before you edit it.
///
/// - Complexity: `diffID` and `isContentEqual(to:)` are called O(1) times per row per diff.
public protocol DiffRow: DiffElement {}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension DiffRow where Self: Identifiable {
    /// The row's `id`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var diffID: ID { id }
}

extension DiffRow where Self: Hashable {
    /// The row itself: a `Hashable` row without `Identifiable` is its own identity.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var diffID: Self { self }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension DiffRow where Self: Identifiable & Hashable {
    /// The row's `id` (a row both `Identifiable` and `Hashable` is identified by its `id`).
    ///
    /// - Complexity: O(1).
    @inlinable
    public var diffID: ID { id }
}

extension DiffRow where Self: Equatable {
    /// Whether the rows are equal (`==`).
    ///
    /// - Complexity: that of `==`.
    @inlinable
    public func isContentEqual(to other: Self) -> Bool { self == other }
}
