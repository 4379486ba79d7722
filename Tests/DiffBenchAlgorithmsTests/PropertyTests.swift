// SPDX-License-Identifier: Apache-2.0
import Testing
import Foundation
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchConformance
@testable import DiffBenchAlgorithms

/// Every algorithm on 10,000 seeded random sectioned cases: duplicates, empty sections, section
/// inserts, deletes and moves, cross-section moves both ways, rows moved and updated at once.
@Suite struct PropertyTests {
    @Test(arguments: AlgorithmRegistry.names)
    func passesTheCheckerOnRandomCases(name: String) throws {
        let algorithm = try #require(AlgorithmRegistry.named(name))
        let checker = ConformanceChecker(target: .table)
        var duplicates = 0, failures = 0, belowMinimum = 0
        for seed in 0..<UInt64(10_000) {
            let drawn = RandomCases.draw(seed: seed)
            if drawn.hasDuplicates { duplicates += 1 }
            let changeset = try algorithm.diff(from: drawn.old, to: drawn.new)
            let report = checker.check(old: drawn.old, new: drawn.new, changeset: changeset)
            if !report.passed || !report.reachedTarget {
                failures += 1
                if failures <= 3 {
                    Issue.record("\(name) seed \(seed): \(report.firstFailure?.description ?? "wrong final state")")
                }
            }
            // No changeset relocates fewer items than the minimum, duplicates or not.
            let quality = QualityFigures.measure(old: drawn.old, new: drawn.new, changeset: changeset, report: report)
            if quality.relocations < quality.minimumRelocations {
                belowMinimum += 1
                if belowMinimum <= 3 {
                    let minimum = quality.minimumRelocations
                    Issue.record("\(name) seed \(seed): \(quality.relocations) relocations < minimum \(minimum)")
                }
            }
        }
        #expect(failures == 0)
        #expect(belowMinimum == 0)
        #expect(duplicates > 1000, "the generator must exercise duplicate identities")
    }

