// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// Where a list repeats an identity the way list libraries ask apps not to: among its sections, or
/// among one section's rows (the same row identity in two sections is not counted: the libraries
/// below keep each section's rows apart).
public enum RepeatedIdentity {
    /// `sections` or `rows of a section` for the first repeat in `snapshot`, `nil` for none.
    ///
    /// - Complexity: O(*n*) for *n* sections and items.
    public static func level<ID: Hashable & Sendable>(in snapshot: ElementSnapshot<ID>) -> String? {
        var seen = Set<ID>()
        seen.reserveCapacity(snapshot.sections.count)
        for section in snapshot.sections where !seen.insert(section.model.id).inserted { return "sections" }
        for section in snapshot.sections {
            seen.removeAll(keepingCapacity: true)
            for item in section.items where !seen.insert(item.id).inserted { return "rows of a section" }
        }
        return nil
    }
}
