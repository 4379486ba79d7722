// SPDX-License-Identifier: Apache-2.0
import Algorithms
import Compare
import Corpus
import DiffBenchKit
import Reports
import Statistics

// `CollisionBench --modules` names this package's own modules; anything else is the bench command
// line with DiffBench's built-in differs, from a package whose module names DiffBench once used;
// `--from-code` runs two cells from code.
if CommandLine.arguments.dropFirst().first == "--modules" {
    print(
        [AlgorithmsMarker.name, StatisticsMarker.name, CorpusMarker.name, ReportsMarker.name, CompareMarker.name]
            .joined(separator: " "))
} else if CommandLine.arguments.dropFirst().first == "--from-code" {
    // A run from code through DiffBenchKit's public API alone: a plan, a session, its rows.
    do {
        var plan = try RunPlan(
            cells: [SuiteCell(scenario: .mixed, size: 200)], algorithms: ["heckel", "lis"],
            registry: .builtIn, samples: 6, budget: 5)
        plan.secondLook = false
        var meta = RunMetadata()
        meta.runID = "from-code"
        let outcome = try RunSession(plan: plan, meta: meta).execute()
        let ok = outcome.rows.filter { $0.metric == .correct && $0.summary.median == 1 }.count
        print("from code: \(outcome.rows.count) rows, \(ok) correct cells, exit \(outcome.exit.code.rawValue)")
    } catch {
        print("from code: \(error)")
    }
} else {
    DiffBench.main(adding: [])
}
