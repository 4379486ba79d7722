// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchConformance
@testable import DiffBenchCorpus
import DiffBenchFileFormats

@Suite struct ScenarioTests {
    func make(
        _ scenario: Scenario,
        _ size: Int = 2000,
        sections: Int? = nil,
        seed: UInt64 = 1
    ) throws -> GeneratedCase {
        try scenario.generate(size: size, sections: sections ?? scenario.defaultSections(size: size), seed: seed)
    }

    func ids(_ snapshot: IntSnapshot) -> [Int] { snapshot.sections.flatMap { $0.items.map(\.id) } }

    /// Pinned: a change here changes every published number.
    @Test func checksumsArePinned() throws {
        #expect(String(try make(.mixed, 1000).checksum, radix: 16) == "4b942d01c032e4f5")
        let pinned: [(Scenario, Int, String)] = [
            (.differencekit, 1000, PinnedChecksums.differencekit1000),
            (.crossMove, 5000, PinnedChecksums.crossMove5000),
            (.duplicates, 777, PinnedChecksums.duplicates777)
        ]
        for (scenario, size, expected) in pinned {
            #expect(String(try make(scenario, size).checksum, radix: 16) == expected, "\(scenario.rawValue) \(size)")
        }
    }

    @Test func sameSeedSameBytes() throws {
        for scenario in Scenario.allCases {
            let a = try make(scenario, 500, seed: 9).caseFile(ids: .string).encoded()
            let b = try make(scenario, 500, seed: 9).caseFile(ids: .string).encoded()
            #expect(a == b, "\(scenario.rawValue)")
        }
        #expect(try make(.mixed, 500, seed: 1).checksum != make(.mixed, 500, seed: 2).checksum)
    }

    @Test func scenariosKeepTheirPromises() throws {
        let replace = try make(.replace)
        #expect(Set(ids(replace.old)).isDisjoint(with: ids(replace.new)))
        #expect(Set(replace.old.sections.map(\.model.id)).isDisjoint(with: replace.new.sections.map(\.model.id)))

        let filter = try make(.filter, 20_000)
        let share = Double(filter.new.itemCount) / 20_000
        #expect(abs(share - 0.3) < 0.02, "filter kept \(share)")
        #expect(Set(ids(filter.new)).isSubset(of: ids(filter.old)))

        let update = try make(.update)
        #expect(ids(update.old) == ids(update.new))
        #expect(update.old.sections.map(\.model) == update.new.sections.map(\.model))
        #expect(
            zip(
                update.old.sections.flatMap(\.items),
                update.new.sections.flatMap(\.items)
            ).contains { $0.rev != $1.rev })

        let duplicates = try make(.duplicates)
        #expect(Set(ids(duplicates.old)).count < duplicates.old.itemCount)

        let shuffle = try make(.shuffle)
        #expect(ids(shuffle.old).sorted() == ids(shuffle.new).sorted())
        #expect(ids(shuffle.old) != ids(shuffle.new))

        let dk = try make(.differencekit, 1000)
        #expect(dk.new.sections.count == 1 && dk.new.itemCount == 1000)
        #expect(Set(ids(dk.old)).subtracting(ids(dk.new)).count == 200)

        #expect(try make(.swipeDelete).new.itemCount == 1999)
        #expect(try make(.insertOne).new.itemCount == 2001)
        #expect(try make(.emptyToFull).old.sections.isEmpty)
        #expect(try make(.fullToEmpty).new.sections.isEmpty)
        #expect(try make(.append).new.itemCount == 2200)
        let cross = try make(.crossMove)
        #expect(QualityFigures.minimumRelocations(old: cross.old, new: cross.new) > 150)

