// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// A row as an app would model it: a String identity and a few displayed fields.
struct Contact: DiffElement, Hashable, Sendable {
    var id: String
    var name: String
    var subtitle: String
    var unread: Int
    /// The corpus content revision, kept so that the conversion back is exact.
    var rev: Int

    var diffID: String { id }

    func isContentEqual(to other: Contact) -> Bool {
        rev == other.rev && unread == other.unread && name == other.name && subtitle == other.subtitle
    }
}

/// A section header as an app would model it.
struct ContactGroup: DiffElement, Hashable, Sendable {
    var id: String
    var title: String
    var rev: Int

    var diffID: String { id }

    func isContentEqual(to other: ContactGroup) -> Bool { rev == other.rev && title == other.title }
}

/// The app's own list type: DiffBench's snapshot of the app's own element types.
typealias ContactList = Snapshot<ContactGroup, Contact>
