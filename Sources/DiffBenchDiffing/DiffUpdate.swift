// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffCore

/// The animated update from an old list to a new one: the batches to send, in order, each with
/// the data the app's data source must hold while it runs, in the app's own type.
///
/// ```swift
/// let update = DiffUpdate(from: sections, to: newSections)   // [Feed] to [Feed]; or rows
/// tableView.reload(using: update, with: .fade) { self.sections = $0 }
/// ```
///
/// Each stage's `data` is the app's own values (its sections with that batch's rows, or its
/// rows), so the assignment in `setData` is always the right one; the last stage's is the new
/// list as given. An update with no stage changes nothing on screen.
public struct DiffUpdate<Data> {
    /// The batches, in order; empty when nothing changed.
    public let stages: [DiffStage<Data>]
    /// The new list, as given.
    public let data: Data
    /// Sections of the old list: what the view shows before the first batch.
    @usableFromInline package let oldSectionCount: Int
    /// The update in the engine's terms, for the guard (`DiffBenchDiffingGuard`).
    @usableFromInline package let source: UpdateSource

    /// The update from `old` to `new`, an app's own sections, diffed with `method`.
    ///
    /// - Complexity: the method's (O(*n* + *m*) for heckel, O((*n* + *m*) log *n*) for lis, for *n*
    ///   old and *m* new rows), plus O(*s*) per batch for *s* sections.
    @inlinable
    public init<Section: DiffSection>(from old: [Section], to new: [Section], method: DiffMethod = .lis)
    where Data == [Section] {
        let before = Snapshot(old.map { DiffBenchModel.Section($0, items: $0.rows) })
        let after = Snapshot(new.map { DiffBenchModel.Section($0, items: $0.rows) })
        let changeset = Self.diff(before, after, method)
        let stages = changeset.stages
        let newCounts = after.sections.withUnsafeBufferPointer { $0.map { $0.items.count } }
        self.init(
            stages: stages.indices.map { k in
                // A stage that shows the new list itself (the engine hands it back, shared) gets the
                // app's array as it is: nothing rebuilt.
                guard let shown = stages[k].after, !shown.sections.sharesStorage(with: after.sections) else {
                    return DiffStage(data: new, batch: stages[k].update, rowCounts: newCounts)
                }
                return DiffStage(
                    data: shown.sections.map { section in
                        // An old or a new section with its own rows (most, in a section batch) as it is.
                        guard !section.model.rows.sharesStorage(with: section.items) else { return section.model }
                        var app = section.model
                        app.rows = section.items
                        return app
                    },
                    batch: stages[k].update,
                    rowCounts: shown.sections.withUnsafeBufferPointer { $0.map { $0.items.count } })
            },
            data: new, oldSectionCount: old.count,
            source: UpdateSource(old: before, new: after, changeset: changeset))
    }

    /// The update from `old` to `new`, the rows of a list without sections (one section to the
    /// view), diffed with `method`.
    ///
    /// - Complexity: the method's (O(*n* + *m*) for heckel, O((*n* + *m*) log *n*) for lis, for *n*
    ///   old and *m* new rows), plus O(1) per batch.
    @inlinable
    public init<Row: DiffRow>(from old: [Row], to new: [Row], method: DiffMethod = .lis) where Data == [Row] {
        let before = Snapshot([DiffBenchModel.Section(FlatList(), items: old)])
        let after = Snapshot([DiffBenchModel.Section(FlatList(), items: new)])
        let changeset = Self.diff(before, after, method)
        let stages = changeset.stages
        self.init(
            stages: stages.indices.map { k in
                let rows = stages[k].after?.sections[0].items ?? new
                return DiffStage(data: rows, batch: stages[k].update, rowCounts: [rows.count])
            },
            data: new, oldSectionCount: 1,
            source: UpdateSource(old: before, new: after, changeset: changeset))
    }

    /// An update of these parts.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init(stages: [DiffStage<Data>], data: Data, oldSectionCount: Int, source: UpdateSource) {
        self.stages = stages
        self.data = data
        self.oldSectionCount = oldSectionCount
        self.source = source
    }

    /// The engine's changeset for `method`, specialized in the caller's module.
    ///
    /// - Complexity: the method's.
    @inlinable
    static func diff<Model: DiffElement, Item: DiffElement>(
        _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>, _ method: DiffMethod
    ) -> Changeset<Model, Item> {
        switch method {
        case .lis: lisChangeset(old, new)
        case .heckel: heckelChangeset(old, new)
        }
    }

    /// Whether no batch is needed: the lists show the same rows with the same content.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { stages.isEmpty }

    /// The operands of every batch's calls (``DiffStage/changeCount``), summed.
    ///
    /// - Complexity: O(*b*) for *b* batches.
    public var changeCount: Int { stages.reduce(0) { $0 + $1.changeCount } }
}

extension DiffUpdate: Sendable where Data: Sendable {}

/// The one section a list without sections is to the view: always the same, never reloaded.
@usableFromInline
package struct FlatList: DiffElement, Sendable {
    /// The list.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init() {}

    /// Always 0: the list is one section that stays.
    ///
    /// - Complexity: O(1).
    @inlinable
    package var diffID: Int { 0 }

    /// Always `true`: the list has no header.
    ///
    /// - Complexity: O(1).
    @inlinable
    package func isContentEqual(to other: FlatList) -> Bool { true }
}

extension Array {
    /// Whether both arrays are the same storage (a copy of one array, never changed since).
    ///
    /// - Complexity: O(1).
    @inlinable
    package func sharesStorage(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            && count == other.count
    }
}
