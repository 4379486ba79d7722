// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchCorpus
import DiffBenchTestSupport
@testable import DiffBenchVerdicts
@testable import DiffBenchFileFormats

/// The verdict per scenario: ties over sizes, and a pick that noise does not decide.
@Suite struct ScenarioVerdictTests {
    static func verdict(_ rows: [ResultRow]) -> ScenarioVerdict? {
        ScenarioVerdict.verdicts(figures(rows)).first
    }

    /// The cells of `b` at the given medians against `a` at 100, one per size; `spread` of both.
    static func sizes(_ b: [Double], spread: Double = 0.002) -> [ResultRow] {
        zip([1_000, 10_000, 100_000], b).flatMap { size, time in
            cell("a", around(100, spread: spread), size: size) + cell("b", around(time, spread: spread), size: size)
        }
    }

    @Test func theGeometricMeanOverTheSizesDecides() throws {
        // 20% slower at two sizes, within noise at the third: it trails.
        #expect(try #require(Self.verdict(Self.sizes([101, 120, 120]))).fastest == ["a"])
        // Faster beyond noise at one size of three, slower at two: 1.058x over the sizes trails.
        #expect(try #require(Self.verdict(Self.sizes([110, 112, 96]))).fastest == ["a"])
        // 20% slower at one size only: 1.063x over the sizes trails; no vote of the sizes undoes it.
        #expect(try #require(Self.verdict(Self.sizes([100, 100, 120]))).fastest == ["a"])
        // Slower at two sizes, much faster at the third: 0.99x over the sizes is a tie.
        #expect(Set(try #require(Self.verdict(Self.sizes([110, 110, 81]))).fastest) == ["a", "b"])
        // 4% slower everywhere, with tight intervals: under the floor, a tie.
        #expect(Set(try #require(Self.verdict(Self.sizes([104, 104, 104]))).fastest) == ["a", "b"])
    }

    @Test func aGapNearTheFloorIsNamedAsACloseCall() throws {
        let tied = try #require(Self.verdict(Self.sizes([104, 104, 104])))
        #expect(Set(tied.fastest) == ["a", "b"])
        #expect(tied.recommendation.contains("a close call, near the 5% tie floor: b 4.0% behind (tied)"))
        let trailing = try #require(Self.verdict(Self.sizes([106, 106, 106])))
        #expect(trailing.fastest == ["a"])
        #expect(trailing.recommendation.contains("b 6.0% behind (trails)"))
        #expect(tied.closeCalls == ["b"] && trailing.closeCalls == ["b"])
        for far in [101.0, 110] {
            let verdict = try #require(Self.verdict(Self.sizes([far, far, far])))
            #expect(verdict.recommendation.contains("close") == false && verdict.closeCalls.isEmpty)
        }
    }

    @Test func aCaseThatAloneMakesATrailIsPivotal() throws {
        // 40% slower at 100,000 only (a slow phase over that cell): it alone makes b trail.
        let slowed = try #require(Self.verdict(Self.sizes([99, 100, 140])))
        #expect(slowed.fastest == ["a"])
        #expect(slowed.pivotalCases["b"]?.count == 1 && slowed.pivotalCases["b"]?.first?.size == 100_000)
        // Slower at every size, or at none: no one case decides it.
        #expect(try #require(Self.verdict(Self.sizes([120, 125, 140]))).pivotalCases.isEmpty)
        #expect(try #require(Self.verdict(Self.sizes([100, 101, 99]))).pivotalCases.isEmpty)
        // Tied: b faster at one size, 10% slower at two. Without either of those two, the gap over
        // the rest is 1.06x (the same with b leading and a behind), and that trails.
        let rescued = try #require(Self.verdict(Self.sizes([110, 110, 81])))
        let pivots = rescued.pivotalCases.values.flatMap { $0 }
        #expect(Set(rescued.fastest) == ["a", "b"] && pivots.count == 2 && !pivots.contains { $0.size == 100_000 })
    }

    @Test func cellsTooNoisyToTellApartAreUndecided() throws {
        // 8% slower, but every cell spreads by 30%: neither slower beyond noise nor tied. The
        // verdict says undecided (noisy), and `bench run` looks at it again.
        let noisy = try #require(Self.verdict(Self.sizes([108, 108, 108], spread: 0.3)))
        #expect(noisy.fastest == ["a"] && noisy.undecided == ["b"] && noisy.closeCalls.isEmpty)
        let said = "undecided (noisy): b 8.0% behind, but its cells' intervals are too wide"
        #expect(noisy.recommendation.contains(said))
        // The same 8% with tight cells trails; 4% with noisy ones is undecided and a close call.
        let tight = try #require(Self.verdict(Self.sizes([108, 108, 108])))
        #expect(tight.fastest == ["a"] && tight.undecided.isEmpty && !tight.recommendation.contains("undecided"))
        let near = try #require(Self.verdict(Self.sizes([104, 104, 104], spread: 0.3)))
        #expect(near.undecided == ["b"] && near.recommendation.contains("b 4.0% behind (undecided)"))
        // Picked or undecided, never both: no pick, the differs it hangs between, and the answer agrees.
        #expect(noisy.recommended == nil && noisy.undecidedBetween == ["a", "b"] && noisy.use == "undecided: a or b")
        #expect(noisy.recommendation.hasPrefix("a or b: undecided (noisy)"))
        #expect(tight.recommended == "a" && tight.undecidedBetween.isEmpty && tight.use == "a")
        let answer = Answer(figures(Self.sizes([108, 108, 108], spread: 0.3)), RankingOptions())
        #expect(answer.overall == nil && answer.undecided == ["mixed"])
        #expect(answer.text.contains("Use per scenario: undecided (noisy) between a and b: mixed."))
        #expect(!answer.text.contains("a: mixed"))
    }

    @Test func ofTwoTiedAlikeTheFirstInRunOrderIsUsedWhicheverLeads() throws {
        for (a, b) in [(100.0, 101.0), (101, 100)] {
            let rows = cell("a", around(a, spread: 0.002)) + cell("b", around(b, spread: 0.002))
            let verdict = try #require(Self.verdict(rows))
            #expect(Set(verdict.fastest) == ["a", "b"])
            #expect(verdict.recommended == "a", "leader \(verdict.fastest.first ?? "")")
        }
        // Animation still comes first: b animates better.
        let rows = cell("a", around(100, spread: 0.002), excess: 5) + cell("b", around(101, spread: 0.002))
        #expect(try #require(Self.verdict(rows)).recommended == "b")
    }
}
