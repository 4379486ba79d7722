// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// DiffBench's own `heckel` run on the app's element types (`Contact`, `ContactGroup`), to show
/// that a user's type is diffed as fast as the corpus' built-in `Element`: compare this row with
/// `heckel` on the same cells (`--ids string`, since `Contact` has a String identity).
struct HeckelContactsAdapter: DifferAdapter {
    var name: String { "heckel-contacts" }
    var summary: String { "example: the built-in heckel on an app's own String-keyed element types" }

    func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> ContactList {
        ContactConversion.contacts(snapshot)
    }

    func diff(from old: ContactList, to new: ContactList) throws -> Changeset<ContactGroup, Contact> {
        try Heckel().diff(from: old, to: new)
    }

    func changeset<ID: Hashable & Sendable>(
        for output: Changeset<ContactGroup, Contact>, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) throws -> Changeset<Element<ID>, Element<ID>> {
        let ids = try ContactConversion.identities(old, new)
        return try output.mapElements(
            model: { group in
                guard let id = ids.sections[group.id] else { throw AdapterError("unknown section \(group.id)") }
                return Element(id, rev: group.rev)
            },
            item: { contact in
                guard let id = ids.items[contact.id] else { throw AdapterError("unknown item \(contact.id)") }
                return Element(id, rev: contact.rev)
            })
    }
}
