// SPDX-License-Identifier: Apache-2.0
import struct Foundation.UUID
import DiffBenchModel
import DiffBenchAlgorithms

/// One entry of a ``DifferRegistry``: a built-in ``DiffAlgorithm`` or a user's
/// ``DifferAdapter``, behind one interface that the measuring loop, `verify` and `diff` use.
public struct Differ: Sendable {
    /// The stable name used on the command line and in CSV reports.
    public let name: String
    /// One line saying what the differ does.
    public let summary: String
    package let subject: any DifferSubject
    /// The algorithm itself when there is no adapter: the measuring loop then calls it from
    /// code specialized for the corpus' element types, as it always did, instead of through
    /// ``subject`` (whose generic path costs about 1,000 instructions per diff).
    package let algorithm: (any DiffAlgorithm)?

    init(name: String, summary: String, subject: any DifferSubject, algorithm: (any DiffAlgorithm)?) {
        self.name = name
        self.summary = summary
        self.subject = subject
        self.algorithm = algorithm
    }

    /// Registers a ``DiffAlgorithm``: the corpus snapshot is its input and its changeset its
    /// output, so both conversions are the identity.
    public init(_ algorithm: some DiffAlgorithm) {
        self.init(
            name: algorithm.name, summary: algorithm.summary, subject: AlgorithmSubject(algorithm: algorithm),
            algorithm: algorithm)
    }

    /// Registers an adapter whose input does not depend on the identity type (it converts the
    /// corpus into the app's own models): only its ``DifferAdapter/diff(from:to:)`` is timed.
    ///
    /// Inlined into the caller's module, where the adapter's generic conversions are specialized
    /// for each identity type DiffBench feeds (`Int`, `String`, `UUID`, ``CaseID``).
    ///
    /// - Complexity: O(1); the conversions run per cell, untimed.
    @inlinable
    public init(adapting adapter: some DifferAdapter) {
        self.init(
            adapter: adapter,
            int: { try adapter.preparedCall($0, $1) }, string: { try adapter.preparedCall($0, $1) },
            uuid: { try adapter.preparedCall($0, $1) }, caseID: { try adapter.preparedCall($0, $1) })
    }

    /// Registers an adapter generic over the identity type (its input built from the corpus'
    /// identities as they are, for a differ generic over them: DifferenceKit, IGListKit, ...).
    ///
    /// Inlined into the caller's module, where ``GenericDifferAdapter/prepare(_:_:)`` is
    /// instantiated for each identity type DiffBench feeds (`Int`, `String`, `UUID`,
    /// ``CaseID``): the differ's own generic code is specialized there, as in an app, and no
    /// identity is boxed. This is the adapter to write for a generic differ.
    ///
    /// - Complexity: O(1); the conversions run per cell, untimed.
    @inlinable
    public init(adapting adapter: some GenericDifferAdapter) {
        self.init(
            generic: adapter,
            int: { try adapter.prepare($0, $1) }, string: { try adapter.prepare($0, $1) },
            uuid: { try adapter.prepare($0, $1) }, caseID: { try adapter.prepare($0, $1) })
    }

    /// An adapter's entry from the four instantiations its `init(adapting:)` made in the
    /// caller's module; its unspecialized steps serve any other identity type.
    @usableFromInline
    init<Adapter: DifferAdapter>(
        adapter: Adapter, int: @escaping @Sendable (IntSnapshot, IntSnapshot) throws -> PreparedCall<Int>,
        string: @escaping @Sendable (StringSnapshot, StringSnapshot) throws -> PreparedCall<String>,
        uuid: @escaping @Sendable (UUIDSnapshot, UUIDSnapshot) throws -> PreparedCall<UUID>,
        caseID: @escaping @Sendable (CaseSnapshot, CaseSnapshot) throws -> PreparedCall<CaseID>
    ) {
        self.init(
            name: adapter.name, summary: adapter.summary,
            subject: SpecializedSubject(
                int: int, string: string, uuid: uuid, caseID: caseID, other: AdapterSubject(adapter: adapter)),
            algorithm: nil)
    }

