// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// The identity types of snapshots read from files: a case or trace whose ids are all integers
/// (or all strings) is timed with `Int` (or `String`) identities, as generated cells are, rather
/// than through the two-way ``CaseID``.
package enum CaseIdentities {
    /// Which identities a file's snapshots use: `int`, `string`, or `mixed` when both appear.
    package enum Kind: String, Sendable {
        case int, string, mixed
    }

    /// The identity types seen so far over the snapshots of a file.
    package struct Seen: Sendable {
        package private(set) var ints = false, strings = false

        package init() {}

        /// Adds the identities of `snapshot`.
        ///
        /// - Complexity: O(*n*) in its sections and items.
        package mutating func add(_ snapshot: CaseSnapshot) {
            func add(_ id: CaseID) {
                if case .int = id { ints = true } else { strings = true }
            }
            for section in snapshot.sections {
                add(section.model.id)
                for item in section.items { add(item.id) }
            }
        }

        /// `mixed` when both types appeared, else the one that did (`int` when none did).
        package var kind: Kind { ints && strings ? .mixed : strings ? .string : .int }
    }

    /// `snapshot` with `Int` identities, or `nil` when one of its ids is a string.
    ///
    /// - Complexity: O(*n*).
    package static func ints(_ snapshot: CaseSnapshot) -> IntSnapshot? {
        convert(snapshot) { id in if case .int(let value) = id { value } else { nil } }
    }

    /// `snapshot` with `String` identities, or `nil` when one of its ids is an integer.
    ///
    /// - Complexity: O(*n*).
    package static func strings(_ snapshot: CaseSnapshot) -> StringSnapshot? {
        convert(snapshot) { id in if case .string(let text) = id { text } else { nil } }
    }

    static func convert<ID: Hashable & Sendable>(_ snapshot: CaseSnapshot, _ id: (CaseID) -> ID?)
        -> ElementSnapshot<ID>?
    {
        var sections: [Section<Element<ID>, Element<ID>>] = []
        sections.reserveCapacity(snapshot.sections.count)
        for section in snapshot.sections {
            guard let model = id(section.model.id) else { return nil }
            var items: [Element<ID>] = []
            items.reserveCapacity(section.items.count)
            for item in section.items {
                guard let converted = id(item.id) else { return nil }
                items.append(Element(converted, rev: item.rev))
            }
            sections.append(Section(Element(model, rev: section.model.rev), items: items))
        }
        return Snapshot(sections)
    }
}
