// SPDX-License-Identifier: Apache-2.0
/// One section of a snapshot: the section's own model plus its ordered items.
@frozen
public struct Section<Model: DiffElement, Item: DiffElement> {
    /// The section's identity and content (for example its header).
    public var model: Model
    /// The rows of the section, in display order.
    public var items: [Item]

    /// Creates a section.
    @inlinable
    public init(_ model: Model, items: [Item]) {
        self.model = model
        self.items = items
    }
}

extension Section: Sendable where Model: Sendable, Item: Sendable {}
extension Section: Equatable where Model: Equatable, Item: Equatable {}