    /// As ``init(adapter:int:string:uuid:caseID:)``, for a ``GenericDifferAdapter``.
    @usableFromInline
    init<Adapter: GenericDifferAdapter>(
        generic adapter: Adapter, int: @escaping @Sendable (IntSnapshot, IntSnapshot) throws -> PreparedCall<Int>,
        string: @escaping @Sendable (StringSnapshot, StringSnapshot) throws -> PreparedCall<String>,
        uuid: @escaping @Sendable (UUIDSnapshot, UUIDSnapshot) throws -> PreparedCall<UUID>,
        caseID: @escaping @Sendable (CaseSnapshot, CaseSnapshot) throws -> PreparedCall<CaseID>
    ) {
        self.init(
            name: adapter.name, summary: adapter.summary,
            subject: SpecializedSubject(
                int: int, string: string, uuid: uuid, caseID: caseID, other: GenericAdapterSubject(adapter: adapter)),
            algorithm: nil)
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
package struct PreparedDiff<ID: Hashable & Sendable, Output> {
    package init(
        run: @escaping () throws -> Output,
        convert: @escaping (Output) throws -> Changeset<Element<ID>, Element<ID>>
    ) {
        self.run = run
        self.convert = convert
    }

    /// The timed step.
    package let run: () throws -> Output
    /// The untimed conversion into a DiffBench changeset.
    package let convert: (Output) throws -> Changeset<Element<ID>, Element<ID>>

    package func changeset() throws -> Changeset<Element<ID>, Element<ID>> { try convert(try run()) }
}

/// What a ``Differ`` needs from the thing it wraps: a case made ready (untimed conversions
/// done), handed to a generic body so the timed call is not boxed.
package protocol DifferSubject: Sendable {
    /// Converts the case's snapshots into the differ's input and returns the prepared call.
    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> any PreparedCase<ID>
}

/// A ``PreparedDiff`` with its output type hidden, opened again by ``PreparedCase/open(_:)``.
package protocol PreparedCase<ID> {
    associatedtype ID: Hashable & Sendable
    associatedtype Output
    var diff: PreparedDiff<ID, Output> { get }
    func changeset() throws -> Changeset<Element<ID>, Element<ID>>
}

extension PreparedDiff: PreparedCase {
    package var diff: PreparedDiff<ID, Output> { self }
}

struct AlgorithmSubject<Algorithm: DiffAlgorithm>: DifferSubject {
    let algorithm: Algorithm

    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>)
        -> any PreparedCase<ID>
    {
        PreparedDiff(run: { try algorithm.diff(from: old, to: new) }, convert: { $0 })
    }
}

/// An adapter's steps behind ``DifferSubject`` without specialization: for identity types other
/// than the four DiffBench feeds (tests use their own).
struct AdapterSubject<Adapter: DifferAdapter>: DifferSubject {
    let adapter: Adapter

    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> any PreparedCase<ID>
    {
        try adapter.preparedCall(old, new).prepared
    }
}

/// A generic adapter's steps behind ``DifferSubject`` without specialization (as
/// ``AdapterSubject``).
struct GenericAdapterSubject<Adapter: GenericDifferAdapter>: DifferSubject {
    let adapter: Adapter

    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> any PreparedCase<ID>
    {
        try adapter.prepare(old, new).prepared
    }
}

/// The steps of an adapter instantiated in the caller's module for each identity type DiffBench
/// feeds; another identity type goes to `other`, unspecialized.
struct SpecializedSubject: DifferSubject {
    let int: @Sendable (IntSnapshot, IntSnapshot) throws -> PreparedCall<Int>
    let string: @Sendable (StringSnapshot, StringSnapshot) throws -> PreparedCall<String>
    let uuid: @Sendable (UUIDSnapshot, UUIDSnapshot) throws -> PreparedCall<UUID>
    let caseID: @Sendable (CaseSnapshot, CaseSnapshot) throws -> PreparedCall<CaseID>
    let other: any DifferSubject

    init(
        int: @escaping @Sendable (IntSnapshot, IntSnapshot) throws -> PreparedCall<Int>,
        string: @escaping @Sendable (StringSnapshot, StringSnapshot) throws -> PreparedCall<String>,
        uuid: @escaping @Sendable (UUIDSnapshot, UUIDSnapshot) throws -> PreparedCall<UUID>,
        caseID: @escaping @Sendable (CaseSnapshot, CaseSnapshot) throws -> PreparedCall<CaseID>,
        other: any DifferSubject
    ) {
        self.int = int
        self.string = string
        self.uuid = uuid
        self.caseID = caseID
        self.other = other
    }

    /// Picks the instantiation for `ID` (a type test per case, untimed).
    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> any PreparedCase<ID>
    {
        func call<Known>(_ body: (ElementSnapshot<Known>, ElementSnapshot<Known>) throws -> PreparedCall<Known>)
            rethrows -> any PreparedCase<ID>
        {
            // `ID` is `Known` here: the casts only restate it to the type checker.
            let made = try body(old as! ElementSnapshot<Known>, new as! ElementSnapshot<Known>)
            return (made as! PreparedCall<ID>).prepared
        }
        if ID.self == Int.self { return try call(int) }
        if ID.self == String.self { return try call(string) }
        if ID.self == UUID.self { return try call(uuid) }
        if ID.self == CaseID.self { return try call(caseID) }
        return try other.prepare(old, new)
    }
}
