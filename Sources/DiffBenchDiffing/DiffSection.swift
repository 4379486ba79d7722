// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A section an app shows: an identity, a header whose content can change, and its rows.
///
/// Conform the section type an app already has, as apps conform to DifferenceKit's
/// `DifferentiableSection`. `rows` is settable so that ``DiffUpdate`` can hand the app each
/// batch's sections in the app's own type: the section's own values with that batch's rows.
/// An `Identifiable & Equatable` section conforms with an empty extension: its `id` is its
/// identity and its header content is every stored property but `rows` (compared with `==`, with
/// the rows set aside).
///
/// - Complexity: `diffID` and `isContentEqual(to:)` are called O(1) times per section per diff;
///   `rows` is read once per diff and set once per section per batch.
public protocol DiffSection: DiffElement {
    /// The row type.
    associatedtype Row: DiffRow
    /// The section's rows, in display order.
    var rows: [Row] { get set }
}

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension DiffSection where Self: Identifiable {
    /// The section's `id`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var diffID: ID { id }
}

extension DiffSection where Self: Equatable {
    /// Whether the headers are equal: `==` on the two sections with `other`'s rows put in place of
    /// this one's, so that only what the header shows is compared (the same rows array compares
    /// in O(1)).
    ///
    /// - Complexity: that of `==` on the section's other properties.
    @inlinable
    public func isContentEqual(to other: Self) -> Bool {
        var header = self
        header.rows = other.rows
        return header == other
    }
}
