// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// A row of a chat list as an app would model it for diffing: an Int identity (a server's row
/// id) and a few plain fields (the displayed text stays in the app's store, keyed by `id`).
struct Message: DiffElement, Hashable, Sendable {
    /// What the row shows.
    enum Kind: UInt8, Hashable, Sendable { case text, photo, voice }

    var id: Int
    var kind: Kind
    var unread: Int32
    var pinned: Bool
    /// The corpus content revision, kept so that the conversion back is exact.
    var rev: Int

    var diffID: Int { id }

    func isContentEqual(to other: Message) -> Bool {
        rev == other.rev && unread == other.unread && pinned == other.pinned && kind == other.kind
    }
}

/// A day header in a conversation, keyed by its day number.
struct MessageDay: DiffElement, Hashable, Sendable {
    var day: Int
    var rev: Int

    var diffID: Int { day }

    func isContentEqual(to other: MessageDay) -> Bool { rev == other.rev }
}

/// A conversation: DiffBench's snapshot of the app's own Int-keyed element types.
typealias Conversation = Snapshot<MessageDay, Message>
