// SPDX-License-Identifier: Apache-2.0
/// A `(section, item)` position, UIKit's `IndexPath` without Foundation's cost.
@frozen
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section index.
    public var section: Int
    /// The item index inside the section.
    public var item: Int

    /// Creates a path.
    @inlinable
    public init(_ section: Int, _ item: Int) {
        self.section = section
        self.item = item
    }

    @inlinable
    public static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// `section-item`, the short form used in examples.
    public var description: String { "\(section)-\(item)" }
}

/// A move from an old position to a new one.
@frozen
public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
    /// The position before the batch.
    public var from: Index
    /// The position after the batch.
    public var to: Index

    /// Creates a move.
    @inlinable
    public init(_ from: Index, _ to: Index) {
        self.from = from
        self.to = to
    }
}
