// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DiffBenchAlgorithms

/// Myers refuses, before searching, work that would take more than seconds; small pairs are
/// never estimated, and repeated identities are estimated too.
@Suite struct MyersWorkGuardTests {
    @Test func aLongReversalIsRefusedWithItsEstimate() {
        var guardian = MyersWorkGuard(limit: .init(squared: 1e9, spread: 1e12))
        let a = Array(0..<20_000)
        // D = 2 x 20,000 - 2 x 1 (the longest common subsequence of a reversal is one element).
        let admitted = guardian.admit(a, a.reversed())
        #expect(!admitted)
        #expect(guardian.steps == 39_998 * 39_998)
        #expect(guardian.refusal?.contains("at least 39998 edits in one sequence of 40000 elements") == true)
    }

    @Test func alikeSequencesPassAndSmallOnesAreNotEstimated() {
        var guardian = MyersWorkGuard(limit: .init(squared: 1.5e9, spread: 1.5e9))
        let a = Array(0..<20_000)
        var b = a
        b.swapAt(10, 19_990)
        let alike = guardian.admit(a, b)
        #expect(alike)
        #expect(guardian.steps == 4 * 4)
        var fresh = MyersWorkGuard(limit: .init(squared: 1, spread: 1))
        let small = fresh.admit(Array(0..<100), Array((0..<100).reversed()))
        #expect(small)
        #expect(fresh.steps == 0 && fresh.refusal == nil)
    }

    /// The attack's shape: a reversal over 450 identities repeated 89 times each. Before, any
    /// repeat skipped the estimate and the standard library ran for 34 s at 40,000 items.
    @Test func aReversalOverRepeatedIdentitiesIsRefused() {
        let a = (0..<40_000).map { $0 % 450 }
        let bound = MyersWorkGuard.commonBound(a, a.reversed())
        #expect(bound.exact)
        // Each step of a common subsequence moves to a new ascending block of `a` or a new
        // descending block of `b`: at most 89 + 89 + 1 elements.
        #expect(bound.length <= 179 && bound.length >= 89)
        var guardian = MyersWorkGuard(limit: MyersWorkGuard.stdlibLimit, search: "the standard library's search")
        let admitted = guardian.admit(a, a.reversed())
        #expect(!admitted)
        #expect(guardian.refusal?.contains("the standard library's search") == true)
    }

    /// The other shape: old = the even identities, new = new identities (negative symbols, as
    /// the standard library's differ passes them) and then the evens reversed.
    @Test func newElementsCountAsEditsAndTheOrderOfTheRestToo() {
        let old = Array(0..<20_000)
        let new = (0..<20_000).map { -1 - $0 } + old.reversed()
        var guardian = MyersWorkGuard(limit: MyersWorkGuard.stdlibLimit)
        let admitted = guardian.admit(old, new)
        #expect(!admitted)
        #expect(guardian.steps == 59_998 * 59_998)
    }

