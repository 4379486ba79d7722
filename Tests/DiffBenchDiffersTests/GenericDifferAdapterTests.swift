// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchCorpus
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring

/// `lis` written as an adapter generic over the identity: the natural way for a generic differ.
private struct GenericLis: GenericDifferAdapter {
    let name = "generic-lis"
    func prepare<ID: Hashable & Sendable>(_ old: ElementSnapshot<ID>, _ new: ElementSnapshot<ID>) throws
        -> PreparedCall<ID>
    {
        PreparedCall(diff: { try Lis().diff(from: old, to: new) }, changeset: { $0 })
    }
}

/// `lis` written concretely: its input is the `Int` snapshot, other identities are refused.
private struct ConcreteLis: DifferAdapter {
    let name = "concrete-lis"
    struct NotInt: Error {}
    func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws -> IntSnapshot {
        guard let ints = snapshot as? IntSnapshot else { throw NotInt() }
        return ints
    }
    func diff(from old: IntSnapshot, to new: IntSnapshot) throws -> Changeset<IntElement, IntElement> {
        try Lis().diff(from: old, to: new)
    }
    func changeset<ID: Hashable & Sendable>(
        for output: Changeset<IntElement, IntElement>, old: ElementSnapshot<ID>,
        new: ElementSnapshot<ID>
    ) throws -> Changeset<Element<ID>, Element<ID>> {
        guard let typed = output as? Changeset<Element<ID>, Element<ID>> else { throw AdapterError("not Int") }
        return typed
    }
}

/// Whether two changesets are the same batches with the same intermediate snapshots.
private func same<ID: Hashable & Sendable>(
    _ a: Changeset<Element<ID>, Element<ID>>,
    _ b: Changeset<Element<ID>, Element<ID>>
) -> Bool {
    if case .reloadData = a, case .reloadData = b { return true }
    return a.stages.map(\.update) == b.stages.map(\.update) && a.stages.map(\.after) == b.stages.map(\.after)
}

@Suite struct GenericDifferAdapterTests {
    let generated = try! Scenario.mixed.generate(size: 400, sections: 4, seed: 9)

    /// Every identity type DiffBench feeds, and one it does not (served unspecialized), gives
    /// the built-in algorithm's changeset.
    @Test func registrationCoversEveryIdentityType() throws {
        let differ = Differ(adapting: GenericLis())
        let strings = generated.stringIdentities(), uuids = generated.uuidIdentities()
        let file = generated.caseFile(ids: .string)
        #expect(
            same(
                try differ.changeset(from: generated.old, to: generated.new),
                try Lis().diff(from: generated.old, to: generated.new)))
        #expect(
            same(
                try differ.changeset(from: strings.old, to: strings.new),
                try Lis().diff(from: strings.old, to: strings.new)))
        #expect(
            same(
                try differ.changeset(from: uuids.old, to: uuids.new),
                try Lis().diff(from: uuids.old, to: uuids.new)))
        #expect(same(try differ.changeset(from: file.old, to: file.new), try Lis().diff(from: file.old, to: file.new)))
        func narrow(_ s: IntSnapshot) -> ElementSnapshot<Int32> {
            Snapshot(
                s.sections.map {
                    Section(
                        Element(Int32($0.model.id), rev: $0.model.rev),
                        items: $0.items.map { Element(Int32($0.id), rev: $0.rev) })
                })
        }
        let (old32, new32) = (narrow(generated.old), narrow(generated.new))
        #expect(same(try differ.changeset(from: old32, to: new32), try Lis().diff(from: old32, to: new32)))
    }

    @Test func genericAndConcreteAdaptersAgree() throws {
        let generic = Differ(adapting: GenericLis()), concrete = Differ(adapting: ConcreteLis())
        for seed in 1...20 as ClosedRange<UInt64> {
            let drawn = RandomCases.drawAny(seed: seed)
            #expect(
                same(
                    try generic.changeset(from: drawn.old, to: drawn.new),
                    try concrete.changeset(from: drawn.old, to: drawn.new)), "seed \(seed)")
        }
        // The concrete one refuses other identities (skipped, not an error); the generic one takes them.
        let strings = generated.stringIdentities()
        #expect(throws: ConcreteLis.NotInt.self) { try concrete.changeset(from: strings.old, to: strings.new) }
        #expect(try generic.changeset(from: strings.old, to: strings.new).stages.isEmpty == false)
    }

    /// The measuring loop times the generic adapter's call like any differ's.
    @Test func aGenericAdapterIsMeasured() throws {
        let registry = try DifferRegistry(adding: [Differ(adapting: GenericLis())])
        var spec = CellSpec(
            algorithm: "generic-lis", cell: SuiteCell(scenario: .mixed, size: 300, ids: .string),
            samples: 6, budget: 5)
        spec.perfCounters = false
        let result = CellMeasurement.run(spec, registry: registry)
        #expect(result.status == .ok && result.correct && result.cpuNs.count == 6, "\(result.note)")
        #expect(result.excessMoves == 0)
    }
}
