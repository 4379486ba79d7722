// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchConformance
import DiffBenchDiffCore

@Suite struct SharedEndsTests {
    /// A case whose sections stay one for one: a few item edits (content changes, inserts,
    /// deletes, moves within and across sections) and now and then a section's model content,
    /// with duplicate identities in one case out of six.
    static func nearlyUnchanged(seed: UInt64) -> (old: IntSnapshot, new: IntSnapshot, duplicates: Bool) {
        var rng = SeededGenerator(seed: seed)
        let duplicates = rng.below(6) == 0
        var next = 0
        func fresh() -> Int {
            defer { next += 1 }
            return duplicates && rng.chance(0.3) ? rng.below(max(1, next)) : next
        }
        let old = (0..<1 + rng.below(4)).map { s in
            Section(IntElement(s), items: (0..<rng.below(30)).map { _ in IntElement(fresh()) })
        }
        var new = old.map { Section($0.model, items: $0.items.map { IntElement($0.id, rev: $0.rev) }) }
        for _ in 0..<rng.below(4) {
            let s = rng.below(new.count), count = new[s].items.count
            switch rng.below(5) {
            case 0 where count > 0: new[s].items[rng.below(count)].rev += 1
            case 1: new[s].items.insert(IntElement(fresh()), at: rng.below(count + 1))
            case 2 where count > 0: new[s].items.remove(at: rng.below(count))
            case 3 where count > 0:
                let item = new[s].items.remove(at: rng.below(count))
                let t = rng.below(new.count)
                new[t].items.insert(item, at: rng.below(new[t].items.count + 1))
            case 4: new[s].model.rev += 1
            default: break
            }
        }
        return (Snapshot(old), Snapshot(new), duplicates)
    }

    static func check(
        _ changeset: Changeset<IntElement, IntElement>, _ old: IntSnapshot,
        _ new: IntSnapshot
    ) -> (passed: Bool, figures: QualityFigures) {
        let report = ConformanceChecker(target: .collection).check(old: old, new: new, changeset: changeset)
        return (report.passed, QualityFigures.measure(old: old, new: new, changeset: changeset, report: report))
    }

