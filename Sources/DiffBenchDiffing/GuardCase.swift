// SPDX-License-Identifier: Apache-2.0
import DiffBenchCaseWriting

/// An app's snapshots and changeset as DiffBench's own elements, for the files the guard writes:
/// identities numbered in order of first appearance (sections `S1`, `S2`, ...; rows 1, 2, ...), and
/// per element a content revision: 0 where it shows what the first element of its identity in the
/// old snapshot shows (else the new one's), 1 where it shows what the new snapshot's shows, 2
/// otherwise. The files hold the diffing problem and none of the app's data.
struct GuardCase<Model: DiffElement, Item: DiffElement> {
    private var sections = Numbering<Model>(), rows = Numbering<Item>()
    /// Whether an identity repeats within the old or the new snapshot.
    private(set) var duplicates = false

    /// Numbers the identities of `old`, then those new in `new`.
    ///
    /// - Complexity: O(*n*) for *n* rows, expected.
    init(old: Snapshot<Model, Item>, new: Snapshot<Model, Item>) {
        for (snapshot, isNew) in [(old, false), (new, true)] {
            var seenSections = Set<Model.DiffID>(), seenRows = Set<Item.DiffID>()
            for section in snapshot.sections {
                if !seenSections.insert(section.model.diffID).inserted { duplicates = true }
                sections.register(section.model, isNew: isNew)
                for item in section.items {
                    if !seenRows.insert(item.diffID).inserted { duplicates = true }
                    rows.register(item, isNew: isNew)
                }
            }
        }
    }

    /// `snapshot` with numbered identities and revisions.
    ///
    /// - Complexity: O(*n*) for *n* rows, expected.
    func convert(_ snapshot: Snapshot<Model, Item>) -> CaseSnapshot {
        Snapshot(
            snapshot.sections.map { section in
                Section(
                    CaseElement(.string("S\(sections.number(section.model))"), rev: sections.revision(section.model)),
                    items: section.items.map { CaseElement(.int(rows.number($0)), rev: rows.revision($0)) })
            })
    }

    /// The case file (`diffbench-case/1`) of `old` to `new`.
    ///
    /// - Complexity: O(*n*) for *n* rows.
    func caseFile(name: String, old: Snapshot<Model, Item>, new: Snapshot<Model, Item>) -> [UInt8] {
        CaseWriting.caseFile(name: name, old: convert(old), new: convert(new), duplicates: duplicates)
    }

    /// The changeset file (`diffbench-changeset/1`) of `changeset`.
    ///
    /// - Complexity: O(*n* + *k*) for *n* elements in its snapshots and *k* operations.
    func changesetFile(_ changeset: Changeset<Model, Item>) -> [UInt8] {
        let converted: Changeset<CaseElement, CaseElement> = changeset.mapElements(
            model: { CaseElement(.string("S\(sections.number($0))"), rev: sections.revision($0)) },
            item: { CaseElement(.int(rows.number($0)), rev: rows.revision($0)) }
        )
        return CaseWriting.changeset(converted)
    }

    /// One element kind's identities: their numbers, and the first old and new element of each.
    struct Numbering<Element: DiffElement> {
        var numbers: [Element.DiffID: Int] = [:]
        var firstOld: [Element.DiffID: Element] = [:], firstNew: [Element.DiffID: Element] = [:]

        mutating func register(_ element: Element, isNew: Bool) {
            let id = element.diffID
            if numbers[id] == nil { numbers[id] = numbers.count + 1 }
            if isNew {
                if firstNew[id] == nil { firstNew[id] = element }
            } else if firstOld[id] == nil {
                firstOld[id] = element
            }
        }

        /// The number of `element`'s identity (0 for one neither snapshot holds).
        func number(_ element: Element) -> Int { numbers[element.diffID] ?? 0 }

        /// The content revision of `element` (see ``GuardCase``).
        func revision(_ element: Element) -> Int {
            let id = element.diffID
            guard let base = firstOld[id] ?? firstNew[id] else { return 2 }
            if element.isContentEqual(to: base) { return 0 }
            if let new = firstNew[id], element.isContentEqual(to: new) { return 1 }
            return 2
        }
    }
}
