// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// An update's old and new snapshots and changeset in the engine's terms, kept for the guard
/// (`DiffBenchDiffingGuard`), which sees them only as DiffBench's own numbered case
/// (``NumberedUpdate``): so that an app that never checks pays no checker, and one that does
/// checks with code specialized once, for the case's own elements.
///
/// A class, so that ``DiffUpdate`` stays one reference whatever its types; immutable, and holding
/// only values of the update's own types, so it is as sendable as they are.
@usableFromInline
package class UpdateSource: @unchecked Sendable {
    /// A source.
    ///
    /// - Complexity: O(1).
    @usableFromInline
    package init() {}

    /// The update as a numbered case.
    ///
    /// - Complexity: O(*n* + *k*) for *n* rows and *k* operations, expected.
    package func numbered() -> NumberedUpdate {
        preconditionFailure("UpdateSource is abstract: TypedUpdateSource overrides numbered()")
    }
}

/// The ``UpdateSource`` of an update between snapshots of `Model` sections and `Item` rows.
@usableFromInline
package final class TypedUpdateSource<Model: DiffElement, Item: DiffElement>: UpdateSource, @unchecked Sendable {
    /// The snapshot before the update.
    @usableFromInline package let old: Snapshot<Model, Item>
    /// The snapshot after it.
    @usableFromInline package let new: Snapshot<Model, Item>
    /// The engine's changeset between them.
    @usableFromInline package let changeset: Changeset<Model, Item>

    /// The source of `changeset` from `old` to `new`.
    ///
    /// - Complexity: O(1).
    @usableFromInline
    package init(old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>) {
        self.old = old
        self.new = new
        self.changeset = changeset
    }

    /// The update as a numbered case (``NumberedUpdate/init(old:new:changeset:)``).
    ///
    /// - Complexity: O(*n* + *k*) for *n* rows and *k* operations, expected.
    package override func numbered() -> NumberedUpdate {
        NumberedUpdate(old: old, new: new, changeset: changeset)
    }
}
