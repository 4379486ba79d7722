// SPDX-License-Identifier: Apache-2.0
/// A value that a differ can match by identity and compare by content.
///
/// Identity decides insert, delete and move; content (same identity, different
/// revision) decides reload. This is RxDataSources' `IdentifiableType` + `Equatable`,
/// or a diffable data source's `Hashable` identifier with an explicit reload.
public protocol DiffElement {
    /// The stable identity type.
    associatedtype DiffID: Hashable
    /// The element's stable identity.
    var diffID: DiffID { get }
    /// Whether `self` and `other` (of equal identity) render the same content.
    func isContentEqual(to other: Self) -> Bool
}

/// A ``DiffElement`` whose identity and content are equal exactly when its bytes are: a plain
/// struct of integers and other trivial values (no strings, arrays or class references, no
/// padding), whose `diffID` and `isContentEqual(to:)` compare every stored field. The differs then
/// compare runs of such elements eight at a time as machine words, as they do the corpus' own
/// integer and UUID elements (`unchanged` and `touch-one`, where that comparison is the whole
/// diff, about twice as fast).
///
/// Conform only a type that meets every condition: a type that does not gets wrong changesets.
public protocol BitwiseEquatableElement: DiffElement {}