    /// The bound is the exact LCS when the pairs are few, checked against dynamic programming on
    /// small random sequences over few symbols; above the pair limit it is the multiset bound.
    @Test func theCommonBoundIsTheLongestCommonSubsequence() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for trial in 0..<200 {
            let symbols = 1 + trial % 7
            let a = (0..<next(30)).map { _ in next(symbols) }
            let b = (0..<next(30)).map { _ in next(symbols + 1) - 1 }  // -1: an element new to the list
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in a.indices.reversed() {
                for j in b.indices.reversed() {
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            let bound = MyersWorkGuard.commonBound(a, b)
            #expect(bound.exact && bound.length == table[0][0], "trial \(trial): \(a) \(b)")
        }
        // 10,000 x 5,000 matching pairs, above 2^25: symbol 3 is heavy, and its part is exact.
        let many = [Int](repeating: 3, count: 10_000), alternating = (0..<10_000).map { $0 % 2 + 3 }
        let heavy = MyersWorkGuard.commonBound(many, alternating)
        #expect(heavy.exact && !heavy.counted && heavy.length == 5_000)
    }

    /// The longest common subsequence by dynamic programming, for checking the fast ones.
    static func lcsByTable(_ a: [Int], _ b: [Int]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in b.indices {
                let above = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : max(above, row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// The bit-parallel LCS against dynamic programming, on lengths on both sides of a word's
    /// 64 bits and over 1 to 6 symbols.
    @Test func theBitParallelLengthIsTheLongestCommonSubsequence() {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for trial in 0..<300 {
            let symbols = 1 + trial % 6
            let a = (0..<next(200)).map { _ in next(symbols) }, b = (0..<next(200)).map { _ in next(symbols) }
            let fast = MyersWorkGuard.bitParallelLength(a, b, symbols: symbols)
            #expect(fast == Self.lcsByTable(a, b), "trial \(trial): \(a) \(b)")
        }
    }

    /// The attack: a list over 10 identities against its reversal. Its matching pairs are
    /// far above the pair limit, so the bound fell back to the counts, which are equal on both
    /// sides: *D* = 0, admitted, and the search ran for minutes at 100,000 items. In order, the
    /// LCS of (0...9)^k and (9...0)^k is 2k - 1 (checked by table for small k), so *D* is near 1.6n.
    @Test func aReversalOverTenIdentitiesIsBoundedInOrder() {
        for k in [3, 7, 20] {
            let a = (0..<10 * k).map { $0 % 10 }
            #expect(Self.lcsByTable(a, a.reversed()) == 2 * k - 1)
        }
        let a = (0..<20_000).map { $0 % 10 }
        let bound = MyersWorkGuard.commonBound(a, a.reversed())
        #expect(bound.exact && !bound.counted && bound.length == 3_999)
        var guardian = MyersWorkGuard(limit: .init(squared: 1e9, spread: 1e12))
        let admitted = guardian.admit(a, a.reversed())
        #expect(!admitted)
        #expect(guardian.steps == 32_002 * 32_002)
        #expect(guardian.refusal?.contains("counts") == false)
    }

    /// The attack's other shapes at 20,000 a side: blocks of one identity reversed (the LCS is one
    /// block), two identities in halves against alternating (half of the list), and half new
    /// elements (-1) followed by the first half of the old reversed; each bound is checked against
    /// the exact LCS and its D refused under a limit of 3 x 10^8 (D near 20,000 to 36,000).
    @Test func blocksInterleavingsAndHalfNewHalfReversedAreBoundedInOrder() {
        let n = 20_000
        let blocks = (0..<n).map { $0 * 10 / n }, cyclic = (0..<n).map { $0 % 10 }
        let shapes: [(String, [Int], [Int], Int)] = [
            ("blocks reversed", blocks, blocks.reversed(), n / 10),
            ("halves against alternating", (0..<n).map { $0 * 2 / n }, (0..<n).map { $0 % 2 }, n / 2 + 1),
            ("cyclic against blocks", cyclic, blocks, n / 10 + 9),
            (
                "half new, half reversed", cyclic, [Int](repeating: -1, count: n / 2) + cyclic[..<(n / 2)].reversed(),
                n / 10 * 3 / 2 - 1
            )
        ]
        for (name, a, b, lcs) in shapes {
            let bound = MyersWorkGuard.commonBound(a, b)
            #expect(bound.exact && bound.length == lcs, "\(name): \(bound)")
            var guardian = MyersWorkGuard(limit: .init(squared: 3e8, spread: 1e12))
            let admitted = guardian.admit(a, b)
            #expect(!admitted, "\(name)")
        }
    }

    /// Heavy identities beside more light ones than the masks hold: 14,000 copies of one identity
    /// before 28,000 distinct ones, against the distinct ones before the copies (the LCS is the
    /// 28,000). The copies' pairs (1.96 x 10^8) make the copies heavy, every shared symbol's
    /// masks would be 18 million words, so the rest stays apart: the bound is the sum of the two
    /// parts' LCS, above the LCS and below the counts' 42,000, and no part is bounded by counts.
    @Test func heavyAndLightIdentitiesAreBoundedApart() {
        let copies = [Int](repeating: 0, count: 14_000), distinct = Array(1...28_000)
        let bound = MyersWorkGuard.commonBound(copies + distinct, distinct + copies)
        #expect(!bound.exact && !bound.counted)
        #expect(bound.length >= 28_000 && bound.length < 42_000, "\(bound)")
    }

    /// When the light symbols fit the masks too, every shared symbol is heavy and the bound is the
    /// LCS itself: 6,000 copies and 6,000 distinct ones, as above, give 6,000.
    @Test func everySharedSymbolThatFitsIsBoundedInOrder() {
        let copies = [Int](repeating: 0, count: 6_000), distinct = Array(1...6_000)
        let bound = MyersWorkGuard.commonBound(copies + distinct, distinct + copies)
        #expect(bound.exact && !bound.counted && bound.length == 6_000)
    }

    /// Long sequences with scattered edits: (n + m) D crosses its limit while D² does not.
    @Test func scatteredEditsInALongSequenceAreRefusedByTheSpread() {
        let a = Array(0..<200_000)
        let b = a.enumerated().filter { $0.offset % 20 != 0 }.map(\.element)  // 10,000 deletes
        var guardian = MyersWorkGuard(limit: .init(squared: 1e12, spread: 2e9))
        let admitted = guardian.admit(a, b)
        #expect(!admitted)
        #expect(guardian.steps == 1e8 && guardian.spread == 390_000 * 10_000)
    }

    @Test func aPairWhoseWorstCaseCannotCrossTheLimitIsNotEstimated() {
        var guardian = MyersWorkGuard(limit: .init(squared: 2e9, spread: 2e9))
        let a = Array(0..<20_000)
        let admitted = guardian.admit(a, a.reversed())  // (40,000)^2 = 1.6 x 10^9: within the limit
        #expect(admitted && guardian.steps == 0)
    }

    @Test func theDefaultLimitLeavesEverySuiteCellAlone() {
        // The full suite's largest Myers pair, differencekit at 1,000,000 items, has D near
        // 80,000: 6.4 x 10^9; the limit must stay above it.
        #expect(MyersWorkGuard.limit.squared >= 1e10 && MyersWorkGuard.limit.spread >= 2e11)
    }
}
