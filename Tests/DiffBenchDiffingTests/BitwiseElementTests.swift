// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchDiffing
import DiffBenchCorpus

/// A row of two integers, declared bitwise equatable.
struct PlainRow: BitwiseEquatableElement, Equatable {
    var id: Int
    var rev: Int
    var diffID: Int { id }
    func isContentEqual(to other: PlainRow) -> Bool { rev == other.rev }
}

/// The same row without the declaration: compared field by field.
struct FieldRow: DiffElement, Equatable {
    var id: Int
    var rev: Int
    var diffID: Int { id }
    func isContentEqual(to other: FieldRow) -> Bool { rev == other.rev }
}

/// A section of either row type.
struct Box<Row: DiffElement>: DiffSection {
    var id: Int
    var rows: [Row]
    var diffID: Int { id }
    func isContentEqual(to other: Box<Row>) -> Bool { true }
}

/// Declaring a row bitwise equatable takes the differs' word-at-a-time comparison; the batches
/// are the ones a field-by-field comparison gives.
struct BitwiseElementTests {
    static func boxes<Row: DiffElement>(_ snapshot: IntSnapshot, _ row: (Int, Int) -> Row) -> [Box<Row>] {
        snapshot.sections.map { Box(id: $0.model.id, rows: $0.items.map { row($0.id, $0.rev) }) }
    }

    @Test func bitwiseRowsGetTheSameBatchesAsRowsComparedFieldByField() throws {
        var compared = 0
        for scenario in Scenario.allCases where scenario != .duplicates {
            let generated = try scenario.generate(size: 500, sections: scenario.defaultSections(size: 500), seed: 4)
            for differ in [any DiffAlgorithm](arrayLiteral: Heckel(), Lis()) {
                let plain = try differ.diff(
                    from: Self.boxes(generated.old, PlainRow.init),
                    to: Self.boxes(generated.new, PlainRow.init))
                let field = try differ.diff(
                    from: Self.boxes(generated.old, FieldRow.init),
                    to: Self.boxes(generated.new, FieldRow.init))
                #expect(plain.stages.map(\.update) == field.stages.map(\.update), "\(differ.name) \(scenario)")
                compared += 1
            }
        }
        #expect(compared >= 40)
    }
}
