// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// The naive baseline: always `reloadData`. Always valid, never animated, preserves no identity.
public struct ReloadAlgorithm: DiffAlgorithm {
    public var name: String { "reload" }
    public var summary: String { "naive baseline: always reloadData (valid, unanimated)" }

    /// Creates the algorithm.
    public init() {}

    /// Returns `.reloadData`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func diff<Model: DiffElement, Item: DiffElement>(
        from old: Snapshot<Model, Item>, to new: Snapshot<Model, Item>
    ) throws(DiffError) -> Changeset<Model, Item> {
        .reloadData
    }
}
