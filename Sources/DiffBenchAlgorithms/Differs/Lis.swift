// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffCore

/// The move-minimal keyed differ: an identity hash join, then, per kept section, the longest
/// increasing subsequence of old positions stays and every other item moves (as keyed
/// virtual-DOM reconcilers do). Sections are treated the same way.
///
/// Without duplicate identities its relocations equal the minimum any changeset needs (the LIS
/// bound); with duplicates, the shared ends pair in place and other identities in order of
/// appearance, as in `heckel`, and it keeps
/// at least as many items in place as `heckel` does.
///
/// - Complexity: O((*n* + *m*) log *n*) time, O(*n* + *m*) memory.
public struct Lis: DiffAlgorithm {
    public var name: String { "lis" }
    public var summary: String { "keyed hash join + longest increasing subsequence per section; move-minimal" }

    /// Creates the algorithm.
    public init() {}

    /// A staged changeset from `old` to `new`; never throws (duplicates are paired in order).
    ///
    /// - Complexity: O((*n* + *m*) log *n*) for *n* old and *m* new items.
    @inlinable
    public func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        lisChangesetForCorpus(old, new)
    }
}

/// ``lisChangeset(_:_:)`` pre-specialized for the corpus' element types, so that calls through
/// the registry (unspecialized) reach a specialized copy.
///
/// - Complexity: as ``Lis``.
@inlinable
@_specialize(where Model == IntElement, Item == IntElement)
@_specialize(where Model == StringElement, Item == StringElement)
@_specialize(where Model == UUIDElement, Item == UUIDElement)
@_specialize(where Model == CaseElement, Item == CaseElement)
func lisChangesetForCorpus<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    lisChangeset(old, new)
}
