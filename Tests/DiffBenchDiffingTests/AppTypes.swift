// SPDX-License-Identifier: Apache-2.0
import DiffBenchDiffing

/// A row as an app holds it: an identity and content that is not a revision number.
struct Row: DiffElement, Equatable {
    var id: String
    var title: String
    var diffID: String { id }
    func isContentEqual(to other: Row) -> Bool { title == other.title }
}

/// A section as an app holds it: an identity, a header, its rows.
struct FeedSection: DiffSection, Equatable {
    var id: String
    var header: String
    var rows: [Row]
    var diffID: String { id }
    func isContentEqual(to other: FeedSection) -> Bool { header == other.header }
}

extension Array where Element == FeedSection {
    /// The app's sections for a corpus snapshot (a revision becomes a title).
    init<ID: Hashable & Sendable & CustomStringConvertible>(_ snapshot: ElementSnapshot<ID>) {
        self = snapshot.sections.map { section in
            FeedSection(
                id: "section \(section.model.id)", header: "header v\(section.model.rev)",
                rows: section.items.map { Row(id: "row \($0.id)", title: "title v\($0.rev)") })
        }
    }
}

/// A data source that the glue sets and a recording view reads.
final class DataSource {
    var shown: Snapshot<FeedSection, Row>
    init(_ shown: Snapshot<FeedSection, Row>) { self.shown = shown }
}
