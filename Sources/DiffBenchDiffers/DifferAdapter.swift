// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// A differ with its own model types, measured by DiffBench: the three steps of a cell kept
/// apart so that only the differ's own call is timed.
///
/// 1. ``makeInput(_:)`` converts a corpus snapshot into the differ's input (untimed, once per
///    snapshot).
/// 2. ``diff(from:to:)`` is the differ's call: the only step the benchmark times.
/// 3. ``changeset(for:old:new:)`` converts its output into a DiffBench `Changeset` for the
///    conformance checker and the quality figures (untimed, once per cell).
///
/// ```swift
/// struct MyAdapter: DifferAdapter {
///     var name: String { "mine" }
///     func diff(from old: [MySection], to new: [MySection]) -> MyChanges { MyDiffer.diff(old, new) }
/// }
/// ```
/// A built-in ``DiffAlgorithm`` is the trivial case: its input is the corpus snapshot itself and
/// its output already a `Changeset` (see ``Differ/init(_:)``).
public protocol DifferAdapter: Sendable {
    /// What the differ diffs (for example an array of the app's section models).
    associatedtype Input
    /// What the differ returns (for example its own staged changeset type).
    associatedtype Output

    /// The stable lowercase name used on the command line and in CSV reports.
    var name: String { get }
    /// One line saying what the differ does.
    var summary: String { get }

    /// The differ's input for one corpus snapshot. Untimed.
    ///
    /// The corpus elements carry an identity (`Int`, `String`, `UUID`, or a case file's
    /// ``CaseID``) and an integer content revision `rev`. A thrown ``AdapterError`` marks the
    /// cell `error`; any other error marks it `skipped` (input the differ does not take).
    func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws -> Input

    /// The differ's own call: the only timed step. A thrown error marks the cell `skipped`
    /// (input the differ does not support).
    func diff(from old: Input, to new: Input) throws -> Output

    /// The differ's output as a DiffBench changeset from `old` to `new`. Untimed.
    ///
    /// The `after` snapshot of each stage but the last must hold the corpus elements (use
    /// `Changeset.mapElements(model:item:)` with a lookup built from `old` and `new`).
    func changeset<ID: Hashable & Sendable>(
        for output: Output, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) throws -> Changeset<Element<ID>, Element<ID>>
}

extension DifferAdapter {
    /// No summary unless the adapter gives one.
    public var summary: String { "user differ \(name)" }
}

extension DifferAdapter {
    /// The adapter's three steps for one case: inputs converted (untimed), the timed call, and
    /// the conversion of its output. Inlined into ``Differ/init(adapting:)-(DifferAdapter)``'s
    /// caller, so that it is specialized there for each identity type.
    @inlinable
    func preparedCall<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        let input: (old: Input, new: Input)
        // Any error but an AdapterError is input the differ does not take and passes through.
        do { input = (try makeInput(old), try makeInput(new)) } catch let error as AdapterError {
            throw AdapterError("\(name): converting the case into its input failed: \(error)")
        }
        return PreparedCall(
            diff: { try self.diff(from: input.old, to: input.new) },
            changeset: { output in
                do { return try self.changeset(for: output, old: old, new: new) } catch {
                    throw AdapterError("\(self.name): converting its output into a changeset failed: \(error)")
                }
            })
    }
}

/// A conversion an adapter could not make, with the reason (reported as the cell's `error`).
public struct AdapterError: Error, CustomStringConvertible, Sendable {
    /// The reason, in one line.
    public var description: String

    /// Creates an error with a one-line reason.
    public init(_ description: String) { self.description = description }
}
