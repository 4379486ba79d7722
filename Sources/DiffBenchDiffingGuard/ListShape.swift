// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffing

/// How a recording view reads an app's list (`Data`): its row counts, and lists of it as
/// DiffBench's numbered integer snapshots. A class, so that ``RecordingView`` stays generic over
/// the list alone; one subclass for sections, one for rows without sections.
class ListShape<Data> {
    /// Rows per section of `data`.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    func rowCounts(_ data: Data) -> [Int] { preconditionFailure("ListShape is abstract") }

    /// `lists` as case snapshots, numbered together (``SnapshotNumbering``).
    ///
    /// - Complexity: O(*n*) for *n* rows in all lists, expected.
    func caseSnapshots(_ lists: [Data]) -> [IntSnapshot] { preconditionFailure("ListShape is abstract") }
}

/// An app's sections.
final class SectionShape<AppSection: DiffSection>: ListShape<[AppSection]> {
    override func rowCounts(_ data: [AppSection]) -> [Int] { data.map(\.rows.count) }

    override func caseSnapshots(_ lists: [[AppSection]]) -> [IntSnapshot] {
        Self.numbered(lists.map { list in Snapshot(list.map { Section($0, items: $0.rows) }) })
    }
}

/// An app's rows, a list without sections (one section to the view).
final class RowShape<Row: DiffRow>: ListShape<[Row]> {
    override func rowCounts(_ data: [Row]) -> [Int] { [data.count] }

    override func caseSnapshots(_ lists: [[Row]]) -> [IntSnapshot] {
        Self.numbered(lists.map { Snapshot([Section(FlatList(), items: $0)]) })
    }
}

extension ListShape {
    /// `snapshots` numbered together.
    ///
    /// - Complexity: O(*n*) for *n* rows in all snapshots, expected.
    static func numbered<Model: DiffElement, Item: DiffElement>(_ snapshots: [Snapshot<Model, Item>]) -> [IntSnapshot] {
        var numbering = SnapshotNumbering<Model, Item>(
            sections: snapshots.reduce(0) { $0 + $1.sections.count }, rows: snapshots.reduce(0) { $0 + $1.itemCount })
        for snapshot in snapshots { numbering.register(snapshot) }
        return snapshots.map(numbering.convert)
    }
}
