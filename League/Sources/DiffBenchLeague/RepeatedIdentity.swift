// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// Where a list repeats an identity the way list libraries ask apps not to: among its sections, or
/// among one section's rows (the same row identity in two sections is not counted: the libraries
/// that ask keep each section's rows apart).
public enum RepeatedIdentity {
    /// `sections` or `rows of a section` for the first kind of repeat in `snapshot`, `nil` for none.
    ///
    /// - Complexity: O(*n*) for *n* sections and items.
    public static func level<ID: Hashable & Sendable>(in snapshot: ElementSnapshot<ID>) -> String? {
        if amongSections(snapshot) { return "sections" }
        return amongRowsOfASection(snapshot) ? "rows of a section" : nil
    }

    /// Whether two sections of `snapshot` have one identity.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public static func amongSections<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> Bool {
        var seen = Set<ID>()
        seen.reserveCapacity(snapshot.sections.count)
        return snapshot.sections.contains { !seen.insert($0.model.id).inserted }
    }

    /// Whether two rows of one section of `snapshot` have one identity.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public static func amongRowsOfASection<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> Bool {
        var seen = Set<ID>()
        return snapshot.sections.contains { section in
            seen.removeAll(keepingCapacity: true)
            return section.items.contains { !seen.insert($0.id).inserted }
        }
    }
}
