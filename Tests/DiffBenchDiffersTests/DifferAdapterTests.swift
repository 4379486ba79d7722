// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchAlgorithms
import DiffBenchCorpus
import DiffBenchPlatform
@testable import DiffBenchDiffers
@testable import DiffBenchMeasuring
@testable import DiffBenchVerification
@testable import DiffBenchFileFormats
import DiffBenchErrors

/// An app-style row: a String identity and a displayed field.
private struct Row: DiffElement, Hashable, Sendable {
    var key: String
    var title: String
    var diffID: String { key }
    func isContentEqual(to other: Row) -> Bool { title == other.title }
}

/// The built-in `lis` on `Row`s, through the adapter's three steps. `breakAfter` drops the
/// intermediate snapshots when converting back (a wrong conversion the checker must catch).
private struct RowAdapter: DifferAdapter {
    var name: String { "rows" }
    var breakAfter = false
    var failInput = false
    var intOnly = false

    /// What an adapter throws for input it does not take (not an ``AdapterError``).
    struct IntOnly: Error {}

    func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) throws -> Snapshot<Row, Row> {
        if failInput { throw AdapterError("no rows today") }
        if intOnly && ID.self != Int.self { throw IntOnly() }
        return Snapshot(
            snapshot.sections.map { section in
                Section(
                    Row(key: "\(section.model.id)", title: "\(section.model.rev)"),
                    items: section.items.map { Row(key: "\($0.id)", title: "\($0.rev)") })
            })
    }

    func diff(from old: Snapshot<Row, Row>, to new: Snapshot<Row, Row>) throws -> Changeset<Row, Row> {
        try Lis().diff(from: old, to: new)
    }

    func changeset<ID: Hashable & Sendable>(
        for output: Changeset<Row, Row>, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>
    ) throws -> Changeset<Element<ID>, Element<ID>> {
        var ids: [String: ID] = [:]
        for snapshot in [old, new] {
            for section in snapshot.sections {
                ids["\(section.model.id)"] = section.model.id
                for item in section.items { ids["\(item.id)"] = item.id }
            }
        }
        let mapped = try output.mapElements(
            model: { row in
                guard let id = ids[row.key] else { throw AdapterError("unknown \(row.key)") }
                return Element(id, rev: Int(row.title)!)
            },
            item: { row in
                guard let id = ids[row.key] else { throw AdapterError("unknown \(row.key)") }
                return Element(id, rev: Int(row.title)!)
            })
        guard breakAfter else { return mapped }
        return .staged(mapped.stages.map { Stage($0.update, after: $0.after.map { _ in old }) })
    }
}

@Suite struct DifferAdapterTests {
    @Test func registryKeepsBuiltInsFirstAndRejectsBadOrTakenNames() throws {
        let registry = try DifferRegistry(adding: [Differ(adapting: RowAdapter())])
        #expect(registry.names == AlgorithmRegistry.names + ["rows"])
        #expect(throws: DiffBenchError.self) { try DifferRegistry(adding: [Differ(Heckel())]) }
        #expect(throws: DiffBenchError.self) {
            try DifferRegistry(adding: [Differ(adapting: RowAdapter()), Differ(adapting: RowAdapter())])
        }
        struct Shouty: DifferAdapter {
            var name: String { "Rows,2" }
            func makeInput<ID: Hashable & Sendable>(_ snapshot: ElementSnapshot<ID>) -> Int { 0 }
            func diff(from old: Int, to new: Int) -> Int { 0 }
            func changeset<ID: Hashable & Sendable>(for output: Int, old: ElementSnapshot<ID>, new: ElementSnapshot<ID>)
                -> Changeset<Element<ID>, Element<ID>>
            { .reloadData }
        }
        #expect(throws: DiffBenchError.self) { try DifferRegistry(adding: [Differ(adapting: Shouty())]) }
    }

    @Test func anAdaptedDifferPassesTheCheckerOnRandomCases() {
        let verification = Verification(differs: [Differ(adapting: RowAdapter())])
        for seed in 1...400 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            let result = verification.verify(label: drawn.label, old: drawn.old, new: drawn.new)[0]
            #expect(result.verdict == .pass, "\(drawn.label): \(result.detail)")
        }
    }

    @Test func aWrongConversionFailsAndAFailedInputIsAnError() throws {
        let broken = Verification(differs: [Differ(adapting: RowAdapter(breakAfter: true))])
        var failures = 0
        for seed in 1...200 {
            let drawn = RandomCases.drawAny(seed: UInt64(seed))
            if broken.verify(label: drawn.label, old: drawn.old, new: drawn.new)[0].verdict == .fail { failures += 1 }
        }
        #expect(failures > 0)

        let spec = CellSpec(algorithm: "rows", cell: SuiteCell(scenario: .mixed, size: 300), samples: 6, budget: 5)
        let failing = CellMeasurement.run(
            spec,
            differ: Differ(adapting: RowAdapter(failInput: true)),
            start: Clock.monotonicNanoseconds()
        )
        #expect(failing.status == .error)
        #expect(failing.note.contains("no rows today"))
    }

    @Test func inputTheDifferDoesNotTakeIsSkippedNotAnError() {
        let adapter = Differ(adapting: RowAdapter(intOnly: true))
        let strings = CellSpec(
            algorithm: "rows", cell: SuiteCell(scenario: .mixed, size: 300, ids: .string),
            samples: 6, budget: 5)
        let skipped = CellMeasurement.run(strings, differ: adapter, start: Clock.monotonicNanoseconds())
        #expect(skipped.status == .skipped)
        #expect(skipped.note.hasPrefix("unsupported input"))
        let ints = CellSpec(algorithm: "rows", cell: SuiteCell(scenario: .mixed, size: 300), samples: 6, budget: 5)
        #expect(CellMeasurement.run(ints, differ: adapter, start: Clock.monotonicNanoseconds()).status == .ok)
        let list = ElementSnapshot<String>([Section(Element("a", rev: 0), items: [Element("x", rev: 0)])])
        let verdict = Verification(differs: [adapter]).verify(label: "strings", old: list, new: list)[0].verdict
        #expect(verdict == .unsupported)
    }

    @Test func anAdaptedCellIsMeasuredAndChecked() {
        let spec = CellSpec(
            algorithm: "rows", cell: SuiteCell(scenario: .mixed, size: 300, ids: .string),
            samples: 6, budget: 5)
        let result = CellMeasurement.run(
            spec, differ: Differ(adapting: RowAdapter()),
            start: Clock.monotonicNanoseconds())
        #expect(result.status == .ok, "\(result.note)")
        #expect(result.correct)
        #expect(result.wallNs.count == 6)
        // The adapter runs the move-minimal lis: no relocation beyond the case's minimum.
        #expect(result.excessMoves == 0)
    }
}
