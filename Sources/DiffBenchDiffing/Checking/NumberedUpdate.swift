// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// An app's update as DiffBench's own integer elements, which the guard checks (and writes as a
/// case): identities numbered and contents made revisions (``SnapshotNumbering``; the old
/// snapshot registered first, so revision 0 is what an identity first showed there, 1 what the new
/// snapshot shows when it differs). It holds the diffing problem and none of the app's data.
@usableFromInline
package struct NumberedUpdate: Sendable {
    /// The old snapshot, numbered.
    @usableFromInline package var old: IntSnapshot
    /// The new snapshot, numbered.
    @usableFromInline package var new: IntSnapshot
    /// The changeset, its `after` snapshots numbered.
    @usableFromInline package var changeset: Changeset<IntElement, IntElement>
    /// Whether an identity repeats within the old or the new snapshot.
    @usableFromInline package var duplicates: Bool

    /// The numbered form of `changeset` from `old` to `new`.
    ///
    /// - Complexity: O(*n* + *k*) for *n* rows and *k* operations, expected.
    @inlinable
    package init<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>
    ) {
        var numbering = SnapshotNumbering<Model, Item>(
            sections: old.sections.count + new.sections.count, rows: old.itemCount + new.itemCount)
        numbering.register(old)
        numbering.register(new)
        self.old = numbering.convert(old)
        self.new = numbering.convert(new)
        self.changeset = changeset.mapElements(model: numbering.sections.element, item: numbering.rows.element)
        self.duplicates = numbering.repeats
    }
}
