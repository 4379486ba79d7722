// SPDX-License-Identifier: Apache-2.0
import Changeset

// The module and its main type share the name `Changeset`, as DiffBench's model type does; this
// file imports only the library, so that the name is the library's here and nowhere else.

/// osteslag/Changeset's edits for one list (its offsets, operations and values).
public typealias OsteslagEdits<Element: Equatable> = [Changeset<[Element]>.Edit]

/// osteslag/Changeset 3.2.0's diff: `Changeset.edits(from:to:)`, Wagner-Fischer edit distance
/// with the deletion/insertion pairs of one value turned into moves (Sources/Changeset.swift:55-125
/// at v3.2.0), and what its UIKit glue sends for the edits.
public enum OsteslagChangeset {
    /// The edits from `old` to `new`, compared with `==` (the library's default comparator).
    ///
    /// - Complexity: O(*n* *m*) cells for lists of *n* and *m* elements, each cell copying the
    ///   edits of its path so far (up to O(*n* + *m*)).
    @inlinable
    public static func edits<Element: Equatable>(_ old: [Element], _ new: [Element]) -> OsteslagEdits<Element> {
        Changeset<[Element]>.edits(from: old, to: new)
    }

    /// The offsets `UITableView.update(with:in:animation:)` sends for `edits`
    /// (Sources/UIKit+Changeset.swift:49-72 at v3.2.0): deletions and move origins as deletes,
    /// insertions and move destinations as inserts, substitutions as reloads at their offset in the
    /// old list.
    ///
    /// - Complexity: O(*e*) for *e* edits.
    public static func glueOffsets<Element: Equatable>(_ edits: OsteslagEdits<Element>)
        -> (deletes: [Int], inserts: [Int], reloads: [Int])
    {
        var deletes: [Int] = [], inserts: [Int] = [], reloads: [Int] = []
        for edit in edits {
            switch edit.operation {
            case .deletion: deletes.append(edit.destination)
            case .insertion: inserts.append(edit.destination)
            case .move(let origin):
                deletes.append(origin)
                inserts.append(edit.destination)
            case .substitution: reloads.append(edit.destination)
            }
        }
        return (deletes, inserts, reloads)
    }
}
