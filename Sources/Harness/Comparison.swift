/// `bench compare`: joins two sets of results on (algorithm, scenario, size, sections, seed, ids,
/// metric) and gates: CPU time regresses when the ratio of the minimums is >= 1 + threshold and
/// a two-sided Mann-Whitney U test gives p < 0.01 (wall time is reported, not gated); exact metrics regress on any change in the bad
/// direction (instructions and allocated bytes beyond 1%, peak RSS beyond 25%); a `wrong` cell wins over everything.
public struct Comparison: Sendable {
    public enum Verdict: String, Sendable { case wrong, regression, improvement, unchanged, missing, skipped }

    public struct Entry: Sendable {
        public var base: ResultRow?
        public var new: ResultRow?
        public var ratio: Double?
        public var p: Double?
        public var verdict: Verdict
        public var note: String
    }

    /// Which metrics take part.
    public enum Scope: String, Sendable { case all, exact, timing }

    public var entries: [Entry] = []
    /// The run-wide drift of CPU time (NEW over BASE, median over the timed cells; 1 when paired
    /// or too few cells). Far from 1, the two runs saw different machine conditions.
    public var drift = 1.0

    /// 0 pass, 2 regression, 3 wrong.
    public var exitCode: ExitCode {
        if entries.contains(where: { $0.verdict == .wrong }) { return .wrong }
        if entries.contains(where: { $0.verdict == .regression }) { return .regression }
        return .pass
    }

    /// Exact metrics compare exactly except: instructions within 1% (DESIGN); allocated bytes
    /// within 1%, because identical runs drift by up to ~0.3% (measured with three quick-suite
    /// runs; the allocation counts themselves repeat exactly); peak RSS within 25% (process-wide).
    static let tolerance: [String: Double] = ["instructions": 0.01, "allocated_bytes": 0.01, "peak_rss_bytes": 0.25]

    /// Timing metrics left out of the gate: wall time counts the time another process held the
    /// core, so a busy machine would fail a run that is no slower.
    public static let ungated: Set<String> = ["wall_ns"]

    public static func compare(base: [ResultRow], new: [ResultRow], threshold: Double, scope: Scope = .all,
                               allowMissing: Bool = false) throws(CommandError) -> Comparison {
        let baseCorpus = Set(base.map(\.meta.corpusID)), newCorpus = Set(new.map(\.meta.corpusID))
        guard baseCorpus == newCorpus else {
            throw CommandError(.notComparable, "not comparable: corpus_id \(baseCorpus.sorted().joined(separator: ",")) vs \(newCorpus.sorted().joined(separator: ","))")
        }
        let inScope = { (row: ResultRow) in
            (scope == .all || row.kind == scope.rawValue) && !ResultRow.informational.contains(row.metric)
                && !Comparison.ungated.contains(row.metric)
        }
        let pooledBase = pool(base.filter(inScope)), pooledNew = pool(new.filter(inScope))
        let onlyBase = pooledBase.keys.filter { pooledNew[$0] == nil }, onlyNew = pooledNew.keys.filter { pooledBase[$0] == nil }
        if !allowMissing && !(onlyBase.isEmpty && onlyNew.isEmpty) {
            let example = (onlyBase.sorted().first.map { "only in BASE: \($0)" } ?? onlyNew.sorted().first.map { "only in NEW: \($0)" })!
            throw CommandError(.notComparable, "not comparable: \(onlyBase.count + onlyNew.count) rows are on one side only (\(example)); --allow-missing lists them instead")
        }
        var result = Comparison()
        let timed = pooledBase.compactMap { key, b in pooledNew[key].flatMap { n in b.kind == "timing" ? (b, n) : nil } }
        let gate = TimingGate(threshold: threshold, pairs: timed)
        result.drift = gate.drift
        for key in Set(pooledBase.keys).union(pooledNew.keys).sorted() {
            let b = pooledBase[key], n = pooledNew[key]
            guard let b, let n else {
                result.entries.append(Entry(base: b, new: n, verdict: n?.status == "wrong" ? .wrong : .missing, note: b == nil ? "only in NEW" : "only in BASE"))
                continue
            }
            result.entries.append(judge(b, n, threshold: threshold, gate: gate))
        }
        return result
    }

    /// Rows of the same key from several files are one row with all their samples.
    static func pool(_ rows: [ResultRow]) -> [String: ResultRow] {
        Dictionary(uniqueKeysWithValues: ResultPool.pool(rows).map { ($0.key, $0) })
    }

