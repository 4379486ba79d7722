import DiffModel
import Algorithms

/// One entry of a ``DifferRegistry``: a built-in ``DiffAlgorithm`` or a user's
/// ``DifferAdapter``, behind one interface that the measuring loop, `verify` and `diff` use.
public struct Differ: Sendable {
    /// The stable name used on the command line and in CSV reports.
    public let name: String
    /// One line saying what the differ does.
    public let summary: String
    let subject: any DifferSubject
    /// The algorithm itself when there is no adapter: the measuring loop then calls it from
    /// code specialized for the corpus' element types, as it always did, instead of through
    /// ``subject`` (whose generic path costs about 1,000 instructions per diff).
    let algorithm: (any DiffAlgorithm)?

    /// Registers a ``DiffAlgorithm``: the corpus snapshot is its input and its changeset its
    /// output, so both conversions are the identity.
    public init(_ algorithm: some DiffAlgorithm) {
        name = algorithm.name
        summary = algorithm.summary
        subject = AlgorithmSubject(algorithm: algorithm)
        self.algorithm = algorithm
    }

    /// Registers an adapter: only its ``DifferAdapter/diff(from:to:)`` is timed.
    public init(adapting adapter: some DifferAdapter) {
        name = adapter.name
        summary = adapter.summary
        subject = AdapterSubject(adapter: adapter)
        algorithm = nil
    }

    /// The differ's changeset from `old` to `new`, converted to DiffBench's form.
    ///
    /// - Throws: the differ's own error for input it rejects, or a conversion error.
    public func changeset<ID: Hashable & Sendable>(
        from old: ElementSnapshot<ID>, to new: ElementSnapshot<ID>
    ) throws -> Changeset<Element<ID>, Element<ID>> {
        try subject.prepare(old, new).changeset()
    }
}

/// One case made ready for a differ: its timed call and the untimed conversion of its result.
struct PreparedDiff<ID: Hashable & Sendable, Output> {
    /// The timed step.
    let run: () throws -> Output
    /// The untimed conversion into a DiffBench changeset.
    let convert: (Output) throws -> Changeset<Element<ID>, Element<ID>>

    func changeset() throws -> Changeset<Element<ID>, Element<ID>> { try convert(try run()) }
}

/// What a ``Differ`` needs from the thing it wraps: a case made ready (untimed conversions
/// done), handed to a generic body so the timed call is not boxed.
protocol DifferSubject: Sendable {
    /// Converts the case's snapshots into the differ's input and returns the prepared call.
    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> any PreparedCase<ID>
}

/// A ``PreparedDiff`` with its output type hidden, opened again by ``PreparedCase/open(_:)``.
protocol PreparedCase<ID> {
    associatedtype ID: Hashable & Sendable
    associatedtype Output
    var diff: PreparedDiff<ID, Output> { get }
    func changeset() throws -> Changeset<Element<ID>, Element<ID>>
}

extension PreparedDiff: PreparedCase {
    var diff: PreparedDiff<ID, Output> { self }
}

struct AlgorithmSubject<Algorithm: DiffAlgorithm>: DifferSubject {
    let algorithm: Algorithm

    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> any PreparedCase<ID> {
        PreparedDiff(run: { try algorithm.diff(from: old, to: new) }, convert: { $0 })
    }
}

struct AdapterSubject<Adapter: DifferAdapter>: DifferSubject {
    let adapter: Adapter

    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> any PreparedCase<ID> {
        let input: (old: Adapter.Input, new: Adapter.Input)
        // Any error but an AdapterError is input the differ does not take and passes through.
        do { input = (try adapter.makeInput(old), try adapter.makeInput(new)) } catch let error as AdapterError {
            throw AdapterError("\(adapter.name): converting the case into its input failed: \(error)")
        }
        return PreparedDiff(run: { try adapter.diff(from: input.old, to: input.new) }, convert: { output in
            do { return try adapter.changeset(for: output, old: old, new: new) } catch {
                throw AdapterError("\(adapter.name): converting its output into a changeset failed: \(error)")
            }
        })
    }
}
