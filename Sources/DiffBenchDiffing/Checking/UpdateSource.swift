// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// An update as the guard (`DiffBenchDiffingGuard`) sees it: checked in its own types by a
/// checker the guard brings (``UpdateChecker``), and, when the guard writes a case, as
/// DiffBench's own numbered elements (``NumberedUpdate``). Both closures are formed where the
/// update is, in the app's module; an app that never checks pays for neither.
///
/// A class, so that ``DiffUpdate`` stays one reference whatever its types; immutable, and its
/// closures hold only values of the update's own types, so it is as sendable as they are.
@usableFromInline
package final class UpdateSource: @unchecked Sendable {
    /// The update checked by `checker`: its first failure, or `nil`.
    @usableFromInline package let check: (any UpdateChecker) -> UpdateChecker.Failure?
    /// The update as numbered integer elements.
    @usableFromInline package let numbered: () -> NumberedUpdate

    /// A source of the update from `old` to `new` by `changeset`.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>
    ) {
        check = { checker in checker.firstFailure(old: old, new: new, changeset: changeset) }
        numbered = { NumberedUpdate(old: old, new: new, changeset: changeset) }
    }
}

/// What checks an update in its own types: DiffBenchDiffingGuard's checker (UIKit's rules).
@usableFromInline
package protocol UpdateChecker {
    /// A broken rule: its id, the batch (stage) and the message.
    typealias Failure = (rule: String, stage: Int, message: String)

    /// The first failure of `changeset` from `old` to `new`, or `nil` when it passes.
    ///
    /// - Complexity: the checker's.
    func firstFailure<Model: DiffElement, Item: DiffElement>(
        old: Snapshot<Model, Item>, new: Snapshot<Model, Item>, changeset: Changeset<Model, Item>
    ) -> Failure?
}
