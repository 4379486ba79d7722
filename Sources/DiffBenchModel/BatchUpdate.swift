// SPDX-License-Identifier: Apache-2.0
/// One `performBatchUpdates` block, in UIKit's coordinates.
///
/// Deletes and reloads name old indices, inserts name new ones, moves go old -> new,
/// reconfigures name new indices and apply after the batch. Arrays, not sets, so that
/// duplicates stay visible to the conformance checker.
///
/// `reconfigureSections` has no UIKit batch call: it names sections (new indices) whose header
/// and footer views the app rebinds in place during the update, as Bento does with
/// `headerView(forSection:)`. It refreshes a header's content without deleting its section.
public struct BatchUpdate: Hashable, Sendable {
    public var deleteSections: [Int] = []
    public var insertSections: [Int] = []
    public var moveSections: [Move<Int>] = []
    public var reloadSections: [Int] = []
    public var deleteItems: [ItemPath] = []
    public var insertItems: [ItemPath] = []
    public var moveItems: [Move<ItemPath>] = []
    public var reloadItems: [ItemPath] = []
    public var reconfigureItems: [ItemPath] = []
    public var reconfigureSections: [Int] = []

    /// Creates an empty batch.
    @inlinable
    public init() {}

    /// Whether the batch names no operation at all.
    public var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty
            && reloadSections.isEmpty && deleteItems.isEmpty && insertItems.isEmpty
            && moveItems.isEmpty && reloadItems.isEmpty && reconfigureItems.isEmpty && reconfigureSections.isEmpty
    }

    /// The number of section-level operations.
    public var sectionOperationCount: Int {
        deleteSections.count + insertSections.count + moveSections.count + reloadSections.count
    }
}