        // Equal, but rebuilt: no item array shared with the old snapshot.
        let unchanged = try make(.unchanged)
        #expect(unchanged.old.isIdentical(to: unchanged.new))
        for (a, b) in zip(unchanged.old.sections, unchanged.new.sections) {
            let shared = a.items.withUnsafeBufferPointer { x in
                b.items.withUnsafeBufferPointer { $0.baseAddress == x.baseAddress }
            }
            #expect(!shared)
        }
        let touched = try make(.touchOne)
        #expect(ids(touched.old) == ids(touched.new))
        let changed = zip(touched.old.sections.flatMap(\.items), touched.new.sections.flatMap(\.items)).enumerated()
            .filter { $0.element.0.rev != $0.element.1.rev }.map(\.offset)
        #expect(changed.count == 1 && changed.allSatisfy { $0 >= 500 && $0 < 1500 }, "touched \(changed) of 2000")
    }

    /// Every generated case passes the diffable uniqueness rules unless the scenario repeats ids.
    @Test(arguments: Scenario.allCases)
    func uniqueIdentitiesUnlessDuplicates(scenario: Scenario) throws {
        for seed in 1...3 as ClosedRange<UInt64> {
            let generated = try make(scenario, 1500, seed: seed)
            let report = ConformanceChecker(target: .diffable).check(
                old: generated.old,
                new: generated.new,
                changeset: .reloadData
            )
            let violates = report.findings.contains { $0.ruleID == .d1 || $0.ruleID == .d2 }
            #expect(violates == (scenario == .duplicates), "\(scenario.rawValue) seed \(seed)")
        }
    }

    @Test func badParameters() {
        #expect(throws: CorpusError("size 0: a case needs at least 1 item")) {
            try Scenario.mixed.generate(size: 0, sections: 1, seed: 1)
        }
        #expect(throws: CorpusError("size -5: a case needs at least 1 item")) {
            try Scenario.mixed.generate(size: -5, sections: 1, seed: 1)
        }
        #expect(throws: CorpusError("sections 11: must be between 1 and the size (10)")) {
            try Scenario.mixed.generate(size: 10, sections: 11, seed: 1)
        }
        #expect(throws: CorpusError.self) { try Scenario.differencekit.generate(size: 100, sections: 2, seed: 1) }
    }

    @Test func stringIdentitiesAreUUIDLikeAndStable() throws {
        let strings = try make(.mixed, 300).stringIdentities()
        let first = try #require(strings.old.sections.first?.items.first?.id)
        #expect(first.count == 36 && first.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
        #expect(try make(.mixed, 300).stringIdentities().old == strings.old)
    }

    @Test func uuidIdentitiesSpellTheStringIdentities() throws {
        let generated = try make(.mixed, 300)
        let uuids = generated.uuidIdentities(), strings = generated.stringIdentities()
        let spelled = uuids.new.sections.flatMap { $0.items.map { $0.id.uuidString.lowercased() } }
        #expect(spelled == strings.new.sections.flatMap { $0.items.map(\.id) })
        #expect(Set(spelled).count == spelled.count)
    }

    func itemIDs<ID>(_ snapshot: ElementSnapshot<ID>) -> [ID] { snapshot.sections.flatMap { $0.items.map(\.id) } }

    @Test func sparseIdentitiesAreDistinctLargeAndPinned() throws {
        let generated = try make(.mixed, 3000)
        let sparse = generated.sparseIdentities()
        let ids = itemIDs(sparse.old) + itemIDs(sparse.new)
        let dense = itemIDs(generated.old) + itemIDs(generated.new)
        // The same identity structure: two positions share a sparse id exactly when they share a dense one.
        #expect(Set(ids).count == Set(dense).count)
        #expect(ids.allSatisfy { $0 >= 0 } && ids.filter { $0 > 1 << 48 }.count > ids.count * 9 / 10)
        #expect(GeneratedCase.sparse(0, salt: 0x17E4) == GeneratedCase.sparse(0, salt: 0x17E4))
        #expect(GeneratedCase.sparse(1, salt: 0x17E4) == 6_077_566_291_960_393_925)
    }

    @Test func keyIdentitiesAreShortDistinctAndPinned() throws {
        let generated = try make(.mixed, 3000)
        let keys = generated.keyIdentities()
        let ids = itemIDs(keys.old) + itemIDs(keys.new)
        let dense = itemIDs(generated.old) + itemIDs(generated.new)
        #expect(Set(ids).count == Set(dense).count)
        #expect(ids.allSatisfy { $0.utf8.count == 9 && $0.hasPrefix("k") })
        #expect(GeneratedCase.key(0, salt: 0x17E4) == "k35q5agic")
        // Distinct keys for many ids: the multiplier is odd, so the map is a bijection modulo 2^41.
        let many = (0..<200_000).map { GeneratedCase.key($0, salt: 0x17E4) }
        #expect(Set(many).count == many.count)
    }

    @Test func caseFilesSpellEveryIdentityKind() throws {
        let generated = try make(.mixed, 100)
        for kind in IdentityKind.generated {
            let file = generated.caseFile(ids: kind)
            let first = try #require(file.old.sections.first?.items.first?.id)
            switch (kind, first) {
            case (.int, .int(let value)): #expect(value == generated.old.sections[0].items[0].id)
            case (.sparse, .int(let value)):
                #expect(value == GeneratedCase.sparse(generated.old.sections[0].items[0].id, salt: 0x17E4))
            case (.string, .string(let text)), (.uuid, .string(let text)): #expect(text.count == 36)
            case (.key, .string(let text)): #expect(text.count == 9)
            default: Issue.record("\(kind) spelled as \(first)")
            }
        }
    }
}

/// Checksums pinned from the first run of the generator; see `checksumsArePinned`.
enum PinnedChecksums {
    static let differencekit1000 = "572f7210062357ad"
    static let crossMove5000 = "b42801ee4d5eef6d"
    static let duplicates777 = "5fdcc2b0f3aa7d29"
}
