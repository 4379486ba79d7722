// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// DiffBench's own `heckel` run on the app's Int-keyed element types (`Message`, `MessageDay`),
/// declared in this module, to show that a user's type specializes and runs as fast as the
/// corpus' built-in `Element<Int>`: compare this row with `heckel` on the same cells.
///
/// Only Int corpus identities map onto `Message.id`; other cells (`--ids string|uuid`) are
/// reported `skipped` (unsupported input).
struct HeckelMessagesAdapter: DifferAdapter {
    /// Why a cell with non-Int identities is skipped.
    struct IntIdentitiesOnly: Error, CustomStringConvertible {
        var description: String { "heckel-messages takes Int identities (--ids int)" }
    }

    var name: String { "heckel-messages" }
    var summary: String { "example: the built-in heckel on an app's own Int-keyed element types" }

    func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws -> Conversation {
        guard let snapshot = snapshot as? ElementSnapshot<Int> else { throw IntIdentitiesOnly() }
        return Conversation(
            snapshot.sections.map { section in
                let day = section.model.id
                return Section(
                    MessageDay(day: day, rev: section.model.rev),
                    items: section.items.map {
                        Message(
                            id: $0.id, kind: $0.id % 3 == 0 ? .photo : .text,
                            unread: Int32(truncatingIfNeeded: $0.rev % 5),
                            pinned: $0.id % 11 == 0, rev: $0.rev)
                    })
            })
    }

    func diff(from old: Conversation, to new: Conversation) throws -> Changeset<MessageDay, Message> {
        try Heckel().diff(from: old, to: new)
    }

    func changeset<ID: Hashable & Sendable>(
        for output: Changeset<MessageDay, Message>, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) throws -> Changeset<Element<ID>, Element<ID>> {
        try output.mapElements(
            model: { day in
                guard let id = day.day as? ID else { throw IntIdentitiesOnly() }
                return Element(id, rev: day.rev)
            },
            item: { message in
                guard let id = message.id as? ID else { throw IntIdentitiesOnly() }
                return Element(id, rev: message.rev)
            })
    }
}
