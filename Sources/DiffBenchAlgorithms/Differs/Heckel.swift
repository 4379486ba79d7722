// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel
import DiffBenchDiffCore

/// Paul Heckel's symbol-table algorithm (1978) over sections and over all items, with
/// cross-section moves: the classic of RxDataSources, IGListKit and DifferenceKit.
///
/// Identities go into a symbol table once; every new element takes the next unused old
/// occurrence of its identity (duplicates pair in order, as DifferenceKit does). Moves are
/// reported as Heckel-style differs report them: an element is moved unless its source is the
/// next untracked source of its section, which over-reports moves (a single item moved from
/// the front to the back yields n - 1 moves). Content changes become reloads. Shared ends
/// (same sections, a common prefix and suffix per section) are read first and stay in place.
///
/// - Complexity: O(*n* + *m*) time and memory.
public struct Heckel: DiffAlgorithm {
    public var name: String { "heckel" }
    public var summary: String {
        "Heckel (1978) symbol table, O(n), sectioned, cross-section moves; over-reports moves"
    }

    /// Creates the algorithm.
    public init() {}

    /// A staged changeset from `old` to `new`; never throws (duplicates are paired in order).
    ///
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new items.
    @inlinable
    public func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        heckelChangesetForCorpus(old, new)
    }
}

/// ``heckelChangeset(_:_:)`` pre-specialized for the corpus' element types, so that calls through
/// the registry (unspecialized) reach a specialized copy.
///
/// - Complexity: as ``Heckel``.
@inlinable
@_specialize(where Model == IntElement, Item == IntElement)
@_specialize(where Model == StringElement, Item == StringElement)
@_specialize(where Model == UUIDElement, Item == UUIDElement)
@_specialize(where Model == CaseElement, Item == CaseElement)
func heckelChangesetForCorpus<Model: DiffElement, Item: DiffElement>(
    _ old: Snapshot<Model, Item>, _ new: Snapshot<Model, Item>
) -> Changeset<Model, Item> {
    heckelChangeset(old, new)
}
