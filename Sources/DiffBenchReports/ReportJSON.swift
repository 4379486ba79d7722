// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchVerdicts

/// The shape `diffbench-report/1` (`bench report --format json`, report.json): the per-differ
/// scores, the verdicts per scenario and, per case, each differ's figures with its ratio to the
/// case's yardstick.
struct ReportJSON: Encodable {
    let scores: [DifferScore], overall: String?, verdicts: [ScenarioVerdict], options: RankingOptions
    let cells: [CellFigures]

    /// The keys, in the shape's order.
    enum CodingKeys: String, CodingKey {
        case format, time, reference, overall, algorithms, scenarios, cases
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("diffbench-report/1", forKey: .format)
        try c.encode(options.time.rawValue, forKey: .time)
        try c.encodeIfPresent(options.reference, forKey: .reference)
        try c.encodeIfPresent(overall, forKey: .overall)
        try c.encode(scores.map(Algorithm.init), forKey: .algorithms)
        try c.encode(verdicts.map(Scenario.init), forKey: .scenarios)
        try c.encode(Ranking.byCase(cells).map { Case($0, options) }, forKey: .cases)
    }

    /// A differ's score (none for a baseline), quality and outcomes.
    struct Algorithm: Encodable {
        let name: String, score: Double?, scoreLow: Double?, scoreHigh: Double?, excessMovesPer1000: Double?
        let identityPreserved: Double?, cellsOK: Int, cells: Int, outcomes: OrderedJSONObject<Int>
        let baseline: Bool, partial: Bool

        /// The keys, in the shape's order (the order they are written in).
        enum CodingKeys: String, CodingKey {
            case name, score
            case scoreLow = "score_ci_low"
            case scoreHigh = "score_ci_high"
            case excessMovesPer1000 = "excess_moves_per_1000"
            case identityPreserved = "identity_preserved"
            case cellsOK = "cells_ok"
            case cells, outcomes, baseline, partial
        }

        init(_ s: DifferScore) {
            let score = s.isBaseline ? nil : s.score
            (name, self.score, scoreLow, scoreHigh) = (s.name, score?.value, score?.low, score?.high)
            (excessMovesPer1000, identityPreserved, cellsOK, cells) = (
                s.excessPer1000, s.identityPreserved, s.cellsOK, s.cells
            )
            outcomes = OrderedJSONObject(s.outcomes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            (baseline, partial) = (s.isBaseline, s.partial)
        }
    }

    /// A scenario's verdict: who is fastest, best animated, recommended and why, and who is not
    /// ranked, close or undecided.
    struct Scenario: Encodable {
        let scenario: String, fastest: [String], bestAnimated: [String], recommended: String?, why: String
        let notRanked: [NotRanked], closeCalls: [CloseCall], undecided: [String], undecidedBetween: [String]

        /// The keys, in the shape's order.
        enum CodingKeys: String, CodingKey {
            case scenario, fastest
            case bestAnimated = "best_animated"
            case recommended, why
            case notRanked = "not_ranked"
            case closeCalls = "close_calls"
            case undecided
            case undecidedBetween = "undecided_between"
        }

        /// A differ left out of the ranking, and why.
        struct NotRanked: Encodable {
            let name: String, reason: String
        }

        /// A differ whose gap to the leader is a close call: how far behind, and whether tied.
        struct CloseCall: Encodable {
            let name: String, behind: Double?, tied: Bool
        }

        init(_ v: ScenarioVerdict) {
            (scenario, fastest, bestAnimated, recommended, why) = (
                v.scenario, v.fastest, v.bestAnimated, v.recommended, v.recommendation
            )
            notRanked = v.notRanked.map { NotRanked(name: $0.name, reason: $0.reason) }
            closeCalls = v.closeCalls.map { name in
                CloseCall(name: name, behind: v.gaps[name].map { $0 - 1 }, tied: v.fastest.contains(name))
            }
            (undecided, undecidedBetween) = (v.undecided, v.undecidedBetween)
        }
    }

    /// Per case: its key, the yardstick and, per differ, the time (median and 95% interval), its
    /// ratio to the yardstick, status with its whole reason, and the quality figures.
    struct Case: Encodable {
        let scenario: String, ids: String, size: Int, sections: Int, seed: UInt64, itemsDiffed: Double
        let yardstick: String?, differs: [Differ]

        /// The keys, in the shape's order.
        enum CodingKeys: String, CodingKey {
            case scenario, ids, size, sections, seed
            case itemsDiffed = "items_diffed"
            case yardstick, differs
        }

        /// One differ's figures on the case.
        struct Differ: Encodable {
            let name: String, status: String, note: String, correct: Bool?, timeNs: Double?, ciLow: Double?
            let ciHigh: Double?, ratio: Double?, tiedFastest: Bool, closeCall: Bool, relocations: Double?
            let minimumRelocations: Double?, identityPreserved: Double?, stages: Double?, selfReportedNs: Double?

            /// The keys, in the shape's order.
            enum CodingKeys: String, CodingKey {
                case name, status, note, correct
                case timeNs = "time_ns"
                case ciLow = "ci_low"
                case ciHigh = "ci_high"
                case ratio
                case tiedFastest = "tied_fastest"
                case closeCall = "close_call"
                case relocations
                case minimumRelocations = "minimum_relocations"
                case identityPreserved = "identity_preserved"
                case stages
                case selfReportedNs = "self_reported_ns"
            }
        }

        init(_ group: [CellFigures], _ options: RankingOptions) {
            let first = group[0]
            (scenario, ids, size, sections, seed) = (
                first.scenario, first.ids.rawValue, first.size, first.sections, first.seed
            )
            itemsDiffed = first.itemsDiffed
            let yard = Ranking.yardstick(group, options)
            let yardTime = yard?.time(options.time)?.median
            let tied = Ranking.tiedFastest(group, options), close = Ranking.closeToFastest(group, options)
            yardstick = yard?.algorithm
            differs = group.map { c in
                let t = c.time(options.time)
                let ratio = t.flatMap { _ in
                    yard.flatMap { y in (yardTime ?? 0) > 0 ? Ranking.ratio(c, over: y, options.time)?.value : .nan }
                }
                return Differ(
                    name: c.algorithm, status: c.status.rawValue, note: c.note, correct: c.correct,
                    timeNs: t?.median, ciLow: t?.ciLow, ciHigh: t?.ciHigh, ratio: ratio,
                    tiedFastest: tied.contains(c.algorithm), closeCall: close.contains(c.algorithm),
                    relocations: c.relocations, minimumRelocations: c.minimum, identityPreserved: c.identity,
                    stages: c.stages, selfReportedNs: c.selfReported)
            }
        }
    }
}
