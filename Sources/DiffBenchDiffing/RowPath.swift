// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A row's place: its section and its index there (UIKit's `IndexPath`, without Foundation).
public struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section index.
    public var section: Int
    /// The row index within the section.
    public var row: Int

    /// The path of `row` in `section`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    /// The path of an engine's item path.
    ///
    /// - Complexity: O(1).
    @inlinable
    init(_ path: ItemPath) { self.init(row: path.item, section: path.section) }

    /// Section first, then row.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (a: RowPath, b: RowPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.row < b.row
    }

    /// `section-row`.
    public var description: String { "\(section)-\(row)" }
}
