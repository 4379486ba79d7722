import FileFormats
import Measuring
import Reports

/// Which cells of a run get a second look: those of the leader and of every algorithm whose
/// scenario verdict is a close call (``Ranking/isCloseCall(_:)``, a gap within 2% of the 5% tie
/// floor), judged from the first look exactly as `bench report` judges the finished run.
enum CloseCalls {
    /// Indices into `specs` of the finished (`ok`) cells to look at again, in run order;
    /// `excluded` names algorithms whose cells are not timed here (external differs). Traces are
    /// left out: their samples are passes with figures per step, not pooled this way.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells (the verdicts of the run).
    static func cells(_ specs: [CellSpec], _ results: [CellResult], meta: RunMetadata,
                      options: RankingOptions, excluded: Set<String>) -> [Int] {
        let figures = specs.indices.map { n in
            CellFigures.gather(ResultRow.rows(for: specs[n], results[n], meta: meta, loadAverage: nil, rounds: 1))
        }
        var close: [String: Set<String>] = [:]
        for verdict in ScenarioVerdict.verdicts(figures.flatMap { $0 }, options) where !verdict.closeCalls.isEmpty {
            close[verdict.scenario] = Set(verdict.closeCalls + verdict.fastest.prefix(1))
        }
        return specs.indices.filter { n in
            guard results[n].status == "ok", !specs[n].isTrace, !excluded.contains(specs[n].algorithm),
                  let cell = figures[n].first else { return false }
            return close[cell.scenarioLabel]?.contains(cell.algorithm) == true
        }
    }
}
