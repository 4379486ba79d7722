// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// What IGListKit does to an app's list before its diff sees it, and so what ListDiff, its diff
/// in Swift, is fed by the glue its users have (Instagram/IGListKit 5.2.0):
///
/// - `objectsWithDuplicateIdentifiersRemoved` keeps the first object of each `diffIdentifier` and
///   drops the later ones, logging "Duplicate identifier"
///   (Source/IGListKit/Internal/IGListArrayUtilsInternal.m:18-37);
/// - `IGListAdapter` passes the sections' objects through it before every update
///   (Source/IGListKit/IGListAdapter.m:421), and `IGListBindingSectionController` a section's view
///   models before `IGListDiff` (Source/IGListKit/IGListBindingSectionController.m:64-65).
///
/// So the list IGListKit shows never holds a repeated identity among the sections, nor among one
/// section's rows (the same row identity in two sections is two section controllers' business,
/// and stays). A case that repeats one is not the list IGListKit would show: input its glue does
/// not take, refused here (`skipped`, "unsupported input") rather than charged to ListDiff.
public enum IGListKitInput {
    /// Why a case is not run: the glue would have removed its repeated identities first.
    public struct RepeatedIdentities: Error, CustomStringConvertible {
        /// `sections`, or the rows of one section.
        public var level: String

        // No line numbers: bench verify's reasons write # for every number.
        public var description: String {
            "IGListKit removes repeated identifiers before it diffs (objectsWithDuplicateIdentifiersRemoved, in its "
                + "IGListArrayUtilsInternal.m), so the list it shows never repeats one among the \(level) "
                + "as this case does"
        }
    }

    /// Throws ``RepeatedIdentities`` when `snapshot` repeats a section identity, or a row identity
    /// within one section (``RepeatedIdentity``).
    ///
    /// - Complexity: O(*n*) for *n* sections and items.
    /// - Throws: ``RepeatedIdentities``.
    public static func requireUniqueIdentities<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws {
        if let level = RepeatedIdentity.level(in: snapshot) { throw RepeatedIdentities(level: level) }
    }
}
