// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// An app's elements as DiffBench's case elements: each identity numbered in order of first
/// appearance (from 1), each content a revision: its index among the distinct contents its
/// identity has shown, in order of appearance (0 for the first). Register every element before
/// converting any, and numbers and revisions agree across every snapshot converted.
package struct IdentityNumbering<Element: DiffElement> {
    /// Per identity: its number and the distinct contents seen, in order.
    private var seen: [Element.DiffID: (number: Int, contents: [Element])] = [:]

    /// An empty numbering.
    ///
    /// - Complexity: O(1).
    package init() {}

    /// Numbers `element`'s identity if it is new and keeps its content if its identity has not
    /// shown it yet.
    ///
    /// - Complexity: O(*c*) for *c* distinct contents of its identity (1 or 2 in practice), expected.
    package mutating func register(_ element: Element) {
        let id = element.diffID
        if var entry = seen[id] {
            guard !entry.contents.contains(where: { $0.isContentEqual(to: element) }) else { return }
            entry.contents.append(element)
            seen[id] = entry
        } else {
            seen[id] = (seen.count + 1, [element])
        }
    }

    /// `element`'s number (0 when never registered).
    ///
    /// - Complexity: O(1) expected.
    package func number(_ element: Element) -> Int { seen[element.diffID]?.number ?? 0 }

    /// `element`'s revision (the number of its identity's contents when never registered).
    ///
    /// - Complexity: O(*c*) for *c* distinct contents of its identity, expected.
    package func revision(_ element: Element) -> Int {
        guard let contents = seen[element.diffID]?.contents else { return 0 }
        return contents.firstIndex(where: { $0.isContentEqual(to: element) }) ?? contents.count
    }
}

/// Both element kinds of snapshots of `Model` sections and `Item` rows, numbered together.
package struct SnapshotNumbering<Model: DiffElement, Item: DiffElement> {
    /// The sections' numbering (written `S1`, `S2`, ...).
    package var sections = IdentityNumbering<Model>()
    /// The rows' numbering (written 1, 2, ...).
    package var rows = IdentityNumbering<Item>()

    /// An empty numbering.
    ///
    /// - Complexity: O(1).
    package init() {}

    /// Registers every section and row of `snapshot`.
    ///
    /// - Complexity: O(*n*) for *n* rows, expected.
    package mutating func register(_ snapshot: Snapshot<Model, Item>) {
        for section in snapshot.sections {
            sections.register(section.model)
            for item in section.items { rows.register(item) }
        }
    }

    /// A section as a case element.
    ///
    /// - Complexity: O(1) expected.
    package func section(_ model: Model) -> CaseElement {
        CaseElement(.string("S\(sections.number(model))"), rev: sections.revision(model))
    }

    /// A row as a case element.
    ///
    /// - Complexity: O(1) expected.
    package func row(_ item: Item) -> CaseElement { CaseElement(.int(rows.number(item)), rev: rows.revision(item)) }

    /// `snapshot` as a case snapshot.
    ///
    /// - Complexity: O(*n*) for *n* rows, expected.
    package func convert(_ snapshot: Snapshot<Model, Item>) -> CaseSnapshot {
        Snapshot(snapshot.sections.map { Section(section($0.model), items: $0.items.map(row)) })
    }
}