    static func judge(_ b: ResultRow, _ n: ResultRow, threshold: Double, gate: TimingGate? = nil) -> Entry {
        if n.status == "wrong" { return Entry(base: b, new: n, verdict: .wrong, note: n.note) }
        if n.status == "timeout" && b.status != "timeout" { return Entry(base: b, new: n, verdict: .regression, note: "timeout: \(n.note)") }
        guard !b.samples.isEmpty && !n.samples.isEmpty && b.status != "unavailable" && n.status != "unavailable" else {
            return Entry(base: b, new: n, verdict: .skipped, note: "no values (\(b.status) / \(n.status))")
        }
        let bm = b.summary.median, nm = n.summary.median
        let ratio = bm == 0 ? (nm == 0 ? 1 : .infinity) : nm / bm
        let higherIsBetter = n.direction == "higher"
        if n.kind == "timing" {
            guard b.samples.count >= 3 && n.samples.count >= 3 else {
                return Entry(base: b, new: n, ratio: ratio, verdict: .skipped, note: "fewer than 3 samples")
            }
            // Under a microsecond the loop and clock overhead is the measurement (`reload`).
            if b.summary.min < 1_000 && n.summary.min < 1_000 {
                return Entry(base: b, new: n, ratio: ratio, verdict: .unchanged, note: "below the 1 µs timing floor: not gated")
            }
            let (verdict, value, p, note) = (gate ?? TimingGate(threshold: threshold, pairs: [])).judge(b, n)
            return Entry(base: b, new: n, ratio: value, p: p, verdict: verdict, note: note)
        }
        if n.metric == "instructions" && counter(b) != counter(n) {
            return Entry(base: b, new: n, ratio: ratio, verdict: .skipped,
                         note: "counted by \(counter(b)) and by \(counter(n)): not comparable")
        }
        let slack = tolerance[n.metric] ?? 0
        let worse = higherIsBetter ? nm < bm * (1 - slack) : nm > bm * (1 + slack)
        let better = higherIsBetter ? nm > bm * (1 + slack) : nm < bm * (1 - slack)
        if worse && n.metric == "correct" { return Entry(base: b, new: n, ratio: ratio, verdict: .wrong, note: n.note) }
        return Entry(base: b, new: n, ratio: ratio, verdict: worse ? .regression : better ? .improvement : .unchanged, note: "")
    }

    /// The counter named at the start of an instructions row's note (`callgrind, 4 diffs`).
    static func counter(_ row: ResultRow) -> String {
        String(row.note.prefix { $0 != "," && $0 != ";" })
    }

    /// The comparison CSV: one line per joined row.
    public func csv() -> String {
        var text = "algorithm,scenario,size,sections,seed,ids,metric,kind,base_median,new_median,ratio,p_value,verdict,note\r\n"
        for e in entries {
            let row = e.new ?? e.base!
            let fields = [row.algorithm, row.scenario, String(row.size), String(row.sections), String(row.seed), row.ids, row.metric, row.kind,
                          e.base.map { ResultsCSV.number($0.summary.median) } ?? "", e.new.map { ResultsCSV.number($0.summary.median) } ?? "",
                          e.ratio.map { String($0) } ?? "", e.p.map { String($0) } ?? "", e.verdict.rawValue, e.note]
            text += fields.map(ResultsCSV.quote).joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// A Markdown summary for CI job pages: every non-unchanged entry, then the counts.
    public func markdown() -> String {
        var lines = ["| verdict | algorithm | scenario | size | metric | base | new | ratio | p |", "|---|---|---|---|---|---|---|---|---|"]
        for e in entries where e.verdict != .unchanged && e.verdict != .skipped {
            let row = e.new ?? e.base!
            lines.append("| \(e.verdict.rawValue) | \(row.algorithm) | \(row.scenario)\(row.ids == "int" ? "" : " (\(row.ids) ids)") | \(row.size) | \(row.metric) | \(e.base.map { Comparison.show($0) } ?? "-") | \(e.new.map { Comparison.show($0) } ?? "-") | \(e.ratio.map { Format.fixed($0, 3) } ?? "-") | \(e.p.map { Format.fixed($0, 4) } ?? "-") |")
        }
        lines.append("")
        lines.append(summaryLine)
        return lines.joined(separator: "\n")
    }

    public var summaryLine: String {
        let counts = Dictionary(grouping: entries, by: \.verdict).mapValues(\.count)
        return "compare: \(entries.count) rows: \(counts[.wrong] ?? 0) wrong, \(counts[.regression] ?? 0) regressions, \(counts[.improvement] ?? 0) improvements, \(counts[.unchanged] ?? 0) unchanged, \(counts[.skipped] ?? 0) skipped, \(counts[.missing] ?? 0) missing"
    }

    static func show(_ row: ResultRow) -> String {
        row.unit == "ns" ? Format.nanoseconds(row.summary.median) : ResultsCSV.number(row.summary.median)
    }
}
