/// One stage of a staged changeset: a batch plus what the data source shows after it.
public struct Stage<Model: DiffElement, Item: DiffElement> {
    /// The batch update of this stage.
    public var update: BatchUpdate
    /// The snapshot the data source returns at the end of this stage. Required on every
    /// stage but the last; `nil` on the last stage means "the new snapshot".
    public var after: Snapshot<Model, Item>?

    /// Creates a stage.
    @inlinable
    public init(_ update: BatchUpdate, after: Snapshot<Model, Item>?) {
        self.update = update
        self.after = after
    }
}

/// What an algorithm returns: `reloadData`, or a list of batch-update stages.
public enum Changeset<Model: DiffElement, Item: DiffElement> {
    /// The naive changeset: reload everything, animate nothing.
    case reloadData
    /// Batches applied one after another; a single-batch algorithm yields one stage.
    case staged([Stage<Model, Item>])

    /// Whether this is `reloadData`: what a baseline answers, animating nothing.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var isReloadData: Bool {
        if case .reloadData = self { return true }
        return false
    }

    /// The stages (empty for `reloadData`).
    @inlinable
    public var stages: [Stage<Model, Item>] {
        if case .staged(let stages) = self { return stages }
        return []
    }
}

extension Stage: Sendable where Model: Sendable, Item: Sendable {}
extension Changeset: Sendable where Model: Sendable, Item: Sendable {}

extension Changeset {
    /// The same batches with every `after` snapshot's elements converted: how an adapter turns
    /// a changeset over its own element types back into one over the corpus elements.
    ///
    /// - Complexity: O(*n*) for *n* elements in all `after` snapshots.
    @inlinable
    public func mapElements<NewModel: DiffElement, NewItem: DiffElement>(
        model: (Model) throws -> NewModel, item: (Item) throws -> NewItem
    ) rethrows -> Changeset<NewModel, NewItem> {
        switch self {
        case .reloadData: return .reloadData
        case .staged(let stages):
            return .staged(try stages.map { stage in
                guard let after = stage.after else { return Stage(stage.update, after: nil) }
                return Stage(stage.update, after: Snapshot(try after.sections.map { section in
                    Section(try model(section.model), items: try section.items.map(item))
                }))
            })
        }
    }
}
