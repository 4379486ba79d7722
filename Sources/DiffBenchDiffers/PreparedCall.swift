// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// One case made ready for a differ, as an adapter hands it to DiffBench: the timed call and the
/// untimed conversion of its output into a DiffBench changeset.
///
/// ```swift
/// return PreparedCall(diff: { StagedChangeset(source: a, target: b) },
///                     changeset: { staged in try convert(staged, old, new) })
/// ```
public struct PreparedCall<ID: Hashable & Sendable> {
    /// The differ's call, its output discarded where the optimizer cannot see it: the only timed
    /// step.
    @usableFromInline let timed: () throws -> Void
    /// The differ's call again, its output converted: the checked changeset (untimed, once).
    @usableFromInline let checked: () throws -> Changeset<Element<ID>, Element<ID>>

    /// A call whose output `changeset` converts into a DiffBench changeset from the case's old
    /// snapshot to its new one (see ``DifferAdapter/changeset(for:old:new:)`` for the rules).
    ///
    /// - Complexity: O(1).
    @inlinable
    public init<Output>(
        diff: @escaping () throws -> Output,
        changeset: @escaping (Output) throws -> Changeset<Element<ID>, Element<ID>>
    ) {
        timed = { keepAlive(try diff()) }
        checked = { try changeset(try diff()) }
    }

    /// The call in the measuring loop's form.
    var prepared: any PreparedCase<ID> {
        let checked = self.checked
        return PreparedDiff(run: timed, convert: { _ in try checked() })
    }
}

/// Keeps the optimizer from discarding a differ's output it cannot see used.
@inline(never) @usableFromInline
func keepAlive<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
