// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffCore

/// An app's elements as DiffBench's integer elements: each identity numbered in order of first
/// appearance (from 1), each content a revision: its index among the distinct contents its
/// identity has shown, in order of appearance (0 for the first). Register every element before
/// converting any, and numbers and revisions agree across every snapshot converted. The
/// identities go into the differs' own table (``IdentityTable``): one cheap hash each, no
/// allocation but the table's.
@usableFromInline
package struct IdentityNumbering<Element: DiffElement> {
    /// The identities, numbered by their index in it.
    @usableFromInline var table: IdentityTable<Element.DiffID>
    /// Per identity, by index: the first content it showed.
    @usableFromInline var first: [Element] = []
    /// Per identity (by index) that showed more than one content: the others, in order.
    @usableFromInline var more: [Int: [Element]] = [:]
    /// Per identity (by index): the last registration pass that saw it.
    @usableFromInline var lastPass: [Int] = []
    /// The registration pass under way (``beginPass()``).
    @usableFromInline var pass = 0
    /// Whether an identity was registered twice in one pass.
    @usableFromInline package private(set) var repeats = false

    /// A numbering for up to about `capacity` identities (it grows past them).
    ///
    /// - Complexity: O(`capacity`).
    @inlinable
    package init(capacity: Int) { table = IdentityTable(capacity: capacity) }

    /// Starts a pass: an identity registered twice before the next pass repeats (``repeats``).
    ///
    /// - Complexity: O(1).
    @inlinable
    package mutating func beginPass() { pass += 1 }

    /// Numbers `element`'s identity if it is new and keeps its content if its identity has not
    /// shown it yet.
    ///
    /// - Complexity: O(*c*) for *c* distinct contents of its identity (1 or 2 in practice), expected.
    @inlinable
    package mutating func register(_ element: Element) {
        let id = element.diffID
        let index = table.firstIndex(of: id)
        guard index >= 0 else {
            _ = table.insert(id)
            first.append(element)
            lastPass.append(pass)
            return
        }
        if lastPass[index] == pass { repeats = true }
        lastPass[index] = pass
        if first[index].isContentEqual(to: element) { return }
        if more[index]?.contains(where: { $0.isContentEqual(to: element) }) == true { return }
        more[index, default: []].append(element)
    }

    /// `element` as an integer element: its number, its revision (0 for an identity never
    /// registered).
    ///
    /// - Complexity: O(*c*) for *c* distinct contents of its identity, expected.
    @inlinable
    package func element(_ element: Element) -> IntElement {
        let index = table.firstIndex(of: element.diffID)
        guard index >= 0 else { return IntElement(0) }
        if first[index].isContentEqual(to: element) { return IntElement(index + 1) }
        let others = more[index] ?? []
        let rev = (others.firstIndex(where: { $0.isContentEqual(to: element) }) ?? others.count) + 1
        return IntElement(index + 1, rev: rev)
    }
}

/// Both element kinds of snapshots of `Model` sections and `Item` rows, numbered apart.
@usableFromInline
package struct SnapshotNumbering<Model: DiffElement, Item: DiffElement> {
    /// The sections' numbering.
    @usableFromInline package var sections: IdentityNumbering<Model>
    /// The rows' numbering.
    @usableFromInline package var rows: IdentityNumbering<Item>

    /// A numbering for snapshots of about `sections` sections and `rows` rows.
    ///
    /// - Complexity: O(`sections` + `rows`).
    @inlinable
    package init(sections: Int, rows: Int) {
        self.sections = IdentityNumbering(capacity: sections)
        self.rows = IdentityNumbering(capacity: rows)
    }

    /// Whether a section or a row identity repeated within one registered snapshot.
    ///
    /// - Complexity: O(1).
    @inlinable
    package var repeats: Bool { sections.repeats || rows.repeats }

    /// Registers every section and row of `snapshot`, as a pass of its own.
    ///
    /// - Complexity: O(*n*) for *n* rows, expected.
    @inlinable
    package mutating func register(_ snapshot: Snapshot<Model, Item>) {
        sections.beginPass()
        rows.beginPass()
        snapshot.sections.withUnsafeBufferPointer { all in
            for s in all.indices {
                sections.register(all[s].model)
                all[s].items.withUnsafeBufferPointer { items in
                    for k in items.indices { rows.register(items[k]) }
                }
            }
        }
    }

    /// `snapshot` with integer elements.
    ///
    /// - Complexity: O(*n*) for *n* rows, expected.
    @inlinable
    package func convert(_ snapshot: Snapshot<Model, Item>) -> IntSnapshot {
        Snapshot(
            snapshot.sections.map { section in
                Section(
                    sections.element(section.model),
                    items: section.items.withUnsafeBufferPointer { items in items.map { rows.element($0) } })
            })
    }
}
