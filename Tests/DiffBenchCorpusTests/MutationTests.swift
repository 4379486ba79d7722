// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchModel
@testable import DiffBenchCorpus

/// Section moves and inserts are placed in O(s log s), with the same result as inserting one by
/// one (so every seed still gives the same corpus).
@Suite struct MutationTests {
    @Test func placingEqualsInsertingOneByOne() {
        var rng = SeededGenerator(seed: 5)
        for _ in 0..<300 {
            let base = Array(0..<rng.below(30))
            let arriving = Array(100..<(100 + rng.below(30)))
            let positions = arriving.indices.map { rng.below(base.count + $0 + 1) }
            var expected = base
            for (j, element) in arriving.enumerated() { expected.insert(element, at: positions[j]) }
            #expect(Mutator.place(arriving, at: positions, into: base) == expected)
        }
    }

    @Test func aMillionSectionsMutateInOnePass() throws {
        // Quadratic before: 1,000,000 sections took 15.8 s. Not a timing assertion: the size
        // alone would make this test take minutes if the placement were quadratic again.
        let generated = try Scenario.mixed.generate(size: 1_000_000, sections: 1_000_000, seed: 1)
        #expect(generated.new.sections.count > 900_000)
    }
}
