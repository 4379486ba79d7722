// SPDX-License-Identifier: Apache-2.0
extension CellRecord {
    /// Whether a cell's changeset was `reloadData`: correct, with no batch-update stage, keeping
    /// no identity (the checker gives `reloadData` identity preserved 0, and a changeset with no
    /// stage that is not `reloadData` passes only on an unchanged case, keeping every identity).
    ///
    /// - Complexity: O(1).
    public static func answersReloadData(correct: Bool, stages: Double?, identity: Double?) -> Bool {
        correct && stages == 0 && identity == 0
    }

    /// The differs of `records` that are baselines, not diffs: every cell they answered correctly
    /// has no stage, and at least one of them is `reloadData` (``answersReloadData(correct:stages:identity:)``).
    /// DiffBench's own is `reload`; a differ of yours that always answers `reloadData` is one too.
    /// The tables print such a differ as the floor, charts leave it out, and no verdict ranks it.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    public static func baselines(in records: [CellRecord]) -> Set<String> {
        var noStages: [String: Bool] = [:], reloads: Set<String> = []
        for record in records where record.median(.correct) == 1 {
            let algorithm = record.cell.algorithm, stages = record.median(.stages)
            noStages[algorithm] = (noStages[algorithm] ?? true) && stages == 0
            if answersReloadData(correct: true, stages: stages, identity: record.median(.identityPreserved)) {
                reloads.insert(algorithm)
            }
        }
        return reloads.filter { noStages[$0] == true }
    }
}
