import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics

/// One answer per differ: its speed score over every case it finished, its animation quality,
/// and how many of its cells finished, with every other outcome counted and named.
public struct DifferScore: Sendable, Equatable {
    /// The algorithm.
    public var name: String
    /// Geometric mean over cases of its time over the case's yardstick, with a 95% interval;
    /// `nil` when it finished no timed case.
    public var score: Ranking.Score?
    /// Relocations beyond the minimum per 1,000 items, averaged over its checked cases.
    public var excessPer1000: Double?
    /// Identity preserved (0 to 1), averaged over its checked cases.
    public var identityPreserved: Double?
    /// Cells that finished correct and timed, of the cells run.
    public var cellsOK: Int, cells: Int
    /// The other outcomes by status (`wrong`, `timeout`, `error`, `skipped`...), counted.
    public var outcomes: [String: Int]
    /// `reload`: the baseline, which computes no diff.
    public var isBaseline: Bool

    /// One score per algorithm, in order of first appearance.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    public static func scores(_ cells: [CellFigures], _ options: RankingOptions) -> [DifferScore] {
        var names: [String] = []
        for cell in cells where !names.contains(cell.algorithm) { names.append(cell.algorithm) }
        var ratios: [String: [Double]] = [:]
        var single: [String: (low: Double, high: Double)] = [:]
        for group in Ranking.byCase(cells) {
            guard let yard = Ranking.yardstick(group, options), let base = yard.time(options.time) else { continue }
            for cell in group where cell.rankable {
                guard let t = cell.time(options.time) else { continue }
                ratios[cell.algorithm, default: []].append(t.median / max(base.median, 1e-9))
                single[cell.algorithm] = cell.algorithm == yard.algorithm
                    ? (1, 1) : Ranking.ratioInterval(t, base)
            }
        }
        return names.map { name in
            let own = cells.filter { $0.algorithm == name }
            let checked = own.filter { $0.correct != nil }
            var outcomes: [String: Int] = [:]
            for cell in own where !(cell.rankable || (cell.isBaseline && cell.correct == true)) {
                let unfinished = cell.status == "ok" || cell.status.isEmpty
                let status = unfinished ? (cell.correct == false ? "wrong" : "not timed") : cell.status
                outcomes[status, default: 0] += 1
            }
            let excess = checked.compactMap { c in c.excess.map { $0 / c.itemsDiffed * 1000 } }
            let identity = checked.compactMap(\.identity)
            let values = ratios[name] ?? []
            return DifferScore(
                name: name,
                score: Ranking.geometricMean(values, single: values.count == 1 ? single[name] : nil),
                excessPer1000: excess.isEmpty ? nil : excess.reduce(0, +) / Double(excess.count),
                identityPreserved: identity.isEmpty ? nil : identity.reduce(0, +) / Double(identity.count),
                cellsOK: own.count - outcomes.values.reduce(0, +), cells: own.count, outcomes: outcomes,
                isBaseline: own.first?.isBaseline ?? false)
        }
    }

    /// `12 of 14 (1 timeout, 1 skipped)`.
    public var finished: String {
        let rest = outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return "\(cellsOK) of \(cells)" + (rest.isEmpty ? "" : " (" + rest.joined(separator: ", ") + ")")
    }

    /// The per-differ table: one line per algorithm, as plain text or Markdown.
    ///
    /// - Complexity: O(*a*) for *a* algorithms.
    public static func render(_ scores: [DifferScore], _ options: RankingOptions, markdown: Bool) -> String {
        let against = options.reference.map { "x \($0)" } ?? "x fastest"
        let header = ["algorithm", "score (\(options.time.rawValue) \(against), 95% CI)", "excess moves / 1k items",
                      "identity", "cells finished"]
        let lines: [[String]] = scores.map { s in
            let score = s.isBaseline ? "no diff (reloadData)" : s.score?.text ?? "-"
            return [s.name, score, s.excessPer1000.map { Format.fixed($0, 1) } ?? "-",
                    s.identityPreserved.map(Format.percent) ?? "-", s.finished]
        }
        return TextTable.render(header: header, lines: lines, rightAligned: [2, 3], markdown: markdown)
    }
}

extension DifferScore {
    /// One sentence naming the differ to use overall: among the differs finishing every cell
    /// that are tied for speed with the leader (the lowest score), the one with the fewest excess
    /// moves per 1,000 items, then the lowest score. Tied means what it means in a scenario's
    /// verdict: not trailing the leader (``ScenarioVerdict/trails(_:)``: 5% slower as a geometric
    /// mean over the cases both finished, beyond the cells' intervals). The score's interval is
    /// not the test: it spans the spread between cases, and over two cases it reaches from 0 to
    /// millions, which once called a differ 50x slower than the leader tied with it. `nil` when
    /// no differ finished every cell.
    ///
    /// - Complexity: O(*a* · *c*) for *a* algorithms and *c* cells.
    public static func overall(_ scores: [DifferScore], _ cells: [CellFigures], _ options: RankingOptions) -> String? {
        let complete = scores.filter { !$0.isBaseline && $0.cellsOK == $0.cells && $0.score != nil
            && ($0.identityPreserved ?? 0) > 0 }
        guard let leader = complete.min(by: { $0.score!.value < $1.score!.value }) else { return nil }
        var times: [String: [String: Summary]] = [:]
        for cell in cells where cell.rankable {
            if let t = cell.time(options.time) { times[cell.algorithm, default: [:]][cell.caseKey] = t }
        }
        let lead = times[leader.name] ?? [:]
        func trails(_ name: String) -> Bool {
            let own = times[name] ?? [:]
            let pairs = own.keys.sorted().compactMap { key in lead[key].map { (time: own[key]!, leader: $0) } }
            return ScenarioVerdict.trails(pairs)
        }
        let tied = complete.filter { $0.name == leader.name || !trails($0.name) }
        let pick = tied.min { ($0.excessPer1000 ?? .infinity, $0.score!.value) < ($1.excessPer1000 ?? .infinity,
            $1.score!.value) }!
        func describe(_ s: DifferScore) -> String {
            "score \(s.score!.text), \(Format.fixed(s.excessPer1000 ?? 0, 1)) excess moves per 1,000 items"
        }
        let others = tied.filter { $0.name != pick.name }
        if others.isEmpty { return "Overall: \(pick.name), fastest beyond noise (\(describe(pick)))." }
        return "Overall: \(pick.name) (\(describe(pick))); tied for speed with "
            + others.map { "\($0.name) (\(describe($0)))" }.joined(separator: ", ")
            + ", it animates " + (others.allSatisfy { ($0.excessPer1000 ?? 0) == (pick.excessPer1000
                ?? 0) } ? "alike." : "best.")
    }
}
