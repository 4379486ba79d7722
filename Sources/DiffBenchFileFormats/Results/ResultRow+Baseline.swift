// SPDX-License-Identifier: Apache-2.0
extension ResultRow {
    /// Whether a cell's changeset was `reloadData`: correct, with no batch-update stage, keeping
    /// no identity (the checker gives `reloadData` identity preserved 0, and a changeset with no
    /// stage that is not `reloadData` passes only on an unchanged case, keeping every identity).
    ///
    /// - Complexity: O(1).
    public static func answersReloadData(correct: Bool, stages: Double?, identity: Double?) -> Bool {
        correct && stages == 0 && identity == 0
    }

    /// The differs of `rows` that are baselines, not diffs: every cell they answered correctly
    /// has no stage, and at least one of them is `reloadData` (``answersReloadData(correct:stages:identity:)``).
    /// DiffBench's own is `reload`; a differ of yours that always answers `reloadData` is one too.
    /// The tables print such a differ as the floor, charts leave it out, and no verdict ranks it.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    public static func baselines(in rows: [ResultRow]) -> Set<String> {
        var cells: [String: (algorithm: String, correct: Bool?, stages: Double?, identity: Double?)] = [:]
        for row in rows where !row.samples.isEmpty {
            let value = row.summary.median
            switch row.metricName {
            case .correct?: cells[row.cell, default: (row.algorithm, nil, nil, nil)].correct = value == 1
            case .stages?: cells[row.cell, default: (row.algorithm, nil, nil, nil)].stages = value
            case .identityPreserved?: cells[row.cell, default: (row.algorithm, nil, nil, nil)].identity = value
            default: continue
            }
        }
        var noStages: [String: Bool] = [:], reloads: Set<String> = []
        for cell in cells.values where cell.correct == true {
            noStages[cell.algorithm] = (noStages[cell.algorithm] ?? true) && cell.stages == 0
            if answersReloadData(correct: true, stages: cell.stages, identity: cell.identity) {
                reloads.insert(cell.algorithm)
            }
        }
        return reloads.filter { noStages[$0] == true }
    }
}
