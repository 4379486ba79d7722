// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics

/// One answer per differ: its speed score over every case it finished, its animation quality,
/// and how many of its cells finished, with every other outcome counted and named.
package struct DifferScore: Sendable, Equatable {
    /// The algorithm.
    package var name: String
    /// Geometric mean over cases of its time over the case's yardstick, with a 95% interval;
    /// `nil` when it finished no timed case.
    package var score: Ranking.Score?
    /// Relocations beyond the minimum per 1,000 items, averaged over its correct cases.
    package var excessPer1000: Double?
    /// Identity preserved (0 to 1), averaged over its correct cases.
    package var identityPreserved: Double?
    /// Cells that finished correct and timed, of the cells run.
    package var cellsOK: Int, cells: Int
    /// The other outcomes by status (`wrong`, `timeout`, `error`, `skipped`...), counted.
    package var outcomes: [String: Int]
    /// `reload`: the baseline, which computes no diff.
    package var isBaseline: Bool
    /// For a differ that reports its own time (`bench run --external`), the geometric mean over
    /// cases of that self-reported time over the case's yardstick (DiffBench's measured time of
    /// the fastest differ): the differ's own clock, never DiffBench's, and marked so.
    package var selfReportedScore: Ranking.Score?
    /// Whether some correct cell of it does not animate fully (``CellFigures/animatesFully``): such
    /// a differ is scored against the same yardstick but listed in a class of its own, never
    /// recommended.
    package var partial = false

    /// One score per algorithm, in order of first appearance.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    package static func scores(_ cells: [CellFigures], _ options: RankingOptions) -> [DifferScore] {
        var names: [String] = []
        for cell in cells where !names.contains(cell.algorithm) { names.append(cell.algorithm) }
        var ratios: [String: [Double]] = [:], selfRatios: [String: [Double]] = [:]
        var single: [String: (low: Double, high: Double)] = [:]
        for group in Ranking.byCase(cells) {
            guard let yard = Ranking.yardstick(group, options), let base = yard.time(options.time) else { continue }
            for cell in group where cell.correct == true {
                guard let own = cell.selfReported else { continue }
                selfRatios[cell.algorithm, default: []].append(own / max(base.median, 1e-9))
            }
            for cell in group where cell.rankable {
                guard let ratio = Ranking.ratio(cell, over: yard, options.time) else { continue }
                ratios[cell.algorithm, default: []].append(cell.algorithm == yard.algorithm ? 1 : ratio.value)
                single[cell.algorithm] = cell.algorithm == yard.algorithm ? (1, 1) : (ratio.low, ratio.high)
            }
        }
        let all = names.map { name -> DifferScore in
            let own = cells.filter { $0.algorithm == name }
            let checked = own.filter { $0.correct != nil }
            var outcomes: [String: Int] = [:]
            // An external differ's correct cell is finished: DiffBench checks it and does not time it.
            for cell in own
            where
                !(cell.rankable || (cell.isBaseline && cell.correct == true)
                || (cell.selfReported != nil && cell.correct == true && cell.status == .ok))
            {
                let unfinished = cell.status == .ok
                let status =
                    !unfinished
                    ? cell.status.rawValue
                    : cell.correct == false ? CellStatus.wrong.rawValue : "not timed"
                outcomes[status, default: 0] += 1
            }
            // Quality figures of correct changesets only: one that throws animates nothing, and is
            // counted as wrong, not as 0% of something.
            let correct = checked.filter { $0.correct == true }
            let excess = correct.compactMap { c in c.excess.map { $0 / c.itemsDiffed * 1000 } }
            let identity = correct.compactMap(\.identity)
            let values = ratios[name] ?? []
            return DifferScore(
                name: name,
                score: Ranking.geometricMean(values, single: values.count == 1 ? single[name] : nil),
                excessPer1000: excess.isEmpty ? nil : excess.reduce(0, +) / Double(excess.count),
                identityPreserved: identity.isEmpty ? nil : identity.reduce(0, +) / Double(identity.count),
                cellsOK: own.count - outcomes.values.reduce(0, +), cells: own.count, outcomes: outcomes,
                isBaseline: own.first?.isBaseline ?? false,
                selfReportedScore: Ranking.geometricMean(selfRatios[name] ?? []),
                partial: own.contains { $0.correct == true && !$0.isBaseline && !$0.animatesFully })
        }
        // The differs that animate fully first, then the others, each class in run order.
        return all.filter { !$0.partial } + all.filter(\.partial)
    }

    /// `12 of 14 (1 timeout, 1 skipped)`.
    package var finished: String {
        let rest = outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return "\(cellsOK) of \(cells)" + (rest.isEmpty ? "" : " (" + rest.joined(separator: ", ") + ")")
    }
}
