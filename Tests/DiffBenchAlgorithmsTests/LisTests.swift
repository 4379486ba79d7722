// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
import DiffBenchCorpus
import DiffBenchConformance
@testable import DiffBenchAlgorithms
import DiffBenchDiffCore

@Suite struct LisTests {
    /// Relocations of `algorithm` on a case, from a table-view check.
    static func figures(
        _ algorithm: any DiffAlgorithm,
        _ old: IntSnapshot,
        _ new: IntSnapshot
    ) throws -> QualityFigures {
        let changeset = try algorithm.diff(from: old, to: new)
        let report = ConformanceChecker(target: .table).check(old: old, new: new, changeset: changeset)
        #expect(report.passed)
        return QualityFigures.measure(old: old, new: new, changeset: changeset, report: report)
    }

    @Test func relocationsEqualTheMinimumWithoutDuplicates() throws {
        var cases = 0, withDuplicates = 0
        for seed in 0..<UInt64(5_000) {
            let drawn = RandomCases.draw(seed: seed)
            let lis = try Self.figures(Lis(), drawn.old, drawn.new)
            if drawn.hasDuplicates {
                withDuplicates += 1
                let heckel = try Self.figures(Heckel(), drawn.old, drawn.new)
                #expect(lis.relocations <= heckel.relocations, "seed \(seed): lis worse than heckel with duplicates")
            } else {
                cases += 1
                #expect(
                    lis.excessMoves == 0,
                    "seed \(seed): \(lis.relocations) relocations, minimum \(lis.minimumRelocations)"
                )
            }
        }
        #expect(cases > 3_000 && withDuplicates > 300)
    }

    @Test func everyScenarioWithoutDuplicatesIsMoveMinimal() throws {
        for scenario in Scenario.allCases where scenario != .duplicates {
            let generated = try scenario.generate(size: 600, sections: scenario.defaultSections(size: 600), seed: 3)
            let q = try Self.figures(Lis(), generated.old, generated.new)
            #expect(
                q.excessMoves == 0,
                "\(scenario.rawValue): \(q.relocations) relocations, minimum \(q.minimumRelocations)"
            )
        }
    }

    /// The members of one longest increasing run, as flags.
    static func longestRun(_ values: [Int]) -> [Bool] {
        var member = [Bool](repeating: false, count: values.count)
        let scratch = PatienceScratch(capacity: values.count)
        defer { scratch.deallocate() }
        values.withUnsafeBufferPointer { values in
            forEachInLongestIncreasingSubsequence(values, scratch) { member[$0] = true }
        }
        return member
    }

    @Test func longestIncreasingSubsequenceMarksOneLongestRun() {
        let values = [3, 1, 2, 5, 4, 6, 0]
        let member = Self.longestRun(values)
        let picked = zip(values, member).filter(\.1).map(\.0)
        #expect(picked.count == 4)
        #expect(zip(picked, picked.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Self.longestRun([]).isEmpty)
    }

    /// Increasing values are all one run: each index is kept once, last first, alone and side by
    /// side with another input (the walk counts down instead of following back pointers).
    @Test func increasingValuesAreKeptWhole() {
        let values = [2, 5, 6, 9, 40, 41], other = [3, 1, 2]
        let scratch = PatienceScratch(capacity: 2 * values.count)
        defer { scratch.deallocate() }
        var kept: [Int] = [], keptOther: [Int] = []
        values.withUnsafeBufferPointer { values in
            forEachInLongestIncreasingSubsequence(values, scratch) { kept.append($0) }
        }
        #expect(kept == [5, 4, 3, 2, 1, 0])
        kept = []
        values.withUnsafeBufferPointer { values in
            other.withUnsafeBufferPointer { other in
                forEachInLongestIncreasingSubsequences(
                    values, other, scratch, { kept.append($0) },
                    { keptOther.append($0) })
            }
        }
        #expect(kept == [5, 4, 3, 2, 1, 0] && keptOther == [2, 1])
    }

    /// Two inputs searched side by side pick exactly the runs each picks alone, whatever their
    /// lengths (one may be empty).
    @Test func twoRunsAtOnceMatchOneAtATime() {
        var state: UInt64 = 777
        func draw(_ count: Int) -> [Int] {
            (0..<count).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(truncatingIfNeeded: state >> 33) % 50
            }
        }
        for round in 0..<300 {
            let a = draw(round % 37), b = draw((round * 7) % 41)
            let scratch = PatienceScratch(capacity: 2 * max(a.count, b.count))
            defer { scratch.deallocate() }
            var memberA = [Bool](repeating: false, count: a.count), memberB = [Bool](repeating: false, count: b.count)
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    forEachInLongestIncreasingSubsequences(
                        a, b, scratch, { memberA[$0] = true },
                        { memberB[$0] = true })
                }
            }
            #expect(memberA == Self.longestRun(a) && memberB == Self.longestRun(b), "round \(round)")
        }
    }

    @Test func longestRunsOfRandomValuesHaveTheLongestLength() {
        var state: UInt64 = 12345
        for round in 0..<500 {
            let count = round % 60, range = 1 + round % 97
            let values = (0..<count).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(truncatingIfNeeded: state >> 33) % range - range / 2
            }
            // Quadratic dynamic programming: the length of a longest strictly increasing run.
            var best = [Int](repeating: 1, count: count)
            for i in 0..<count { for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) } }
            let picked = zip(values, Self.longestRun(values)).filter(\.1).map(\.0)
            #expect(picked.count == (best.max() ?? 0), "round \(round): \(values)")
            #expect(zip(picked, picked.dropFirst()).allSatisfy { $0 < $1 }, "round \(round): \(values)")
        }
    }
}
