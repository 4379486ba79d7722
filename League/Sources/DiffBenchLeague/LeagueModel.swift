// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// A row as an app keeps it: a stable identity and the revision of its content (a new revision
/// with the same identity is a content update). Each adapter file conforms it to its library's
/// protocol, as an app conforms its own model.
public struct Row<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The identity.
    public var id: ID
    /// The content revision.
    public var rev: Int

    /// The row of a corpus element.
    @inlinable
    public init(_ element: Element<ID>) {
        id = element.id
        rev = element.rev
    }

    /// The corpus element again.
    @inlinable
    public var element: Element<ID> { Element(id, rev: rev) }
}

/// A section's own model (its header): an identity and the revision of its content.
public struct Header<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The identity.
    public var id: ID
    /// The content revision.
    public var rev: Int

    /// The header of a corpus section.
    @inlinable
    public init(_ element: Element<ID>) {
        id = element.id
        rev = element.rev
    }

    /// The corpus element again.
    @inlinable
    public var element: Element<ID> { Element(id, rev: rev) }
}

/// A corpus snapshot as an app's list: the headers, and each section's rows.
public struct AppList<ID: Hashable & Sendable>: Sendable {
    /// The sections' headers, in order.
    public var headers: [Header<ID>]
    /// Each section's rows, in order.
    public var rows: [[Row<ID>]]

    /// The list of `snapshot`.
    ///
    /// - Complexity: O(*n*) for *n* items.
    @inlinable
    public init(_ snapshot: ElementSnapshot<ID>) {
        headers = snapshot.sections.map { Header($0.model) }
        rows = snapshot.sections.map { $0.items.map(Row.init) }
    }
}

/// Old and new section offsets of the sections both lists keep, paired by identity: what an app
/// computes before it diffs each kept section's rows with a flat differ. Timed with the differ,
/// since the app pays it on every update.
public enum KeptSections {
    /// The pairs in old order, leaving out the old sections the section-level diff deletes and
    /// the new ones it inserts (their rows go with them); with repeated identities, the last new
    /// section of an identity.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    @inlinable
    public static func pairs<ID: Hashable>(
        old: [ID], new: [ID], deleted: Set<Int> = [], inserted: Set<Int> = []
    ) -> [(old: Int, new: Int)] {
        var newOffset: [ID: Int] = [:]
        newOffset.reserveCapacity(new.count)
        for (j, id) in new.enumerated() where !inserted.contains(j) { newOffset[id] = j }
        var pairs: [(old: Int, new: Int)] = []
        pairs.reserveCapacity(min(old.count, new.count))
        for (i, id) in old.enumerated() where !deleted.contains(i) {
            if let j = newOffset[id] { pairs.append((i, j)) }
        }
        return pairs
    }
}
