// SPDX-License-Identifier: Apache-2.0
import struct Foundation.UUID

/// The compact concrete element the corpus and case files use for sections and items:
/// an identity plus an integer content revision.
///
/// Timing should measure the algorithm, not the model, so this stays a small value type.
@frozen
public struct Element<ID: Hashable & Sendable>: DiffElement, Hashable, Sendable {
    /// The identity.
    public var id: ID
    /// The content revision; a change with equal `id` is a content update.
    public var rev: Int

    /// Creates an element.
    @inlinable
    public init(_ id: ID, rev: Int = 0) {
        self.id = id
        self.rev = rev
    }

    @inlinable
    public var diffID: ID { id }

    @inlinable
    public func isContentEqual(to other: Element<ID>) -> Bool { rev == other.rev }
}

/// An identity as written in case files: a string or an integer.
public enum CaseID: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case string(String)

    /// Hashes the payload alone (`==` still tells `7` from `"7"`): the synthesized form
    /// combines the case too, and a million identities in a set spent more time setting up
    /// hashers than reading the file.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let value): hasher.combine(value)
        case .string(let text): hasher.combine(text)
        }
    }

    /// The payload's own one-shot hash (`Int`'s is a single-word SipHash, no `Hasher` set up).
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        switch self {
        case .int(let value): return value._rawHashValue(seed: seed)
        case .string(let text): return text._rawHashValue(seed: seed)
        }
    }

    public var description: String {
        switch self {
        case .int(let value): return String(value)
        case .string(let value): return value
        }
    }
}

/// Int-identified elements: the corpus default.
public typealias IntElement = Element<Int>
/// String-identified elements (UUID-like ids in the corpus).
public typealias StringElement = Element<String>
/// Foundation `UUID`-identified elements, as DifferenceKit's published benchmark uses.
public typealias UUIDElement = Element<UUID>
/// Elements read from case files.
public typealias CaseElement = Element<CaseID>
