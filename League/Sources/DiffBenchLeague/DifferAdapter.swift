// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchKit
import Differ

/// One section as Differ diffs it: a collection of rows with a header, compared by header.
public struct DifferSection<ID: Hashable & Sendable>: Collection, Sendable {
    /// The section's header.
    public var header: Header<ID>
    /// Its rows.
    public var rows: [Row<ID>]

    public var startIndex: Int { rows.startIndex }
    public var endIndex: Int { rows.endIndex }
    public subscript(position: Int) -> Row<ID> { rows[position] }
    public func index(after i: Int) -> Int { i + 1 }
}

/// Differ 1.4.5 (tonyarnold/Differ): `nestedExtendedDiff(to:isEqualSection:isEqualElement:)`, its
/// Myers-based diff two levels deep with moves, applied as its own
/// `UITableView.apply(_:indexPathTransform:sectionTransform:)` applies a `NestedExtendedDiff`: one
/// batch of the library's `NestedBatchUpdate` (row deletes, inserts and moves, then section deletes,
/// inserts and moves). Differ knows equality only, not identity: sections are equal when their
/// headers are (identity and content), rows when they are `==` (identity and content), so a changed
/// row or header is deleted and inserted, never reloaded.
public struct DifferLibraryAdapter: GenericDifferAdapter {
    public let name = "differ"
    public let summary = "Differ 1.4.5: nestedExtendedDiff (Myers, two levels, moves), as apply(_:) sends it"

    public init() {}

    public func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> PreparedCall<ID>
    {
        let source = Self.sections(old), target = Self.sections(new)
        return PreparedCall(
            diff: {
                source.nestedExtendedDiff(to: target, isEqualSection: { $0.header == $1.header }, isEqualElement: ==)
            }, changeset: { Self.changeset($0) })
    }

    /// A corpus snapshot as Differ's nested collection.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public static func sections<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> [DifferSection<ID>] {
        snapshot.sections.map { DifferSection(header: Header($0.model), rows: $0.items.map(Row.init)) }
    }

    /// The one batch `apply(_:)` sends for `diff`, through the library's own `NestedBatchUpdate`.
    ///
    /// - Complexity: O(*c*) for *c* diff elements.
    public static func changeset<ID: Hashable & Sendable>(_ diff: NestedExtendedDiff)
        -> DiffBenchModel.Changeset<Element<ID>, Element<ID>>
    {
        let update = NestedBatchUpdate(diff: diff)
        // Foundation's IndexPath: [section, item] (UIKit's `section`/`row` accessors are Apple-only).
        func path(_ p: IndexPath) -> ItemPath { ItemPath(p[0], p[1]) }
        var batch = BatchUpdate()
        batch.deleteItems = update.itemDeletions.map(path)
        batch.insertItems = update.itemInsertions.map(path)
        batch.moveItems = update.itemMoves.map { Move(path($0.from), path($0.to)) }
        batch.deleteSections = Array(update.sectionDeletions)
        batch.insertSections = Array(update.sectionInsertions)
        batch.moveSections = update.sectionMoves.map { Move($0.from, $0.to) }
        return .staged([Stage(batch, after: nil)])
    }
}
