// SPDX-License-Identifier: Apache-2.0
import DiffBenchConformance

/// A broken batch-update rule: its id in DiffBench's rule catalog (`bench rules`), the batch it
/// broke in and UIKit's message for it (or, for a rule UIKit does not assert, what goes wrong on
/// screen).
public struct GuardFinding: Sendable, Hashable, CustomStringConvertible {
    /// The rule's id, such as `R17`.
    public var rule: String
    /// The batch it broke in, from 0.
    public var batch: Int
    /// UIKit's message, or what goes wrong on screen.
    public var message: String

    /// The finding of the checker's `finding`.
    ///
    /// - Complexity: O(1).
    init(_ finding: Finding) {
        rule = finding.rule
        batch = finding.stage
        message = finding.message
    }

    /// `RULE in batch N: message`.
    public var description: String { "\(rule) in batch \(batch): \(message)" }
}

/// The kind of view whose rules the guard and the recording view apply.
public enum GuardedView: Sendable, Hashable {
    /// `UITableView` (and `NSTableView`).
    case tableView
    /// `UICollectionView` (and `NSCollectionView`).
    case collectionView

    /// The checker's target.
    var target: Target { self == .tableView ? .table : .collection }
}
