// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import DiffBenchFileFormats
import DiffBenchMeasuring

/// Which cells of a run get a second look: those of the leader and of every algorithm whose
/// scenario verdict is a close call (``Ranking/isCloseCall(_:)``, a gap within 2% of the 5% tie
/// floor) or undecided (``ScenarioVerdict/undecided``: neither trailing nor tied, because its
/// cells are noisy), judged from the first look exactly as `bench report` judges the finished run; and
/// unsettled cells of algorithms in the race, each with a rival of its case; and the cells of a
/// case that alone decides whether an algorithm ties with the leader (``ScenarioVerdict/pivotalCases``),
/// with the leader's cell of that case (``cells(_:_:meta:options:excluded:)``).
package enum CloseCalls {
    /// The CI half-width of a cell's median (a fraction of it) beyond which a cell in the race
    /// is unsettled: 3%, the precision every cell of the default suite is meant to reach.
    package static let unsettled = 0.03

    /// Indices into `specs` of the finished (`ok`) cells to look at again, in run order;
    /// `excluded` names algorithms whose cells are not timed here (external differs). Traces are
    /// left out: their samples are passes with figures per step, not pooled this way.
    ///
    /// Besides close calls and loose ties, an unsettled cell (its CPU median's 95% interval
    /// wider than ±``unsettled``, as when the machine slowed down halfway through it) of an
    /// algorithm in the race (under ``CellMeasurement/outOfRace`` times its case's fastest) is
    /// looked at again with the case's cell of its scenario's leader, or, for the leader's own
    /// cell, of the case's fastest other algorithm: one such cell made the leader look 12% slow.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells (the verdicts of the run).
    package static func cells(
        _ specs: [CellSpec], _ results: [CellResult], meta: RunMetadata,
        options: RankingOptions, excluded: Set<String>
    ) -> [Int] {
        let figures = specs.indices.map { n in
            CellFigures.gather([CellRecord(spec: specs[n], results[n], meta: meta)])
        }
        func eligible(_ n: Int) -> Bool {
            results[n].status == .ok && !specs[n].isTrace && !excluded.contains(specs[n].algorithm)
                && figures[n].first?.rankable == true
        }
        var close: [String: Set<String>] = [:], leaders: [String: String] = [:]
        // Per scenario, (algorithm, case) pairs whose cells decide a tie alone, and those cases.
        var pivots: [String: Set<Pivot>] = [:], pivotCases: [String: Set<CaseKey>] = [:]
        for verdict in ScenarioVerdict.verdicts(figures.flatMap { $0 }, options) {
            leaders[verdict.scenario] = verdict.fastest.first
            for (name, cases) in verdict.pivotalCases {
                pivots[verdict.scenario, default: []].formUnion(cases.map { Pivot(algorithm: name, case: $0) })
                pivotCases[verdict.scenario, default: []].formUnion(cases)
            }
            guard !(verdict.closeCalls + verdict.undecided).isEmpty else { continue }
            close[verdict.scenario] = Set(verdict.closeCalls + verdict.undecided + verdict.fastest.prefix(1))
        }
        var chosen = Set(
            specs.indices.filter { n in
                guard eligible(n), let cell = figures[n].first else { return false }
                let scenario = cell.scenarioLabel
                return close[scenario]?.contains(cell.algorithm) == true
                    || pivots[scenario]?.contains(Pivot(algorithm: cell.algorithm, case: cell.caseKey)) == true
                    || (leaders[scenario] == cell.algorithm && pivotCases[scenario]?.contains(cell.caseKey) == true)
            })
        let byCase = Dictionary(grouping: specs.indices.filter(eligible), by: { specs[$0].caseKey })
        for n in specs.indices where eligible(n) {
            guard let cell = figures[n].first, let cpu = cell.cpu, let leader = leaders[cell.scenarioLabel],
                let rivals = byCase[specs[n].caseKey]
            else { continue }
            let times = rivals.compactMap { figures[$0].first?.cpu?.median }
            guard let fastest = times.min(), cpu.median < CellMeasurement.outOfRace * fastest,
                (cpu.ciHigh - cpu.ciLow) / 2 > unsettled * cpu.median
            else { continue }
            let others = rivals.filter { $0 != n }
            func time(_ k: Int) -> Double { figures[k].first?.cpu?.median ?? .infinity }
            let partner =
                others.first { specs[$0].algorithm == leader && leader != specs[n].algorithm }
                ?? others.min { time($0) < time($1) }
            chosen.insert(n)
            if let partner { chosen.insert(partner) }
        }
        return chosen.sorted()
    }

    /// An algorithm and a case whose cell alone decides whether it ties with the leader.
    struct Pivot: Hashable {
        var algorithm: String, `case`: CaseKey
    }
}
