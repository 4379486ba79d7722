// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchCompare
import DiffBenchTestSupport
@testable import DiffBenchFileFormats
@testable import DiffBenchStatistics

/// The timing gate on synthetic samples: a load shift passes, a real slowdown fails.
@Suite struct TimingGateTests {
    /// A deterministic stand-in for this machine's noise: +-4% jitter, and in "slow phase"
    /// rounds every sample 1.4x slower.
    static func samples(_ base: Double, rounds: Int, perRound: Int, slowRounds: Set<Int>, seed: UInt64) -> [Double] {
        var state = seed
        func jitter() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 0.96 + 0.08 * Double(state >> 11) / Double(1 << 53)
        }
        return (0..<rounds).flatMap { r in
            (0..<perRound).map { _ in base * jitter() * (slowRounds.contains(r) ? 1.4 : 1) }
        }
    }

    static func rows(
        _ runID: String, pairedWith: String = "", factor: [String: Double] = [:],
        slowRounds: (String) -> Set<Int>
    ) -> [ResultRow] {
        let algorithms = ["heckel", "myers", "stdlib", "lis"], scenarios = ["mixed", "shuffle", "filter"]
        var result: [ResultRow] = []
        for (a, algorithm) in algorithms.enumerated() {
            for (s, scenario) in scenarios.enumerated() {
                var row = sampleRow(algorithm: algorithm)
                row.scenario = scenario
                row.meta.runID = runID
                row.meta.pairedWith = pairedWith
                row.rounds = 5
                let base = Double(10_000 * (a + 1) * (s + 2)) * (factor[algorithm] ?? 1)
                row.samples = samples(
                    base, rounds: 5, perRound: 6, slowRounds: slowRounds(algorithm + scenario),
                    seed: UInt64(a * 7 + s) &+ UInt64(runID.utf8.count))
                row.summary = Summary(row.samples)
                result.append(row)
            }
        }
        return result
    }

    /// Slow-phase rounds that differ from cell to cell, as this machine's do.
    static func phases(_ patterns: [Set<Int>]) -> (String) -> Set<Int> {
        { cell in patterns[cell.utf8.reduce(0) { $0 + Int($1) } % patterns.count] }
    }

    @Test func aLoadShiftBetweenUnpairedRunsPasses() throws {
        let quiet = Self.rows("a", slowRounds: Self.phases([[], [1, 3], [2], [0, 4]]))
        // The second run is 1.3x slower everywhere (a busy machine), in other phases; a quarter
        // of its cells spent every round in a slow phase, where the base saw two slow rounds
        // (so their spread sets the noise floor).
        var loaded = Self.rows("b", slowRounds: Self.phases([[1, 3], [0, 1, 2, 3, 4], [], [2]]))
        for k in loaded.indices {
            loaded[k].samples = loaded[k].samples.map { $0 * 1.3 }
            loaded[k].summary = Summary(loaded[k].samples)
        }
        let result = try Comparison.compare(base: quiet, new: loaded, threshold: 0.1, scope: .timing)
        #expect(result.outcome == .pass)
        #expect(abs(result.drift - 1.3) < 0.1)
    }

    @Test func oneDifferSlowerInEveryCellIsNotTakenForDrift() throws {
        let quiet = Self.rows("a", slowRounds: { _ in [] })
        for factor in [3.0, 10.0] {
            // heckel 3x (or 10x) slower in every cell of an unpaired run, the other differs as they were.
            let slowed = Self.rows("b", factor: ["heckel": factor], slowRounds: { _ in [] })
            let result = try Comparison.compare(base: quiet, new: slowed, threshold: 0.1, scope: .timing)
            #expect(result.outcome == .regression, "heckel \(factor)x")
            let flagged = result.entries.filter { $0.verdict == .regression }
            #expect(flagged.count == 3 && flagged.allSatisfy { $0.new?.algorithm == "heckel" })
            #expect(result.driftNote.contains("beyond it: heckel"))
        }
        // Every differ slower alike is the machine: it passes, the drift taken out.
        let all = Self.rows(
            "b", factor: ["heckel": 1.5, "myers": 1.5, "stdlib": 1.5, "lis": 1.5],
            slowRounds: { _ in [] })
        let alike = try Comparison.compare(base: quiet, new: all, threshold: 0.1, scope: .timing)
        #expect(alike.outcome == .pass && abs(alike.drift - 1.5) < 0.05 && alike.driftNote.isEmpty)
    }

    /// Half the cells moved (two differs of four, each slower in every cell): the spread across
    /// cells must not count that move as noise (it raised the noise floor past 11 and passed every
    /// cell).
    @Test func halfTheDiffersSlowerInEveryCellRegress() throws {
        let quiet = Self.rows("a", slowRounds: { _ in [] })
        for factor in [1.3, 3.0, 10.0] {
            let slowed = Self.rows("b", factor: ["heckel": factor, "myers": factor], slowRounds: { _ in [] })
            let result = try Comparison.compare(base: quiet, new: slowed, threshold: 0.1, scope: .timing)
            let flagged = result.entries.filter { $0.verdict == .regression }
            #expect(flagged.count == 6, "\(factor)x: \(result.entries.map(\.note))")
            #expect(flagged.allSatisfy { ["heckel", "myers"].contains($0.new?.algorithm ?? "") })
        }
    }

    @Test func oneDifferAloneGetsNoDriftCorrection() throws {
        let quiet = Self.rows("a", slowRounds: { _ in [] }).filter { $0.algorithm == "heckel" }
        let slowed = Self.rows("b", factor: ["heckel": 3], slowRounds: { _ in [] })
            .filter { $0.algorithm == "heckel" }
        // Too few cells for a drift at all: judged raw.
        let judged = try Comparison.compare(base: quiet, new: slowed, threshold: 0.1, scope: .timing)
        #expect(judged.outcome == .regression)
    }

    @Test func aFifteenPercentSlowdownInAPairedRunFails() throws {
        // Paired: both sides share the slow phases round by round.
        let phases: (String) -> Set<Int> = { $0.hasSuffix("shuffle") ? [2, 3] : [0] }
        let base = Self.rows("base", pairedWith: "head", slowRounds: phases)
        let head = Self.rows("head", pairedWith: "base", factor: ["heckel": 1.15], slowRounds: phases)
        let result = try Comparison.compare(base: base, new: head, threshold: 0.1, scope: .timing)
        #expect(result.outcome == .regression)
        let flagged = result.entries.filter { $0.verdict == .regression }
        #expect(flagged.count == 3 && flagged.allSatisfy { $0.new?.algorithm == "heckel" })
        // The same data without the slowdown passes.
        let same = try Comparison.compare(
            base: base, new: Self.rows("head", pairedWith: "base", slowRounds: phases),
            threshold: 0.1, scope: .timing)
        #expect(same.outcome == .pass)
    }

    @Test func roundMinimumsNeedEvenRounds() {
        var row = sampleRow(samples: [5, 4, 9, 8, 1, 2])
        row.rounds = 3
        #expect(TimingGate.roundMinimums(row) == [4, 8, 1])
        row.rounds = 4
        #expect(TimingGate.roundMinimums(row) == nil)
    }
}
