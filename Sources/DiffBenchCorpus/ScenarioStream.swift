// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// An app's stream of updates made from a scenario: the first snapshot is the scenario's base
/// list, and each next one is the scenario's change applied to the one before (so a trace of
/// `append` grows like a chat, one of `mixed` churns like a busy feed). Deterministic: the same
/// parameters give the same snapshots on every machine and run; the first step equals the
/// scenario's generated case.
package struct ScenarioStream: Sendable {
    package let scenario: Scenario
    package let size: Int
    private var current: [Section<IntElement, IntElement>]?
    private var mutator: Mutator
    private var rng: SeededGenerator
    private let sections: Int

    /// A stream of `scenario` from `size` items in `sections` sections; fails for a scenario
    /// that is not in ``Scenario/streamable`` or parameters it does not take.
    package init(scenario: Scenario, size: Int, sections: Int, seed: UInt64) throws(CorpusError) {
        guard Scenario.streamable.contains(scenario) else {
            let names = Scenario.streamable.map(\.rawValue).joined(separator: ", ")
            throw CorpusError(
                "\(scenario.rawValue) needs a particular old snapshot and does not repeat as a stream "
                    + "(streamable: \(names))")
        }
        try scenario.validate(size: size, sections: sections)
        self.scenario = scenario
        self.size = size
        self.sections = sections
        rng = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: scenario.rawValue.hashValueStable))
        mutator = Mutator(rng: rng, nextItemID: size, nextSectionID: sections)
    }

    /// The next snapshot: the base list first, then one change after another.
    ///
    /// - Complexity: as one step of ``Scenario/generate(size:sections:seed:)``.
    package mutating func next() -> IntSnapshot {
        let next =
            current.map { scenario.evolve($0, size: size, mutator: &mutator, rng: &rng) ?? $0 }
            ?? Scenario.base(size: size, sections: sections)
        current = next
        return Snapshot(next)
    }
}
