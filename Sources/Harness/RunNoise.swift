/// Whether a run was too noisy to trust small differences, in one sentence for the reader.
///
/// A run is noisy when the 1-minute load average exceeded the number of cores when any cell
/// started, or when more than a few timed cells (over 5%, and at least 3) have a 95% CI of the
/// median wider than ±10%. A quiet run gets no sentence.
public enum RunNoise {
    /// The CI half-width, as a share of the median, above which a cell counts as noisy.
    public static let ciBound = 0.10

    /// The warning for `cells` measured on `cores` cores, or `nil` for a quiet run.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    public static func warning(_ cells: [CellFigures], cores: Int, time: TimeMetric) -> String? {
        let timed = cells.compactMap { $0.time(time) }.filter { $0.median > 0 }
        let wide = timed.filter { ($0.ciHigh - $0.ciLow) / 2 / $0.median > ciBound }.count
        let loads = cells.compactMap(\.loadAverage)
        let busy = cores > 0 ? loads.filter { $0 > Double(cores) }.count : 0
        let tooWide = wide >= 3 && Double(wide) > 0.05 * Double(timed.count)
        guard busy > 0 || tooWide else { return nil }
        var reasons: [String] = []
        if busy > 0, let peak = loads.max() {
            reasons.append("the load average reached \(Format.fixed(peak, 1)) on \(cores) cores "
                           + "(above the core count at \(busy) of \(cells.count) cells)")
        }
        if tooWide {
            reasons.append("\(wide) of \(timed.count) timed cells have a 95% CI wider than ±\(Int(ciBound * 100))%")
        }
        return "Noisy run: " + reasons.joined(separator: " and ")
            + ". Small differences are not to be trusted: rerun on a quieter machine, or with --rounds 3."
    }
}
