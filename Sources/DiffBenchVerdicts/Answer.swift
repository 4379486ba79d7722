// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// The answer a run gives: the differ to use overall, the differ to use per scenario, and how
/// much faster the leading differ ran than the next, in one line as hyperfine puts it. `bench run`
/// prints it under the table and `bench report` opens with it, from the same rule.
///
/// The overall rule cannot contradict the scenario verdicts: the overall pick is the differ
/// recommended (``ScenarioVerdict/recommended``) in the most scenarios, ties broken by the lower
/// score. The runner-up is named with its count, and called a close call when its time is within
/// ``Ranking/tieFloor`` times ``Ranking/closeBand`` (7%) of the pick's as a geometric mean over
/// the cases both finished, or when it is the pick in as many scenarios less one.
package struct Answer: Sendable {
    /// The overall sentence; nil when no scenario has a recommendation.
    package var overall: String?
    /// Per scenario, the differ to use (nil: undecided, or none is correct and timed on every case).
    package var perScenario: [(scenario: String, use: String?)]
    /// Per undecided scenario, the differs it is undecided between.
    package var undecidedBetween: [String: [String]] = [:]
    /// `heckel ran 1.05 ± 0.02 times faster than lis (CPU time, geometric mean over 64 cases)`;
    /// nil with fewer than two fully animating differs that share a case.
    package var faster: String?
    /// The scenarios whose verdict is undecided (noisy) for some differ.
    package var undecided: [String]

    /// The answer for `cells`.
    ///
    /// - Complexity: O(*c* log *c* + *a* · *c*) for *c* cells and *a* algorithms.
    package init(_ cells: [CellFigures], _ options: RankingOptions) {
        let verdicts = ScenarioVerdict.verdicts(cells, options)
        let scores = DifferScore.scores(cells, options)
        self.init(verdicts: verdicts, scores: scores, cells: cells, options)
    }

    /// The answer from verdicts and scores already drawn from `cells`.
    ///
    /// - Complexity: O(*a* · *c*) for *a* algorithms and *c* cells.
    package init(verdicts: [ScenarioVerdict], scores: [DifferScore], cells: [CellFigures], _ options: RankingOptions) {
        perScenario = verdicts.map { ($0.scenario, $0.recommended) }
        undecided = verdicts.filter { !$0.undecidedBetween.isEmpty }.map(\.scenario)
        for verdict in verdicts where !verdict.undecidedBetween.isEmpty {
            undecidedBetween[verdict.scenario] = verdict.undecidedBetween
        }
        var picks: [String: Int] = [:]
        for verdict in verdicts { if let use = verdict.recommended { picks[use, default: 0] += 1 } }
        let score = Dictionary(
            scores.compactMap { s in s.score.map { (s.name, $0.value) } },
            uniquingKeysWith: { first, _ in first })
        let ranked = picks.keys.sorted {
            (picks[$0]!, -(score[$0] ?? .infinity), $1) > (picks[$1]!, -(score[$1] ?? .infinity), $0)
        }
        let times = Answer.times(cells, options)
        if let pick = ranked.first {
            let decided = verdicts.filter { $0.recommended != nil }.count
            var sentence = "Overall: \(pick), the pick in \(picks[pick]!) of \(decided) scenarios"
            if let s = scores.first(where: { $0.name == pick })?.score {
                sentence += " (score \(s.text))"
            }
            if ranked.count > 1 {
                let next = ranked[1]
                sentence += "; \(next) in \(picks[next]!)"
                let gap = Answer.ratio(times[next] ?? [:], over: times[pick] ?? [:], options)?.value
                if let gap {
                    let percent = Format.fixed(abs(gap - 1) * 100, 1)
                    let how = "\(percent)% " + (gap >= 1 ? "slower" : "faster") + " over the cases both finished"
                    // A close call is what the legend says: a gap within the close band of the tie floor.
                    sentence +=
                        Ranking.isCloseCall(gap)
                        ? ", a close call (\(how)): another run may decide some scenarios the other way"
                        : " (\(how))"
                }
                let rest = ranked.dropFirst(2).map { "\($0) in \(picks[$0]!)" }
                if !rest.isEmpty { sentence += "; " + rest.joined(separator: ", ") }
            }
            sentence += "."
            if !undecided.isEmpty {
                sentence +=
                    " Undecided (noisy), so no pick, in \(undecided.count) "
                    + "scenario\(undecided.count == 1 ? "" : "s"): " + undecided.joined(separator: ", ") + "."
            }
            overall = sentence
        }
        // The two fastest differs by score among those that animate fully on every cell they ran.
        let full = Set(cells.filter { !$0.isBaseline }.map(\.algorithm)).filter { name in
            cells.filter { $0.algorithm == name && $0.correct == true }.allSatisfy(\.animatesFully)
        }
        let leaders = scores.filter { full.contains($0.name) && $0.score != nil }
            .sorted { $0.score!.value < $1.score!.value }
        if leaders.count >= 2,
            let r = Answer.ratio(times[leaders[1].name] ?? [:], over: times[leaders[0].name] ?? [:], options)
        {
            // One case has no spread, and two have no interval (the score's "no interval"): no ±.
            let plusMinus = r.count > 1 ? r.halfWidth.map { " ± " + Format.fixed($0, 2) } ?? "" : ""
            let metric = options.time == .cpu ? "CPU time" : "wall time"
            faster =
                "\(leaders[0].name) ran \(Format.fixed(r.value, 2))\(plusMinus) times faster than "
                + "\(leaders[1].name) (\(metric), geometric mean over \(r.count) case\(r.count == 1 ? "" : "s"))"
        }
    }

    /// Each algorithm's cell per case, for the cells that finished correct and timed.
    static func times(_ cells: [CellFigures], _ options: RankingOptions) -> [String: [CaseKey: CellFigures]] {
        var times: [String: [CaseKey: CellFigures]] = [:]
        for cell in cells where cell.rankable && cell.time(options.time) != nil {
            times[cell.algorithm, default: [:]][cell.caseKey] = cell
        }
        return times
    }

    /// The geometric mean of `a`'s times over `b`'s, over the cases both have, with its interval:
    /// each case's ratio as the verdicts take it (``Ranking/ratio(_:over:_:)``: per-round for cells
    /// timed side by side).
    static func ratio(
        _ a: [CaseKey: CellFigures], over b: [CaseKey: CellFigures],
        _ options: RankingOptions
    ) -> Ranking.Score? {
        let ratios = a.keys.sorted { $0.description < $1.description }.compactMap { key in
            b[key].flatMap { Ranking.ratio(a[key]!, over: $0, options.time)?.value }
        }
        return Ranking.geometricMean(ratios)
    }

    /// The block `bench run` prints under the table.
    ///
    /// - Complexity: O(*s*) for *s* scenarios.
    package var text: String {
        var lines: [String] = []
        if let overall { lines.append(overall) }
        if let faster { lines.append(faster) }
        var groups: [String: [String]] = [:], order: [String] = []
        for (scenario, use) in perScenario {
            let between = undecidedBetween[scenario].map {
                "undecided (noisy) between " + $0.joined(separator: " and ")
            }
            let key = use ?? between ?? "none"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(scenario)
        }
        let uses = order.map { "\($0): " + groups[$0]!.joined(separator: ", ") }
        if !uses.isEmpty { lines.append("Use per scenario: " + uses.joined(separator: "; ") + ".") }
        return lines.joined(separator: "\n")
    }
}
