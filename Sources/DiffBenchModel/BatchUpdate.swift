/// One `performBatchUpdates` block, in UIKit's coordinates.
///
/// Deletes and reloads name old indices, inserts name new ones, moves go old -> new,
/// reconfigures name new indices and apply after the batch. Arrays, not sets, so that
/// duplicates stay visible to the conformance checker.
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

    /// Creates an empty batch.
    @inlinable
    public init() {}

    /// Whether the batch names no operation at all.
    public var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty
            && reloadSections.isEmpty && deleteItems.isEmpty && insertItems.isEmpty
            && moveItems.isEmpty && reloadItems.isEmpty && reconfigureItems.isEmpty
    }

    /// The number of section-level operations.
    public var sectionOperationCount: Int {
        deleteSections.count + insertSections.count + moveSections.count + reloadSections.count
    }
}
