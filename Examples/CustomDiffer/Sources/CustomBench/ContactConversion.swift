// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// The untimed conversions between the corpus' elements and the app's types.
enum ContactConversion {
    /// The app's list for a corpus snapshot: identities become strings, revisions the content.
    static func contacts<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> ContactList {
        ContactList(
            snapshot.sections.map { section in
                let key = String(describing: section.model.id)
                let group = ContactGroup(id: key, title: "Group \(key.prefix(8))", rev: section.model.rev)
                return Section(
                    group,
                    items: section.items.map { item in
                        let key = String(describing: item.id)
                        return Contact(
                            id: key, name: "Name \(key.prefix(8))", subtitle: "rev \(item.rev)",
                            unread: item.rev % 7, rev: item.rev)
                    })
            })
    }

    /// The corpus identity of each string key in `old` and `new`.
    static func identities<ID: Hashable & Sendable>(
        _ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>
    ) throws -> (sections: [String: ID], items: [String: ID]) {
        var sections: [String: ID] = [:], items: [String: ID] = [:]
        for snapshot in [old, new] {
            for section in snapshot.sections {
                try remember(section.model.id, in: &sections)
                for item in section.items { try remember(item.id, in: &items) }
            }
        }
        return (sections, items)
    }

    private static func remember<ID: Hashable>(_ id: ID, in table: inout [String: ID]) throws {
        let key = String(describing: id)
        if let known = table.updateValue(id, forKey: key), known != id {
            throw AdapterError("identities \(known) and \(id) are the same string \"\(key)\"")
        }
    }
}
