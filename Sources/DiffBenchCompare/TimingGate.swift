// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat

/// How `bench compare` judges a timing row (CPU time per diff). README: Compare and gate.
///
/// This project's machines drift in speed by up to 1.5x in phases of about a second, and a
/// busy neighbour slows every cell of a run. So:
/// - **Paired runs** (`bench run --paired-with`: base and new measured alternately, cell by
///   cell, round by round, so both see the same phases): each round gives a ratio of the two
///   sides' fastest samples; a cell regresses when the median of those ratios is at least
///   1 + threshold, at least three rounds in four are slower, and the ratio of the two sides'
///   fastest samples over all rounds is at least 1 + threshold too. (Measured here: pair ratios of
///   an unchanged binary scatter by about 7%, so with 8 rounds the median of an unchanged cell
///   reaches 1.10 about once in a thousand cells.)
/// - **Unpaired runs**: the ratio of the minimums, divided by the run-wide drift (the median
///   ratio over all timed cells: a load that slows the whole run is not a regression; see
///   ``driftRule`` for when the differs disagree, and why one differ alone gets none), must be
///   at least 1 + threshold times the noise floor (the larger of the spread of the cell's
///   per-round minimums on either side and exp(3 sigma) of all cells' ratios, each over its
///   differ's median ratio),
///   the raw ratio at least 1 + threshold, and a two-sided Mann-Whitney U test must give
///   p < 0.01. On a quiet machine the floor is near 1; on a noisy one unpaired runs only catch
///   large changes, and the gate says so rather than crying wolf.
struct TimingGate {
    var threshold: Double
    /// The median ratio of the minimums over all timed cells of the comparison (1 if few).
    var drift = 1.0
    /// How far a cell's ratio strays by chance between two unpaired runs: exp(3 sigma) of the log
    /// ratios over all timed cells, each taken from its differ's median ratio (sigma from their
    /// MAD), so that a differ that moved as a whole counts as a change, not as spread.
    var crossCellFloor = 1.0
    /// Per differ, the median ratio of its timed cells (unpaired, 3 or more cells).
    var differDrifts: [String: Double] = [:]
    /// How the drift was taken, in a sentence for the report, when it is not the plain median.
    var driftNote = ""

    /// How the run-wide drift is taken from unpaired cells, so that one differ's slowdown is never
    /// taken for the machine's:
    /// - the differs moved alike (their median ratios within 1 + threshold of each other): the
    ///   median ratio over all cells, as a machine that slowed down moves every differ;
    /// - they did not: the ratio of the differ that moved least, which the machine's drift cannot
    ///   exceed; the others are judged against it, so a differ that slowed beyond the rest
    ///   regresses, and the note names it;
    /// - one differ only (or too few cells): no correction, since nothing tells its change from
    ///   the machine's; a paired run (`run-bench.sh --against`) is the way to gate it.
    static let driftRule = "per differ; the least-moved differ when they disagree; none for one differ"

    /// Under a microsecond the loop and clock overhead is the measurement (`reload`): a cell whose
    /// two sides both time less is not gated, and no drift or growth fit reads such a time.
    static let floorNs = 1_000.0

    /// Whether both sides of a timed cell are under ``floorNs`` (then it is not gated).
    static func belowFloor(_ b: ResultRow, _ n: ResultRow) -> Bool {
        b.summary.min < floorNs && n.summary.min < floorNs
    }

    /// The smallest number of timed cells from which a run-wide drift is estimated.
    static let cellsForDrift = 8

