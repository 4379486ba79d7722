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
