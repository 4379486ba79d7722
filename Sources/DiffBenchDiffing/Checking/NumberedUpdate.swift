// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// An app's update as DiffBench's own case, which the guard checks and writes: identities
/// numbered and contents made revisions (``SnapshotNumbering``; the old snapshot registered
/// first, so revision 0 is what an identity first showed there, 1 what the new snapshot shows
/// when it differs). It holds the diffing problem and none of the app's data.
package struct NumberedUpdate: Sendable {
    /// The old snapshot, numbered.
    package var old: CaseSnapshot
    /// The new snapshot, numbered.
    package var new: CaseSnapshot
    /// The changeset, its `after` snapshots numbered.
    package var changeset: Changeset<CaseElement, CaseElement>
    /// Whether an identity repeats within the old or the new snapshot.
    package var duplicates: Bool

    /// The numbered form of `changeset` from `old` to `new`.
    ///
    /// - Complexity: O(*n* + *k*) for *n* rows and *k* operations, expected.
    package init<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>
    ) {
        var numbering = SnapshotNumbering<Model, Item>()
        numbering.register(old)
        numbering.register(new)
        self.old = numbering.convert(old)
        self.new = numbering.convert(new)
        self.changeset = changeset.mapElements(model: numbering.section, item: numbering.row)
        self.duplicates = Self.repeats(self.old) || Self.repeats(self.new)
    }

    /// Whether a section or a row identity of `snapshot` repeats.
    ///
    /// - Complexity: O(*n*) for *n* rows, expected.
    static func repeats(_ snapshot: CaseSnapshot) -> Bool {
        var sections = Set<CaseID>(), rows = Set<CaseID>()
        for section in snapshot.sections {
            if !sections.insert(section.model.id).inserted { return true }
            for item in section.items where !rows.insert(item.id).inserted { return true }
        }
        return false
    }
}