    init(threshold: Double, pairs: [(ResultRow, ResultRow)]) {
        self.threshold = threshold
        let ratios = pairs.compactMap { b, n -> Double? in
            guard !TimingGate.paired(b, n), b.summary.min >= TimingGate.floorNs,
                n.summary.min >= TimingGate.floorNs
            else { return nil }
            return n.summary.min / b.summary.min
        }.sorted()
        if ratios.count >= TimingGate.cellsForDrift {
            drift = Summary.percentile(ratios, 0.5)
            var byDiffer: [String: [Double]] = [:]
            for (b, n) in pairs
            where !TimingGate.paired(b, n) && b.summary.min >= TimingGate.floorNs
                && n.summary.min >= TimingGate.floorNs
            {
                byDiffer[n.algorithm, default: []].append(n.summary.min / b.summary.min)
            }
            differDrifts = byDiffer.filter { $0.value.count >= 3 }.mapValues { Summary.percentile($0.sorted(), 0.5) }
            let limit = 1 + threshold
            if differDrifts.count < 2 {
                driftNote =
                    "one differ: its change cannot be told from the machine's, so no drift is taken out "
                    + "(median ratio \(Format.fixed(drift, 3)))"
                drift = 1
            } else if let low = differDrifts.min(by: { $0.value < $1.value }),
                let high = differDrifts.values.max(), high / low.value > limit
            {
                drift = low.value
                let beyond = differDrifts.filter { $0.value / low.value > limit }.sorted { $0.key < $1.key }
                    .map { "\($0.key) \(Format.fixed($0.value, 2))x" }.joined(separator: ", ")
                driftNote =
                    "the differs moved differently: the drift is taken from \(low.key), which moved "
                    + "least (\(Format.fixed(low.value, 2))x); beyond it: \(beyond)"
            }
            // Each cell's stray from its own differ's median ratio: a differ that moved as a whole
            // is a change, not noise (taken from the run-wide drift, half the cells 3x slower
            // would raise the floor past 11 and pass every one of them).
            var deviations: [Double] = []
            for (b, n) in pairs
            where !TimingGate.paired(b, n) && b.summary.min >= TimingGate.floorNs
                && n.summary.min >= TimingGate.floorNs
            {
                let center = differDrifts[n.algorithm] ?? drift
                deviations.append(abs(Foundation.log(n.summary.min / b.summary.min / max(center, 1e-9))))
            }
            deviations.sort()
            crossCellFloor = Foundation.exp(3 * 1.4826 * Summary.percentile(deviations, 0.5))
        }
    }

    /// The fewest rounds from which per-round ratios are judged; fewer are judged as unpaired.
    static let pairedRounds = 5

    /// Whether the two rows come from one paired run with enough rounds to judge round by round.
    static func paired(_ b: ResultRow, _ n: ResultRow) -> Bool {
        !b.meta.pairedWith.isEmpty && b.meta.pairedWith == n.meta.runID && b.rounds == n.rounds
            && b.rounds >= pairedRounds
    }

    /// The fastest sample of each round, when the samples divide evenly into rounds.
    static func roundMinimums(_ row: ResultRow) -> [Double]? {
        guard row.rounds > 1, row.samples.count % row.rounds == 0 else { return nil }
        let size = row.samples.count / row.rounds
        return (0..<row.rounds).map { row.samples[($0 * size)..<(($0 + 1) * size)].min()! }
    }

    /// The verdict, the ratio it rests on, the p-value if one was computed, and a note.
    func judge(_ b: ResultRow, _ n: ResultRow) -> (Comparison.Verdict, Double, Double?, String) {
        let limit = 1 + threshold
        if TimingGate.paired(b, n), let bm = TimingGate.roundMinimums(b), let nm = TimingGate.roundMinimums(n) {
            let ratios = zip(bm, nm).map { $1 / $0 }.sorted()
            let median = Summary.percentile(ratios, 0.5)
            let note =
                "paired, \(ratios.count) rounds: "
                + "\(Format.fixed(ratios.first!, 3))...\(Format.fixed(ratios.last!, 3))"
            let slower = ratios.filter { $0 > 1 }.count, faster = ratios.filter { $0 < 1 }.count
            // The fastest sample of all rounds must agree: a burst of noise that happened to hit
            // one side in most rounds leaves the overall best of the two sides close.
            let best = n.summary.min / b.summary.min
            if median >= limit && best >= limit && 4 * slower >= 3 * ratios.count {
                return (.regression, median, nil, note)
            }
            if median <= 1 / limit && best <= 1 / limit && 4 * faster >= 3 * ratios.count {
                return (.improvement, median, nil, note)
            }
            return (.unchanged, median, nil, note)
        }
        let raw = n.summary.min / b.summary.min
        let normalized = raw / drift
        let floor = max(TimingGate.spread(b), TimingGate.spread(n), crossCellFloor)
        let p = MannWhitney.test(b.samples, n.samples).p
        let note =
            (drift == 1 ? "" : "run-wide drift \(Format.fixed(drift, 3)); ")
            + (floor > 1 ? "noise floor \(Format.fixed(floor, 3))" : "")
        if p < 0.01 && raw >= limit && normalized >= limit * floor { return (.regression, normalized, p, note) }
        if p < 0.01 && raw <= 1 / limit && normalized <= 1 / (limit * floor) {
            return (.improvement, normalized, p, note)
        }
        return (.unchanged, normalized, p, note)
    }

    /// How far apart a row's per-round minimums are (1 for a single round).
    static func spread(_ row: ResultRow) -> Double {
        guard let minimums = roundMinimums(row), let low = minimums.min(), low > 0 else { return 1 }
        return minimums.max()! / low
    }
}
