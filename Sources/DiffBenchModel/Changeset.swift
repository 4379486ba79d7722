// SPDX-License-Identifier: Apache-2.0
/// One stage of a staged changeset: a batch plus what the data source shows after it.
public struct Stage<Model: DiffElement, Item: DiffElement> {
    /// The batch update of this stage.
    public var update: BatchUpdate
    /// The snapshot the data source returns at the end of this stage. Required on every
    /// stage but the last; `nil` on the last stage means "the new snapshot".
    public var after: Snapshot<Model, Item>?
    /// Whether this stage's batch is sent in the same update as the stage before it: in the same
    /// turn of the run loop, so no frame shows the state between the two. The checker judges each
    /// batch's structure on its own and content (a stale row or header) at the update's end.
    /// `false` on a first stage.
    public var continuesUpdate: Bool

    /// Creates a stage; `continuesUpdate` says it belongs to the previous stage's update.
    @inlinable
    public init(_ update: BatchUpdate, after: Snapshot<Model, Item>?, continuesUpdate: Bool = false) {
        self.update = update
        self.after = after
        self.continuesUpdate = continuesUpdate
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
            return .staged(
                try stages.map { stage in
                    guard let after = stage.after else {
                        return Stage(stage.update, after: nil, continuesUpdate: stage.continuesUpdate)
                    }
                    return Stage(
                        stage.update,
                        after: Snapshot(
                            try after.sections.map { section in
                                Section(try model(section.model), items: try section.items.map(item))
                            }), continuesUpdate: stage.continuesUpdate)
                })
        }
    }
}
