// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffing

/// A row as an app holds it: an identity and content that is not a revision number. It conforms
/// with an empty extension (`Identifiable & Equatable`).
package struct Row: Identifiable, Equatable, Sendable {
    package var id: String
    package var title: String

    package init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

extension Row: DiffRow {}

/// A section as an app holds it: an identity, a header, its rows; it conforms with an empty
/// extension too (its header is every property but its rows).
package struct FeedSection: Identifiable, Equatable, Sendable {
    package var id: String
    package var header: String
    package var rows: [Row]

    package init(id: String, header: String, rows: [Row]) {
        self.id = id
        self.header = header
        self.rows = rows
    }
}

extension FeedSection: DiffSection {}

extension Array where Element == FeedSection {
    /// The app's sections for a corpus snapshot (a revision becomes a title).
    package init<ID: Hashable & Sendable & CustomStringConvertible>(_ snapshot: ElementSnapshot<ID>) {
        self = snapshot.sections.map { section in
            FeedSection(
                id: "section \(section.model.id)", header: "header v\(section.model.rev)",
                rows: section.items.map { Row(id: "row \($0.id)", title: "title v\($0.rev)") })
        }
    }
}
