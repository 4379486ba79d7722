// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchFormat
/// Whether a run was too noisy to trust small differences, in one sentence for the reader.
///
/// A run is noisy when the diffing thread had to wait for a core (its wall time more than 1.1
/// times its CPU time) on more than a few cells, when the 1-minute load average exceeded the
/// number of cores when any cell started, or when more than a few timed cells (a baseline's
/// aside) have a 95% CI of the median wider than ±10%; "a few" is 5% of the cells, and at least 3. A quiet run gets no
/// sentence. The wall-to-CPU ratio answers at once, where the load average lags by a minute:
/// measured with two busy loops on a 2-core machine, the quick suite's median ratio was 1.66
/// (25 of 32 cells above 1.1), against 1.00 on a quiet run (0 of 32; 3 of 230 in the default
/// suite).
package enum RunNoise {
    /// The CI half-width, as a share of the median, above which a cell counts as noisy.
    package static let ciBound = 0.10
    /// Wall time over CPU time above which the diffing thread is taken to have waited for a core.
    package static let waitBound = 1.10

    /// The warning for `cells` measured on `cores` cores, or `nil` for a quiet run.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    package static func warning(_ cells: [CellFigures], cores: Int, time: TimeMetric) -> String? {
        // A baseline's cells are never ranked, and their 10 ns call in 1 ms batches spreads by
        // 10-16% over 6 samples: counted, they called every default run noisy (39 of 318 cells).
        let timed = cells.filter { !$0.isBaseline }.compactMap { $0.time(time) }.filter { $0.median > 0 }
        let wide = timed.filter { ($0.ciHigh - $0.ciLow) / 2 / $0.median > ciBound }.count
        let loads = cells.compactMap(\.loadAverage)
        let busy = cores > 0 ? loads.filter { $0 > Double(cores) }.count : 0
        let tooWide = few(wide, of: timed.count)
        let waits = cells.filter { !$0.isBaseline }.compactMap { c -> Double? in
            guard let wall = c.wall?.median, let cpu = c.cpu?.median, cpu > 0 else { return nil }
            return wall / cpu
        }.sorted()
        let waited = waits.filter { $0 > waitBound }.count
        let contended = few(waited, of: waits.count)
        guard busy > 0 || tooWide || contended else { return nil }
        var reasons: [String] = []
        if contended {
            reasons.append(
                "on \(waited) of \(waits.count) cells the diffing thread waited for a core (wall time "
                    + "\(Format.fixed(Summary.percentile(waits, 0.5), 2))x its CPU time at the median)")
        }
        if busy > 0, let peak = loads.max() {
            reasons.append(
                "the load average reached \(Format.fixed(peak, 1)) on \(cores) cores "
                    + "(above the core count at \(busy) of \(cells.count) cells)")
        }
        if tooWide {
            reasons.append("\(wide) of \(timed.count) timed cells have a 95% CI wider than ±\(Int(ciBound * 100))%")
        }
        // Advice that fits the run: more rounds than it had, not the ones it already used.
        let rounds = cells.map(\.rounds).max() ?? 1
        return "Noisy run: " + reasons.joined(separator: "; ")
            + ". Small differences are not to be trusted: rerun on a quieter machine, or with --rounds "
            + "\(max(3, rounds + 2))."
    }

    /// More than 5% of `total`, and at least 3.
    static func few(_ count: Int, of total: Int) -> Bool { count >= 3 && Double(count) > 0.05 * Double(total) }
}