    /// Trimmed heckel and lis pass the checker on many nearly unchanged cases; lis stays
    /// move-minimal without duplicates, and trimming never costs heckel a relocation.
    @Test func nearlyUnchangedCasesPassAndKeepTheirQuality() {
        var trimmed = 0
        for seed in 0..<UInt64(4_000) {
            let (old, new, duplicates) = Self.nearlyUnchanged(seed: seed)
            if SharedEnds(old, new, middleLimit: (old.itemCount + new.itemCount) / 4) != nil { trimmed += 1 }
            let heckel = Self.check(heckelChangeset(old, new), old, new)
            let lis = Self.check(lisChangeset(old, new), old, new)
            #expect(heckel.passed && lis.passed, "seed \(seed)")
            if !duplicates { #expect(lis.figures.excessMoves == 0, "seed \(seed): lis not move-minimal") }
            let untrimmed = Self.check(heckelCore(old, new), old, new)
            #expect(heckel.figures.relocations <= untrimmed.figures.relocations, "seed \(seed)")
        }
        #expect(trimmed > 2_000, "only \(trimmed) cases took the trimmed path")
    }

    @Test func unchangedIsAnEmptyChangeset() throws {
        let generated = try Scenario.unchanged.generate(size: 5_000, sections: 50, seed: 2)
        #expect(generated.old.isIdentical(to: generated.new))
        #expect(heckelChangeset(generated.old, generated.new).stages.isEmpty)
        #expect(lisChangeset(generated.old, generated.new).stages.isEmpty)
    }

    @Test func touchOneIsOneReload() throws {
        let generated = try Scenario.touchOne.generate(size: 5_000, sections: 50, seed: 2)
        for changeset in [heckelChangeset(generated.old, generated.new), lisChangeset(generated.old, generated.new)] {
            #expect(changeset.stages.count == 1)
            let update = try #require(changeset.stages.first?.update)
            #expect(update.reloadItems.count == 1 && update.sectionOperationCount == 0)
            #expect(update.deleteItems.isEmpty && update.insertItems.isEmpty && update.moveItems.isEmpty)
            let path = try #require(update.reloadItems.first)
            #expect(generated.old[path].rev != generated.new[path].rev)
        }
    }

    /// The scan finds both ends, never overlapping, and lists the ends' reloads in old order.
    @Test func scanFindsBothEnds() {
        func scan(_ a: [(Int, Int)], _ b: [(Int, Int)]) -> (Int, Int, [Int]) {
            var reloads: [ItemPath] = []
            let ends = SharedEnds<IntElement, IntElement>.scan(
                a.map { IntElement($0.0, rev: $0.1) }, b.map { IntElement($0.0, rev: $0.1) }, section: 2,
                reloads: &reloads)!
            #expect(reloads.allSatisfy { $0.section == 2 })
            return (ends.prefix, ends.suffix, reloads.map(\.item))
        }
        let a = [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]
        let changed = scan(a, [(1, 1), (2, 0), (9, 0), (4, 0), (5, 1), (6, 1)])
        #expect(changed.0 == 2 && changed.1 == 3 && changed.2 == [0, 4, 5])
        let inserted = scan([(1, 0), (1, 0)], [(1, 0), (1, 0), (1, 0)])
        #expect(inserted.0 == 2 && inserted.1 == 0 && inserted.2.isEmpty)
        let same = scan(a, a)
        #expect(same.0 == 6 && same.1 == 0)
        let empty = scan([], a)
        #expect(empty.0 == 0 && empty.1 == 0)
    }

    /// With a budget for the middle, the scan either finds the same ends as without one, or
    /// declines, and then only when the middle is indeed over the budget. Random pairs of short
    /// lists with few distinct identities, so that both ends and near misses are common.
    @Test func aScanWithABudgetDeclinesOnlyMiddlesOverIt() {
        var state: UInt64 = 7
        func draw(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        var declined = 0, kept = 0
        for _ in 0..<2_000 {
            let a = (0..<draw(12)).map { _ in IntElement(draw(3), rev: draw(2)) }
            var b = a
            for _ in 0..<draw(4) where !b.isEmpty { b[draw(b.count)] = IntElement(draw(3), rev: draw(2)) }
            if draw(2) == 0 { b.insert(IntElement(draw(3)), at: draw(b.count + 1)) }
            var reloads: [ItemPath] = []
            let full = SharedEnds<IntElement, IntElement>.scan(a, b, section: 0, reloads: &reloads)!
            let middle = a.count + b.count - 2 * (full.prefix + full.suffix)
            for budget in 0...(a.count + b.count) {
                var bounded: [ItemPath] = []
                if let ends = SharedEnds<IntElement, IntElement>.scan(
                    a, b, section: 0, reloads: &bounded,
                    budget: budget)
                {
                    #expect(ends == full && bounded == reloads)
                    kept += 1
                } else {
                    #expect(middle > budget, "declined a middle of \(middle) within \(budget)")
                    declined += 1
                }
            }
        }
        #expect(declined > 1_000 && kept > 1_000)
    }

    /// The byte-for-byte skip of `Int`- and `UUID`-identified items finds the same ends and
    /// reloads as comparing field by field (`CaseElement` and `String` ids, which do not skip):
    /// random long sections, differing at random places near either end, in identity or content,
    /// or by an item inserted or removed (which shifts the back end, so a group read one item
    /// off there would compare equal).
    @Test func bitwiseScanAgreesWithFieldByField() {
        #expect(SharedEnds<IntElement, IntElement>.comparesBitwise)
        #expect(SharedEnds<UUIDElement, UUIDElement>.comparesBitwise)
        #expect(!SharedEnds<CaseElement, CaseElement>.comparesBitwise)
        #expect(MemoryLayout<IntElement>.size == 16 && MemoryLayout<UUIDElement>.size == 24)
        var state: UInt64 = 11
        func draw(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        func uuid(_ id: Int) -> UUID {
            UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", id))!
        }
        var skipped = 0
        for _ in 0..<3_000 {
            let a = (0..<draw(60)).map { IntElement($0, rev: draw(8) == 0 ? 1 : 0) }
            var b = a
            for _ in 0..<draw(3) where !b.isEmpty {
                let at = draw(2) == 0 ? draw(min(b.count, 20)) : b.count - 1 - draw(min(b.count, 20))
                b[at] = draw(2) == 0 ? IntElement(b[at].id, rev: 7) : IntElement(1_000 + draw(5))
            }
            if draw(3) == 0 { b.insert(IntElement(2_000), at: draw(b.count + 1)) }
            if draw(3) == 0 && !b.isEmpty { b.remove(at: draw(b.count)) }
            var intReloads: [ItemPath] = [], caseReloads: [ItemPath] = [], uuidReloads: [ItemPath] = []
            let budget = draw(4) == 0 ? draw(20) : .max
            let ints = SharedEnds<IntElement, IntElement>.scan(
                a, b, section: 1, reloads: &intReloads,
                budget: budget)
            let cases = SharedEnds<CaseElement, CaseElement>.scan(
                a.map { CaseElement(.int($0.id), rev: $0.rev) }, b.map { CaseElement(.int($0.id), rev: $0.rev) },
                section: 1, reloads: &caseReloads, budget: budget)
            let uuids = SharedEnds<UUIDElement, UUIDElement>.scan(
                a.map { UUIDElement(uuid($0.id), rev: $0.rev) }, b.map { UUIDElement(uuid($0.id), rev: $0.rev) },
                section: 1, reloads: &uuidReloads, budget: budget)
            #expect(ints?.prefix == cases?.prefix && ints?.suffix == cases?.suffix && intReloads == caseReloads)
            #expect(uuids?.prefix == cases?.prefix && uuids?.suffix == cases?.suffix && uuidReloads == caseReloads)
            if let ends = ints, ends.prefix >= 8 || ends.suffix >= 8 { skipped += 1 }
        }
        #expect(skipped > 1_000)
    }

    @Test func sectionsThatDoNotMatchOneForOneAreNotTrimmed() {
        let old = IntSnapshot([Section(IntElement(0), items: [IntElement(1)])])
        let moved = IntSnapshot([Section(IntElement(1), items: [IntElement(1)])])
        #expect(SharedEnds(old, moved) == nil)
        #expect(SharedEnds(old, IntSnapshot([])) == nil)
    }
}
