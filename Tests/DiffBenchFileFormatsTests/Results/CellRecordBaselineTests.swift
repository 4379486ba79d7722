// SPDX-License-Identifier: Apache-2.0
import Testing
import DiffBenchFileFormats
import DiffBenchStatistics

/// The baseline is known by what a differ answers, not by its name.
@Suite struct CellRecordBaselineTests {
    /// The rows of one cell: its correctness, stages and identity preserved.
    static func cell(
        _ algorithm: String, scenario: String, correct: Bool = true, stages: Double,
        identity: Double
    ) -> [ResultRow] {
        [(MetricName.correct, correct ? 1.0 : 0), (.stages, stages), (.identityPreserved, identity)].map { metric, v in
            var row = ResultRow(meta: RunMetadata())
            row.algorithm = algorithm; row.scenario = scenario; row.size = 1_000
            row.metric = metric
            row.samples = [v]
            row.summary = Summary([v])
            return row
        }
    }

    @Test func aDifferThatAlwaysAnswersReloadDataIsABaselineWhateverItsName() {
        var rows: [ResultRow] = []
        for scenario in ["mixed", "shuffle", "unchanged"] {
            // On an unchanged case a real differ answers no stage and keeps every identity.
            let staged = scenario == "unchanged" ? 0.0 : 1
            rows += Self.cell("floor", scenario: scenario, stages: 0, identity: 0)
            rows += Self.cell("heckel", scenario: scenario, stages: staged, identity: 1)
            // Falls back to reloadData on one case only: a differ, animating nothing there.
            rows += Self.cell(
                "fallback", scenario: scenario, stages: scenario == "shuffle" ? 0 : 1,
                identity: scenario == "shuffle" ? 0 : 1)
            // Wrong where it staged: only its correct cells count, and those answered reloadData.
            rows += Self.cell(
                "sloppy", scenario: scenario, correct: scenario == "mixed" ? false : true,
                stages: scenario == "mixed" ? 2 : 0, identity: 0)
        }
        rows += Self.cell("idle", scenario: "unchanged", stages: 0, identity: 1)
        #expect(CellRecord.baselines(in: CellRecord.records(rows)) == ["floor", "sloppy"])
        #expect(CellRecord.answersReloadData(correct: true, stages: 0, identity: 0))
        #expect(!CellRecord.answersReloadData(correct: false, stages: 0, identity: 0))
        #expect(!CellRecord.answersReloadData(correct: true, stages: nil, identity: 0))
    }
}
