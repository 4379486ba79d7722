// SPDX-License-Identifier: Apache-2.0

/// An app's section type: a ``DiffElement`` itself (its identity, and whether its header shows
/// the same content) that holds its rows.
///
/// Conform the types an app already has, as apps conform to DifferenceKit's
/// `DifferentiableSection`; ``DiffAlgorithm/diff(from:to:)-(_,_)`` then diffs arrays of them
/// without converting a row.
public protocol DiffSection: DiffElement {
    /// The row type.
    associatedtype Row: DiffElement
    /// The section's rows, in display order.
    var rows: [Row] { get }
}

extension Snapshot where Model: DiffSection, Item == Model.Row {
    /// A snapshot of an app's sections, each holding its own rows (the rows array is shared, not
    /// copied).
    ///
    /// - Complexity: O(*s*) for *s* sections.
    @inlinable
    public init(sections: [Model]) {
        self.init(sections.map { Section($0, items: $0.rows) })
    }
}

extension DiffAlgorithm {
    /// The changeset that turns `old` into `new`, an app's own sections and rows, specialized in
    /// the caller's module for its types.
    ///
    /// - Throws: `DiffError` for input the algorithm does not support; never traps.
    /// - Complexity: the algorithm's own (O(*n*) for `Heckel` and `Lis` on unique identities),
    ///   plus O(*s*) for *s* sections to wrap them.
    @inlinable
    public func diff<S: DiffSection>(from old: [S], to new: [S]) throws(DiffError) -> Changeset<S, S.Row> {
        try diff(from: Snapshot(sections: old), to: Snapshot(sections: new))
    }
}
