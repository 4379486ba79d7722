// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// Which algorithm to pick for one scenario: the set tied for fastest, the best animated, and
/// the one recommended. `reload` (no diff) is never ranked; a `wrong`, `error`, `timeout` or
/// `skipped` cell takes its algorithm out of the ranking and is listed with its reason, never
/// dropped silently.
///
/// Speed: the leader is the algorithm with the lowest geometric mean, over the scenario's cases,
/// of its time over the case's yardstick (``Ranking/yardstick(_:_:)``). Another algorithm trails
/// it (``trails(_:)``: 5% slower as a geometric mean over the cases both were timed on, beyond
/// the cells' confidence intervals), is tied with it (``tied(_:)``: the geometric mean of the
/// ratios' upper bounds is below the 5% tie floor), or neither: undecided (noisy). Only
/// algorithms correct and animating fully (``CellFigures/animatesFully``) on every case are
/// ranked; the others are listed with the reason. Animation: the fewest
/// relocations beyond the minimum per 1,000 items (a mean over the cases, never a sum across
/// sizes), then the most identity preserved. The recommendation is the best animated among those
/// tied for fastest (of several alike, the first in run order). A gap to the leader within 2% of
/// the tie floor, either side, is named in the sentence as a close call (``closeCalls(_:tied:)``).
package struct ScenarioVerdict: Sendable {
    /// The scenario with its identity kind.
    package var scenario: String
    /// The algorithms tied for fastest, leader first; empty when none is correct and timed on
    /// every case.
    package var fastest: [String]
    /// The algorithms correct on every case with the best animation figures (several when equal).
    package var bestAnimated: [String]
    /// The one to use: the best animated of those tied for fastest; `nil` when the verdict is
    /// undecided (``undecidedBetween``) or none is correct and timed on every case.
    package var recommended: String?
    /// When the leader's rivals are neither slower nor tied beyond noise: the leader and those
    /// rivals, one of which a quieter run would pick. A scenario is picked or undecided, never both.
    package var undecidedBetween: [String] = []
    /// The use column's text: the pick, `undecided: heckel or lis`, or `none`.
    package var use: String {
        recommended ?? (undecidedBetween.isEmpty ? "none" : "undecided: " + undecidedBetween.joined(separator: " or "))
    }
    /// One sentence with the reason.
    package var recommendation: String
    /// Algorithms left out of the ranking, with the reason: `("myers", "timeout at 100000")`.
    package var notRanked: [(name: String, reason: String)]
    /// The algorithms whose gap to the leader (`fastest.first`) is a close call
    /// (``Ranking/isCloseCall(_:)``): another run may put them on the other side of the tie floor.
    package var closeCalls: [String] = []
    /// The algorithms neither trailing the leader nor tied with it: their cells' intervals are
    /// too wide to decide, so the verdict hangs on noisy cells.
    package var undecided: [String] = []
    /// Each ranked algorithm's time over the leader's, as a geometric mean over the cases both
    /// were timed on (``behind(_:)``); the leader itself is absent.
    package var gaps: [String: Double] = [:]
    /// Per ranked algorithm, the cases (``CellFigures/caseKey``) that alone decide whether it
    /// trails the leader or ties with it: left out, the verdict turns (``pivotal(_:)``). One
    /// slow phase of the machine over a whole cell can make such a case; a run's second look
    /// times its cells again.
    package var pivotalCases: [String: [CaseKey]] = [:]

    /// `notRanked` as text: `myers: timeout at 100000`.
    package var problems: [String] { notRanked.map { "\($0.name): \($0.reason)" } }

    /// One verdict per scenario (with identity kind), in order of first appearance.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    package static func verdicts(
        _ cells: [CellFigures],
        _ options: RankingOptions = RankingOptions()
    ) -> [ScenarioVerdict] {
        var order: [String] = []
        var groups: [String: [CellFigures]] = [:]
        for cell in cells {
            if groups[cell.scenarioLabel] == nil { order.append(cell.scenarioLabel) }
            groups[cell.scenarioLabel, default: []].append(cell)
        }
        return order.map { verdict(scenario: $0, cells: groups[$0]!, options) }
    }

    /// Whether an algorithm trails the leader over a scenario, given its (time, leader's time)
    /// per case both were timed on: its time over the leader's, as a geometric mean over the
    /// cases, is at least ``Ranking/tieFloor``, and the geometric mean of the ratios' lower bounds
    /// (each case's low end of its interval over the leader's high end) is above 1, so that cells
    /// too noisy to tell apart stay tied. One threshold on one figure: a second
    /// condition (a vote of the cases) would be a second boundary for a verdict to flip across.
    ///
    /// - Complexity: O(*c*) for *c* cases.
    static func trails(_ pairs: [Ranking.Ratio]) -> Bool {
        guard let mean = behind(pairs), mean >= Ranking.tieFloor else { return false }
        return (Ranking.geometricMean(pairs.map(\.low))?.value ?? 0) > 1
    }

    /// Whether an algorithm is tied with the leader over a scenario: the geometric mean of its
    /// ratios' upper bounds (each case's high end of its interval over the leader's low end) is
    /// below ``Ranking/tieFloor``, so that the whole gap, noise included, lies in the tie band.
    ///
    /// - Complexity: O(*c*) for *c* cases.
    static func tied(_ pairs: [Ranking.Ratio]) -> Bool {
        (Ranking.geometricMean(pairs.map(\.high))?.value ?? .infinity) < Ranking.tieFloor
    }

    /// The cases, of an algorithm's (case, (time, leader's time)) over two or more, without
    /// which ``trails(_:)`` decides the other way.
    ///
    /// - Complexity: O(*c*²) for *c* cases.
    static func pivotal(_ cases: [(key: CaseKey, pair: Ranking.Ratio)]) -> [CaseKey] {
        guard cases.count > 1 else { return [] }
        let trailing = trails(cases.map(\.pair))
        return cases.indices.filter { left in
            trails(cases.indices.filter { $0 != left }.map { cases[$0].pair }) != trailing
        }.map { cases[$0].key }
    }

    /// An algorithm's time over the leader's, as a geometric mean over the cases both were timed
    /// on; nil without such a case.
    ///
    /// - Complexity: O(*c*) for *c* cases.
    static func behind(_ pairs: [Ranking.Ratio]) -> Double? {
        Ranking.geometricMean(pairs.map(\.value))?.value
    }

    /// What the verdict sentence adds when an algorithm's gap to the leader lies within
    /// ``Ranking/closeBand`` of the tie floor, on either side: another run may decide otherwise.
    ///
    /// - Complexity: O(*a*) for *a* algorithms.
    static func closeCalls(_ gaps: [(name: String, ratio: Double)], tied: [String], undecided: [String] = [])
        -> String
    {
        let close = gaps.filter { Ranking.isCloseCall($0.ratio) }
        guard !close.isEmpty else { return "" }
        let which = close.map { gap in
            let percent = Format.fixed((gap.ratio - 1) * 100, 1)
            let standing = tied.contains(gap.name) ? "tied" : undecided.contains(gap.name) ? "undecided" : "trails"
            return "\(gap.name) \(percent)% behind (\(standing))"
        }
        return "; a close call, near the \(Format.fixed((Ranking.tieFloor - 1) * 100, 0))% tie floor: "
            + which.joined(separator: ", ") + "; another run may decide it the other way"
    }

    /// What the verdict sentence adds for undecided algorithms: `; undecided (noisy): lis 29.2%
    /// behind, but its cells' intervals are too wide to call it slower or tied (run with --rounds 3,
    /// or on a quieter machine)`.
    ///
    /// - Complexity: O(*a*) for *a* algorithms.
    static func undecidedText(_ gaps: [(name: String, ratio: Double)], undecided: [String]) -> String {
        let which = gaps.filter { undecided.contains($0.name) }
        guard !which.isEmpty else { return "" }
        return "; undecided (noisy): "
            + which.map { "\($0.name) \(Format.fixed(($0.ratio - 1) * 100, 1))% behind" }
            .joined(separator: ", ") + ", but " + (which.count == 1 ? "its" : "their") + " cells' intervals are "
            + "too wide to call it slower or tied (run with --rounds 3, or on a quieter machine)"
    }

    /// The verdict of one scenario: who is not ranked and why, the speed contest, the best
    /// animated, the pick and its sentence.
    ///
    /// - Complexity: O(*c* log *c* + *a*²) for *c* cells and *a* algorithms.
    static func verdict(scenario: String, cells: [CellFigures], _ options: RankingOptions) -> ScenarioVerdict {
        let ranked = cells.filter { !$0.isBaseline }
        var algorithms: [String] = []
        for cell in ranked where !algorithms.contains(cell.algorithm) { algorithms.append(cell.algorithm) }
        let byAlgorithm = Dictionary(grouping: ranked, by: \.algorithm)
        let allCorrect = algorithms.filter {
            byAlgorithm[$0]!.allSatisfy { $0.correct == true && $0.animatesFully }
        }
        let allTimed = allCorrect.filter { byAlgorithm[$0]!.allSatisfy { $0.rankable && $0.time(options.time) != nil } }
        let contest = SpeedContest(cells: cells, timed: allTimed, byAlgorithm: byAlgorithm, options)
        let animation = Animation(byAlgorithm: byAlgorithm)
        let fastest = contest.fastest, undecided = contest.undecided, gaps = contest.gaps
        let first = allCorrect.min(by: animation.better)
        let bestAnimated =
            first.map { t in
                allCorrect.filter {
                    animation.excess($0) == animation.excess(t) && animation.identity($0) == animation.identity(t)
                }
            } ?? []
        // Among equally animated algorithms, the fastest speaks for them.
        let top = bestAnimated.min { (contest.speed[$0] ?? .infinity) < (contest.speed[$1] ?? .infinity) }
        // Among those tied for fastest that animate alike, the first in run order: which of them
        // leads on speed is noise, and must not decide the pick.
        let recommended = fastest.min(by: animation.better).map { pick in
            algorithms.first { fastest.contains($0) && !animation.better(pick, $0) } ?? pick
        }
        let decided = recommended == nil || undecided.isEmpty
        var verdict = ScenarioVerdict(
            scenario: scenario, fastest: fastest, bestAnimated: bestAnimated,
            recommended: decided ? recommended ?? top : nil,
            recommendation: sentence(
                pick: recommended, top: top, bestAnimated: bestAnimated, contest: contest, animation: animation),
            notRanked: notRanked(ranked, algorithms: algorithms, options))
        verdict.closeCalls = recommended == nil ? [] : gaps.filter { Ranking.isCloseCall($0.ratio) }.map(\.name)
        verdict.undecided = recommended == nil ? [] : undecided
        verdict.undecidedBetween = decided ? [] : [recommended!] + undecided
        verdict.gaps = Dictionary(gaps, uniquingKeysWith: { first, _ in first })
        verdict.pivotalCases = contest.pivotalCases
        return verdict
    }

    /// The algorithms left out of the pick, each with its reason: a cell wrong, not timed or not
    /// finished, or cells that animate nothing or reload what they could keep.
    ///
    /// - Complexity: O(*c* *a*) for *c* cells and *a* algorithms.
    static func notRanked(
        _ ranked: [CellFigures], algorithms: [String], _ options: RankingOptions
    ) -> [(name: String, reason: String)] {
        var notRanked: [(name: String, reason: String)] = []
        for cell in ranked where !(cell.rankable && cell.time(options.time) != nil) {
            let what =
                cell.correct == false
                ? CellStatus.wrong.rawValue
                : cell.status == .ok ? "not timed" : cell.status.rawValue
            // The whole reason: its end is often the advice ("use heckel or lis, which are linear").
            let whole = cell.note.replacingOccurrences(of: "\n", with: " ")
            let why = cell.status == .skipped && !whole.isEmpty ? " (\(whole))" : ""
            notRanked.append((cell.algorithm, "\(what) at \(cell.size)\(why)"))
        }
        for name in algorithms {
            let own = ranked.filter { $0.algorithm == name && $0.correct == true }
            if own.contains(where: { !$0.animates }) {
                notRanked.append((name, "animates nothing (identity preserved 0%)"))
            } else if let partial = own.first(where: { !$0.animatesFully }) {
                let kept = partial.identity.map(Format.percent) ?? "-"
                let best = partial.caseBestIdentity.map(Format.percent) ?? "-"
                notRanked.append(
                    (
                        name,
                        "reloads what it could keep (identity preserved \(kept) at \(partial.size), "
                            + "where the best differ keeps \(best)): timed, never the yardstick or the pick"
                    ))
            }
        }
        return notRanked
    }

    /// The scenario's recommendation in words: the pick and what ties it, or the noise that leaves
    /// it undecided, and what animates better at what cost.
    ///
    /// - Complexity: O(*a*²) for *a* algorithms.
    static func sentence(
        pick recommended: String?, top: String?, bestAnimated: [String], contest: SpeedContest, animation: Animation
    ) -> String {
        let fastest = contest.fastest, undecided = contest.undecided, gaps = contest.gaps
        func per1000(_ value: Double) -> String { Format.fixed(value, value < 10 ? 1 : 0) }
        var sentence: String
        if let pick = recommended, !undecided.isEmpty {
            // Picked or undecided, never both: the rivals the noise hides stand beside the leader.
            sentence =
                ([pick] + undecided).joined(separator: " or ") + ": undecided (noisy)"
                + closeCalls(gaps, tied: fastest, undecided: undecided) + undecidedText(gaps, undecided: undecided)
        } else if let pick = recommended {
            let others = fastest.filter { $0 != pick }
            if others.isEmpty {
                sentence = "\(pick): fastest beyond noise"
            } else {
                sentence = "\(pick): tied for fastest with \(others.joined(separator: ", "))"
                let worse = others.filter { animation.better(pick, $0) }
                sentence +=
                    worse.isEmpty
                    ? "; they animate it alike"
                    : "; it animates best among them (\(per1000(animation.excess(pick))) excess moves per 1,000 "
                        + "items against "
                        + worse.map { "\(per1000(animation.excess($0))) for \($0)" }.joined(separator: ", ") + ")"
            }
            if let best = top, !bestAnimated.contains(pick), let own = contest.speed[best],
                let lead = contest.speed[pick]
            {
                sentence +=
                    "; \(best) animates better (\(per1000(animation.excess(best))) against "
                    + "\(per1000(animation.excess(pick))) excess moves per 1,000 items) at "
                    + "\(Format.fixed(own / lead, 2))x the time"
            } else if let best = top, !bestAnimated.contains(pick) {
                sentence += "; \(best) animates better but is not timed on every case"
            }
            sentence +=
                closeCalls(gaps, tied: fastest, undecided: undecided)
                + undecidedText(gaps, undecided: undecided)
        } else if let best = top {
            sentence = "\(best): the best animated correct algorithm, but not timed on every case"
        } else {
            sentence = "no algorithm is correct and animates on every case"
        }
        return sentence
    }

    /// The speed contest among the algorithms that are correct, animate fully and are timed on
    /// every case: each one's score, who is fastest (the leader and those tied with it), who is
    /// undecided, how far each trails and on which cases that turns.
    struct SpeedContest {
        /// Each contender's score: the geometric mean of its time over each case's yardstick.
        var speed: [String: Double]
        /// The leader and those tied with it, fastest first.
        var fastest: [String] = []
        /// Neither behind the leader beyond noise nor tied with it.
        var undecided: [String] = []
        /// How far each contender but the leader trails it.
        var gaps: [(name: String, ratio: Double)] = []
        /// The cases on which a contender's standing turns.
        var pivotalCases: [String: [CaseKey]] = [:]

        /// The contest of the `timed` algorithms over `cells`.
        ///
        /// - Complexity: O(*c* log *c*) for *c* cells.
        init(
            cells: [CellFigures], timed allTimed: [String], byAlgorithm: [String: [CellFigures]],
            _ options: RankingOptions
        ) {
            let yardsticks = Ranking.yardstickTimes(cells, options)
            func score(_ name: String) -> Double {
                let ratios = byAlgorithm[name]!.compactMap { c in
                    c.time(options.time).flatMap { t in yardsticks[c.caseKey].map { t.median / max($0, 1e-9) } }
                }
                return Ranking.geometricMean(ratios)?.value ?? .infinity
            }
            let speed = Dictionary(uniqueKeysWithValues: allTimed.map { ($0, score($0)) })
            self.speed = speed
            guard let leader = allTimed.min(by: { speed[$0]! < speed[$1]! }) else { return }
            let lead = Dictionary(uniqueKeysWithValues: byAlgorithm[leader]!.map { ($0.caseKey, $0) })
            let keyed = Dictionary(
                uniqueKeysWithValues: allTimed.map { name in
                    (
                        name,
                        byAlgorithm[name]!.compactMap { c -> (key: CaseKey, pair: Ranking.Ratio)? in
                            guard let l = lead[c.caseKey], let ratio = Ranking.ratio(c, over: l, options.time) else {
                                return nil
                            }
                            return (c.caseKey, ratio)
                        }
                    )
                })
            let pairs = keyed.mapValues { $0.map(\.pair) }
            fastest = allTimed.filter {
                $0 == leader || (!ScenarioVerdict.trails(pairs[$0]!) && ScenarioVerdict.tied(pairs[$0]!))
            }
            undecided = allTimed.filter {
                $0 != leader && !ScenarioVerdict.trails(pairs[$0]!) && !ScenarioVerdict.tied(pairs[$0]!)
            }
            for name in allTimed where name != leader {
                let cases = ScenarioVerdict.pivotal(keyed[name]!)
                if !cases.isEmpty { pivotalCases[name] = cases }
            }
            fastest.sort { speed[$0]! < speed[$1]! }
            gaps = allTimed.compactMap { name in
                name == leader ? nil : ScenarioVerdict.behind(pairs[name]!).map { (name, $0) }
            }
        }
    }

    /// How well each algorithm animates a scenario: its excess moves per 1,000 items and the
    /// identity it keeps, averaged over its cells.
    struct Animation {
        /// The scenario's cells by algorithm.
        var byAlgorithm: [String: [CellFigures]]

        /// Mean excess moves per 1,000 items (infinite where a cell has none measured).
        ///
        /// - Complexity: O(*c*) for the algorithm's *c* cells.
        func excess(_ name: String) -> Double {
            let values = byAlgorithm[name]!.map { c in
                c.excess.map { $0 / c.itemsDiffed * 1000 }
                    ?? .infinity
            }
            return values.reduce(0, +) / Double(values.count)
        }

        /// Mean identity preserved.
        ///
        /// - Complexity: O(*c*) for the algorithm's *c* cells.
        func identity(_ name: String) -> Double {
            let values = byAlgorithm[name]!.map { $0.identity ?? 0 }
            return values.reduce(0, +) / Double(values.count)
        }

        /// Whether `a` animates better than `b`: fewer excess moves, then more identity kept.
        ///
        /// - Complexity: O(*c*) for the two algorithms' *c* cells.
        func better(_ a: String, _ b: String) -> Bool {
            if excess(a) != excess(b) { return excess(a) < excess(b) }
            return identity(a) > identity(b)
        }
    }
}