    /// Cases the builder answers in one batch (no reload, no section operation): items deleted,
    /// inserted, moved within and across sections, some ids repeated. Every algorithm's changeset
    /// is at most one stage, and it passes the checker for tables and for collection views.
    @Test(arguments: AlgorithmRegistry.names.filter { $0 != "reload" })
    func oneBatchChangesetsPassTheChecker(name: String) throws {
        let algorithm = try #require(AlgorithmRegistry.named(name))
        let checkers = [ConformanceChecker(target: .table), ConformanceChecker(target: .collection)]
        var failures = 0, withMoves = 0
        for seed in 0..<UInt64(3_000) {
            var rng = SeededGenerator(seed: seed)
            let sectionCount = Int.random(in: 1...4, using: &rng)
            var fresh = 1_000
            let old = (0..<sectionCount).map { s in
                (0..<Int.random(in: 0...8, using: &rng)).map { _ in Int.random(in: 0..<(s * 10 + 12), using: &rng) }
            }
            var new = old.map { $0.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 } }
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let from = Int.random(in: 0..<sectionCount, using: &rng)
                guard !new[from].isEmpty else { continue }
                let item = new[from].remove(at: Int.random(in: new[from].indices, using: &rng))
                let to = Int.random(in: 0..<sectionCount, using: &rng)
                new[to].insert(item, at: Int.random(in: 0...new[to].count, using: &rng))
            }
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let to = Int.random(in: 0..<sectionCount, using: &rng)
                new[to].insert(fresh, at: Int.random(in: 0...new[to].count, using: &rng))
                fresh += 1
            }
            func snapshot(_ rows: [[Int]]) -> IntSnapshot {
                IntSnapshot(
                    rows.enumerated().map {
                        Section(IntElement($0.offset), items: $0.element.map { IntElement($0) })
                    })
            }
            let (a, b) = (snapshot(old), snapshot(new))
            let changeset = try algorithm.diff(from: a, to: b)
            #expect(changeset.stages.count <= 1, "\(name) seed \(seed): \(changeset.stages.count) stages")
            if changeset.stages.first.map({ !$0.update.moveItems.isEmpty }) == true { withMoves += 1 }
            for checker in checkers {
                let report = checker.check(old: a, new: b, changeset: changeset)
                if !report.passed || !report.reachedTarget {
                    failures += 1
                    if failures <= 3 {
                        Issue.record("\(name) seed \(seed): \(report.firstFailure?.description ?? "wrong final state")")
                    }
                }
            }
        }
        #expect(failures == 0)
        #expect(withMoves > 1_000, "the cases must exercise moves in the one batch")
    }

    /// The identity join takes a different path for dense `Int` ids (a range table), sparse ones
    /// (a hash table), ASCII strings (a byte hash) and UUIDs; the matching, and so every batch,
    /// must not depend on which.
    @Test(arguments: AlgorithmRegistry.names)
    func batchesDoNotDependOnTheIdentityType(name: String) throws {
        let algorithm = try #require(AlgorithmRegistry.named(name))
        var differing = 0
        for seed in 0..<UInt64(2_000) {
            let drawn = RandomCases.draw(seed: seed)
            func convert<ID: Hashable & Sendable>(_ s: IntSnapshot, _ id: (Int) -> ID) -> ElementSnapshot<ID> {
                ElementSnapshot(
                    s.sections.map { section in
                        Section(
                            Element(id(section.model.id), rev: section.model.rev),
                            items: section.items.map { Element(id($0.id), rev: $0.rev) })
                    })
            }
            let sparse: (Int) -> Int = { $0 &* -0x61C8_8646_80B5_83EB }
            let text: (Int) -> String = { "row-\($0)" }
            // UUIDs that differ only in their last byte pair, so that hashing must read all 16.
            let uuid: (Int) -> UUID = { n in
                let b = UInt8(truncatingIfNeeded: n), c = UInt8(truncatingIfNeeded: n >> 8)
                return UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, c, b))
            }
            let dense = try algorithm.diff(from: drawn.old, to: drawn.new).stages.map(\.update)
            func batches<ID: Hashable & Sendable>(_ id: (Int) -> ID) throws -> [BatchUpdate] {
                try algorithm.diff(from: convert(drawn.old, id), to: convert(drawn.new, id)).stages.map(\.update)
            }
            let others = [try batches(sparse), try batches(text), try batches(uuid)]
            if others.contains(where: { $0 != dense }) {
                differing += 1
                if differing <= 3 { Issue.record("\(name) seed \(seed): the batches differ by identity type") }
            }
        }
        #expect(differing == 0)
    }

    /// Identities whose copies retain (strings past 15 bytes live on the heap), where the builder
    /// patches reloads into the snapshots between stages as it copies their sections: every
    /// changeset over them passes the checker, and each stage's snapshot is the `Int` path's with
    /// the identities spelled out.
    @Test(arguments: AlgorithmRegistry.names.filter { $0 != "reload" })
    func heapStringIdentitiesPassTheCheckerWithTheSameStages(name: String) throws {
        let algorithm = try #require(AlgorithmRegistry.named(name))
        let checker = ConformanceChecker(target: .table)
        func spelled(_ id: Int) -> String { "identity-spelled-out-\(id)" }
        func convert(_ s: IntSnapshot) -> StringSnapshot {
            StringSnapshot(
                s.sections.map { section in
                    Section(
                        Element(spelled(section.model.id), rev: section.model.rev),
                        items: section.items.map { Element(spelled($0.id), rev: $0.rev) })
                })
        }
        var failures = 0, differing = 0, withReloads = 0
        for seed in 0..<UInt64(2_000) {
            let drawn = RandomCases.draw(seed: seed)
            let (old, new) = (convert(drawn.old), convert(drawn.new))
            let changeset = try algorithm.diff(from: old, to: new)
            let report = checker.check(old: old, new: new, changeset: changeset)
            if !report.passed || !report.reachedTarget {
                failures += 1
                if failures <= 3 {
                    Issue.record("\(name) seed \(seed): \(report.firstFailure?.description ?? "wrong final state")")
                }
            }
            let dense = try algorithm.diff(from: drawn.old, to: drawn.new)
            if changeset.stages.contains(where: { !$0.update.reloadItems.isEmpty }) { withReloads += 1 }
            let afters = changeset.stages.map { $0.after?.sections.map { ($0.model, $0.items) } }
            let expected = dense.stages.map { $0.after.map(convert)?.sections.map { ($0.model, $0.items) } }
            let same =
                afters.count == expected.count
                && zip(afters, expected).allSatisfy { a, b in
                    a?.count == b?.count && zip(a ?? [], b ?? []).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
                }
            if !same {
                differing += 1
                if differing <= 3 { Issue.record("\(name) seed \(seed): a stage's snapshot is not the Int path's") }
            }
        }
        #expect(failures == 0)
        #expect(differing == 0)
        #expect(withReloads > 200, "the cases must exercise reloads between stages")
    }

    @Test(arguments: ["heckel", "myers", "stdlib"])
    func preservesIdentityWithoutDuplicates(name: String) throws {
        // Without duplicates and with sections kept, every surviving row keeps its cell.
        let algorithm = try #require(AlgorithmRegistry.named(name))
        let old = IntSnapshot([
            Section(IntElement(100), items: (0..<20).map { IntElement($0) }),
            Section(IntElement(101), items: (20..<30).map { IntElement($0) })
        ])
        var newItems = old.sections.map(\.items)
        newItems[1].append(newItems[0].remove(at: 3))
        newItems[0].insert(newItems[1].remove(at: 0), at: 0)
        newItems[0].swapAt(5, 9)
        newItems[0][7].rev = 1
        let new = IntSnapshot(zip(old.sections, newItems).map { Section($0.model, items: $1) })
        let changeset = try algorithm.diff(from: old, to: new)
        let report = ConformanceChecker().check(old: old, new: new, changeset: changeset)
        #expect(report.passed)
        #expect(report.identityPreserved == 1)
    }
}
