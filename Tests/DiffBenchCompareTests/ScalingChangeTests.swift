// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import DiffBenchCompare
import DiffBenchTestSupport
@testable import DiffBenchFileFormats

/// The growth gate on synthetic results: n^1 against n^1.5 is flagged, noise alone is not.
@Suite struct ScalingChangeTests {
    /// Rows of one algorithm at 1k, 3k, 10k: t = 10 n^`exponent` ns, with +-`noise` jitter.
    static func rows(
        _ runID: String, exponent: Double, noise: Double, seed: UInt64, pairedWith: String = "",
        rounds: Int = 8
    ) -> [ResultRow] {
        var state = seed
        return [1000, 3000, 10000].map { size in
            let samples = (0..<(rounds * 3)).map { _ -> Double in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let jitter = 1 - noise + 2 * noise * Double(state >> 11) / Double(1 << 53)
                return 10 * pow(Double(size), exponent) * jitter
            }
            var row = sampleRow(samples: samples)
            row.size = size
            row.rounds = rounds
            row.meta.runID = runID
            row.meta.pairedWith = pairedWith
            return row
        }
    }

    @Test func nToTheOneAgainstNToTheOneAndAHalfIsFlagged() throws {
        for paired in [false, true] {
            let base = Self.rows("b", exponent: 1, noise: 0.05, seed: 1, pairedWith: paired ? "n" : "")
            let new = Self.rows("n", exponent: 1.5, noise: 0.05, seed: 2, pairedWith: paired ? "b" : "")
            let result = try Comparison.compare(base: base, new: new, threshold: 0.1, scope: .timing)
            #expect(result.scaling.count == 1)
            let change = try #require(result.scaling.first)
            #expect(change.verdict == .regression, "paired \(paired): \(change.description)")
            #expect(abs(change.change - 0.5) < 0.05 && change.low > 0)
            #expect(change.description.hasPrefix("heckel mixed: n^") && change.description.contains(" -> n^1.5"))
            #expect(result.outcome == .regression)
            #expect(result.markdown().contains("- regression: heckel mixed: n^"))
            #expect(result.csv().contains(",cpu_ns_exponent,scaling,"))
        }
    }

    @Test func aPairedRunCatchesATenthOfAnExponent() throws {
        // n^1 against n^1.1 under 5% noise: 1.26x at 10k, 1.08x at 1k; the same phases on both sides.
        for seed in 1...20 as ClosedRange<UInt64> {
            let base = Self.rows("b", exponent: 1, noise: 0.05, seed: seed, pairedWith: "n")
            let new = Self.rows("n", exponent: 1.1, noise: 0.05, seed: seed + 100, pairedWith: "b")
            let result = try Comparison.compare(base: base, new: new, threshold: 0.1, scope: .timing)
            #expect(result.scaling.first?.verdict == .regression, "seed \(seed)")
        }
    }

    @Test func noiseAloneIsNotFlagged() throws {
        for seed in 1...40 as ClosedRange<UInt64> {
            for paired in [false, true] {
                let base = Self.rows("b", exponent: 1, noise: 0.08, seed: seed, pairedWith: paired ? "n" : "")
                let new = Self.rows("n", exponent: 1, noise: 0.08, seed: seed + 100, pairedWith: paired ? "b" : "")
                let result = try Comparison.compare(base: base, new: new, threshold: 0.1, scope: .timing)
                #expect(result.scaling.allSatisfy { $0.verdict == .unchanged }, "seed \(seed), paired \(paired)")
                #expect(result.outcome == .pass)
            }
        }
    }

    @Test func fewerThanThreeSizesAreNotFitted() throws {
        let base = Array(Self.rows("b", exponent: 1, noise: 0.05, seed: 1).prefix(2))
        let new = Array(Self.rows("n", exponent: 2, noise: 0.05, seed: 2).prefix(2))
        let result = try Comparison.compare(
            base: base, new: new, threshold: 0.1, scope: .timing,
            allowMissing: true)
        #expect(result.scaling.isEmpty)
    }

    @Test func instructionsAreFittedExactly() {
        func counts(_ runID: String, _ exponent: Double) -> [ResultRow] {
            [1000, 3000, 10000].map { size in
                var row = sampleRow(metric: .instructions, samples: [pow(Double(size), exponent)])
                row.size = size
                row.meta.runID = runID
                return row
            }
        }
        let steeper = ScalingChange.judge(base: counts("b", 1), new: counts("n", 1.1))
        #expect(steeper.count == 1 && steeper[0].verdict == .regression && steeper[0].method == "exact")
        let same = ScalingChange.judge(base: counts("b", 1), new: counts("n", 1.005))
        #expect(same.count == 1 && same[0].verdict == .unchanged)
    }
}
