// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchStatistics
import DiffBenchErrors
import DiffBenchFormat

/// `bench compare`: joins two sets of results on (algorithm, scenario, size, sections, seed, ids,
/// metric) and gates: CPU time regresses when the ratio of the minimums is >= 1 + threshold and
/// a two-sided Mann-Whitney U test gives p < 0.01 (wall time is reported, not gated); exact metrics regress on any
/// change in the bad
/// direction (instructions and allocated bytes beyond 1%, peak RSS beyond 25%); a `wrong` cell wins over everything.
package struct Comparison: Sendable {
    /// `broken`: a cell that BASE measured is `error`, `timeout` or `skipped` in NEW, or has
    /// fewer timing samples than a measurement needs: NEW is not a complete measurement.
    package enum Verdict: String, Sendable { case wrong, broken, regression, improvement, unchanged, missing, skipped }

    package struct Entry: Sendable {
        package var base: ResultRow?
        package var new: ResultRow?
        package var ratio: Double?
        package var p: Double?
        package var verdict: Verdict
        package var note: String
        /// The two figures the ratio is made of (medians for exact metrics; the minimums, or
        /// the medians of the rounds' minimums when paired, for timing) and what the ratio is.
        package var baseFigure: Double? = nil, newFigure: Double? = nil
        package var ratioKind = "ratio of medians"
        /// The threshold this cell was judged at, when a thresholds file raised it above the global one.
        package var calibratedThreshold: Double? = nil
    }

    /// Which metrics take part.
    package enum Scope: String, Sendable, CaseIterable { case all, exact, timing }

    /// The timing rule in one paragraph, for reports (the help and README say the same).
    package static func timingRule(threshold: Double) -> String {
        let limit = Format.fixed(1 + threshold, 2)
        return "CPU time per diff is gated. In a paired run (both builds measured in turn, 5 rounds or more) each "
            + "round gives the ratio of the two sides' fastest samples; a cell regresses when the median of those "
            + "ratios is at least \(limit), at least three rounds in four are slower, and the ratio of the fastest "
            + "samples over all rounds is at least \(limit) too. Otherwise the ratio of the minimums, divided by the "
            + "run-wide drift, must be at least \(limit) times the cell's noise floor, the raw ratio at least "
            + "\(limit), and a Mann-Whitney U test must give p < 0.01. Exact metrics (correctness, operation counts, "
            + "allocations, instructions within 1%) regress on any change in the bad direction."
    }

    package var entries: [Entry] = []
    /// One line per cell whose timeout decided it (``settleTimeouts(_:)``): a timeout the suite
    /// expects (not compared), or a differ it does not expect to time out that newly did (a
    /// regression).
    package var cellNotes: [String] = []
    /// How each (algorithm, scenario) measured at three or more sizes on both sides grows
    /// (``ScalingChange``): an exponent that rose beyond its interval is a regression of its own.
    package var scaling: [ScalingChange] = []
    /// The run-wide drift of CPU time (NEW over BASE, median over the timed cells; 1 when paired
    /// or too few cells). Far from 1, the two runs saw different machine conditions.
    package var drift = 1.0
    /// How the drift was taken when not as the plain median (differs that moved differently, or
    /// one differ alone), in a sentence; empty otherwise.
    package var driftNote = ""

    /// Why timing was not compared (the files come from different machines or builds), if so.
    package var timingRefused: String?
    /// Why a thresholds file was not applied (it was measured on another machine), if so.
    package var thresholdsIgnored: String?
    /// That BASE and NEW hashed identities with different seeds while instruction counts are
    /// compared (probe lengths, and so counts, may then differ a little), if so.
    package var hashSeedsDiffer: String?
    /// BASE is a stored baseline (`--stale-baseline-fails`): an exact metric that improved
    /// means the baseline no longer matches the code, and the comparison is not comparable.
    package var baselineMustMatch = false

    /// The exact-metric rows that improved: a stored baseline that lags the code.
    package var staleRows: [Entry] {
        entries.filter { $0.verdict == .improvement && ($0.new ?? $0.base!).kind == .exact }
    }

    /// 0 pass, 2 regression, 3 wrong (wins), 4 a broken measurement in NEW or timing refused.
    package var outcome: GateOutcome {
        if entries.contains(where: { $0.verdict == .wrong }) { return .wrong }
        if timingRefused != nil || entries.contains(where: { $0.verdict == .broken }) { return .notComparable }
        if baselineMustMatch && !staleRows.isEmpty { return .notComparable }
        if entries.contains(where: { $0.verdict == .regression }) { return .regression }
        if scaling.contains(where: { $0.verdict == .regression }) { return .regression }
        return .pass
    }

    /// The machine and build a side's timings come from: they compare only with the same. The
    /// machine is its hardware identity (CPU model, cores, memory, OS, architecture), not a
    /// machine-id file that cloned machines share.
    package static func origin(_ rows: [ResultRow]) -> Set<String> {
        Set(rows.map { m in "\(m.meta.hardwareIdentity), \(m.meta.cpuModel), \(m.meta.buildConfig) build" })
    }

    /// Exact metrics compare exactly except: instructions within 1% (DESIGN); allocated bytes
    /// within 1%, because identical runs drift by up to ~0.3% (measured with three quick-suite
    /// runs; the allocation counts themselves repeat exactly); peak RSS within 25% (process-wide).
    static let tolerance: [MetricName: Double] = [.instructions: 0.01, .allocatedBytes: 0.01, .peakRSSBytes: 0.25]

    /// The relative slack of `row`'s metric in an exact comparison (0: none).
    ///
    /// - Complexity: O(1).
    static func tolerance(of row: ResultRow) -> Double { tolerance[row.metric] ?? 0 }

    /// Timing metrics left out of the gate: wall time counts the time another process held the
    /// core, so a busy machine would fail a run that is no slower.
    package static let ungated: Set<MetricName> = [.wallNs]

    package static func compare(
        base: [ResultRow], new: [ResultRow], threshold: Double, scope: Scope = .all,
        allowMissing: Bool = false,
        thresholds: Thresholds? = nil,
        mayBeUnavailable: Set<String> = []
    ) throws(DiffBenchError) -> Comparison {
        try checkComparable(base, new)
        let inScope = { (row: ResultRow) in
            (scope == .all || row.kind.rawValue == scope.rawValue) && !row.metric.isInformational
                && !Comparison.ungated.contains(row.metric)
        }
        let pooledBase = pool(base.filter(inScope)), pooledNew = pool(new.filter(inScope))
        let onlyBase = pooledBase.keys.filter { pooledNew[$0] == nil },
            onlyNew = pooledNew.keys.filter {
                pooledBase[$0] == nil
            }
        if !allowMissing && !(onlyBase.isEmpty && onlyNew.isEmpty) {
            let example =
                (onlyBase.sorted(by: byText).first.map { "only in BASE: \($0)" }
                ?? onlyNew.sorted(by: byText).first.map { "only in NEW: \($0)" })!
            throw DiffBenchError(
                .notComparable,
                "not comparable: \(onlyBase.count + onlyNew.count) rows are on one side only (\(example)); "
                    + "--allow-missing lists them instead"
            )
        }
        var result = Comparison()
        let thresholds = result.noteRefusals(
            base: base, new: new, pooledBase: pooledBase, scope: scope, thresholds: thresholds)
        let timed = pooledBase.compactMap { key, b in
            pooledNew[key].flatMap { n in b.kind == .timing ? (b, n) : nil }
        }
        let gate = TimingGate(threshold: threshold, pairs: timed)
        result.drift = gate.drift
        result.driftNote = gate.driftNote
        result.entries = entries(
            pooledBase, pooledNew, refused: result.timingRefused, threshold: threshold, thresholds: thresholds,
            gate: gate, mayBeUnavailable: mayBeUnavailable)
        (result.entries, result.cellNotes) = settleTimeouts(result.entries)
        let scaled = { (row: ResultRow) in
            (row.metric == .cpuNs && result.timingRefused == nil) || row.metric == .instructions
        }
        result.scaling = ScalingChange.judge(
            base: pooledBase.values.filter(scaled),
            new: pooledNew.values.filter(scaled),
            cellNoise: Foundation.log(gate.crossCellFloor) / 3)
        return result
    }

    /// Refuses two sides of different corpora, or of two different files under one cell's name.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    static func checkComparable(_ base: [ResultRow], _ new: [ResultRow]) throws(DiffBenchError) {
        let baseCorpus = Set(base.map(\.meta.corpusID)), newCorpus = Set(new.map(\.meta.corpusID))
        guard baseCorpus == newCorpus else {
            throw DiffBenchError(
                .notComparable,
                "not comparable: corpus_id \(baseCorpus.sorted().joined(separator: ",")) vs "
                    + "\(newCorpus.sorted().joined(separator: ","))"
            )
        }
        let baseFiles = try fileHashes(base, side: "BASE"), newFiles = try fileHashes(new, side: "NEW")
        for (cell, hash) in baseFiles.sorted(by: { $0.key.description < $1.key.description })
        where newFiles[cell].map({ $0 != hash }) ?? false {
            let name = cell.scenario
            throw DiffBenchError(
                .notComparable,
                "not comparable: \(name) is a file with content hash \(hash) in BASE and "
                    + "\(newFiles[cell]!) in NEW (two different files under one name)")
        }
    }

    /// Notes what the two sides' provenance refuses or warns of: timing from two machines or
    /// builds, identities hashed with two seeds, a thresholds file of another machine (then not
    /// applied: the thresholds returned are `nil`).
    ///
    /// - Complexity: O(*r*) for *r* rows.
    mutating func noteRefusals(
        base: [ResultRow], new: [ResultRow], pooledBase: [ResultRow.Key: ResultRow], scope: Scope,
        thresholds: Thresholds?
    ) -> Thresholds? {
        let (baseOrigin, newOrigin) = (Comparison.origin(base), Comparison.origin(new))
        if scope != .exact && baseOrigin != newOrigin && pooledBase.values.contains(where: { $0.kind == .timing }) {
            let (from, to) = (baseOrigin.sorted().joined(separator: "; "), newOrigin.sorted().joined(separator: "; "))
            self.timingRefused =
                "timing not compared: BASE comes from \(from) "
                + "and NEW from \(to) (timings compare only on one machine and "
                + "build; exact metrics are still compared; --metrics exact compares only those)"
        }
        let (baseSeeds, newSeeds) = (Set(base.map(\.meta.hashSeed)), Set(new.map(\.meta.hashSeed)))
        if baseSeeds != newSeeds && !baseSeeds.contains("") && !newSeeds.contains("")
            && pooledBase.values.contains(where: { $0.metric == .instructions })
        {
            self.hashSeedsDiffer =
                "BASE hashed identities with seed \(baseSeeds.sorted().joined(separator: ", ")) "
                + "and NEW with \(newSeeds.sorted().joined(separator: ", ")): instruction counts may differ by probe "
                + "lengths (bench run --hash-seed N on both repeats them exactly)"
        }
        var thresholds = thresholds
        if let measuredOn = thresholds?.machine, !newOrigin.contains(measuredOn) {
            self.thresholdsIgnored =
                "the thresholds file was measured on \(measuredOn), NEW comes from "
                + "\(newOrigin.sorted().joined(separator: "; ")): its per-cell thresholds are not applied here "
                + "(run-bench.sh --calibrate N measures this machine's)"
            thresholds = nil
        }
        return thresholds
    }

    /// Each row key's entry: missing on one side, skipped (timing refused), or judged against its
    /// threshold (a calibrated one when the thresholds file has it).
    ///
    /// - Complexity: O(*k* log *k*) for *k* keys.
    static func entries(
        _ pooledBase: [ResultRow.Key: ResultRow], _ pooledNew: [ResultRow.Key: ResultRow], refused: String?,
        threshold: Double, thresholds: Thresholds?, gate: TimingGate, mayBeUnavailable: Set<String>
    ) -> [Entry] {
        var entries: [Entry] = []
        for key in Set(pooledBase.keys).union(pooledNew.keys).sorted(by: byText) {
            let b = pooledBase[key], n = pooledNew[key]
            guard let b, let n else {
                entries.append(
                    Entry(
                        base: b,
                        new: n,
                        verdict: n?.status == .wrong ? .wrong : .missing,
                        note: b == nil ? "only in NEW" : "only in BASE"
                    ))
                continue
            }
            if let refused, b.kind == .timing {
                entries.append(Entry(base: b, new: n, verdict: .skipped, note: refused))
                continue
            }
            let own = thresholds?.threshold(cell: n.cell, metric: n.metric).map { max($0, threshold) } ?? threshold
            var cellGate = gate
            cellGate.threshold = own
            var entry = judge(b, n, threshold: own, gate: cellGate, mayBeUnavailable: mayBeUnavailable)
            if own != threshold && n.kind == .timing {
                entry.calibratedThreshold = own
                entry.note = ([entry.note, "threshold \(Format.fixed(own * 100, 1))% (calibrated)"])
                    .filter { !$0.isEmpty }.joined(separator: "; ")
            }
            entries.append(entry)
        }
        return entries
    }

    /// Judges each cell that timed out as one, not metric by metric: a cell one side measured and
    /// the other timed out on was sixteen broken rows (exit 4, "not comparable"), even for a
    /// differ its suite expects to time out (`stdlib` in the default suite, which finishes on one
    /// run and not on the next on a busy machine).
    ///
    /// - A timeout on either side that the suite expects (its note: ``CellStatus/expectedTimeout``):
    ///   every row of the cell is skipped, "expected by the suite: not compared"; one note.
    /// - A cell measured in BASE that times out in NEW, for a differ the suite does not expect
    ///   to time out: a regression on one row (CPU time, else the first), the others skipped;
    ///   one note. A timeout is a slowdown, not a broken measurement.
    /// - A wrong cell is left as judged (wrong wins); so is anything else, `error` and the other
    ///   broken rows included.
    ///
    /// - Complexity: O(*e*) for *e* entries.
    static func settleTimeouts(_ entries: [Entry]) -> (entries: [Entry], notes: [String]) {
        var entries = entries, notes: [String] = []
        var cells: [CellKey: [Int]] = [:], order: [CellKey] = []
        for (k, e) in entries.enumerated() where e.base != nil && e.new != nil {
            if cells[e.new!.cell] == nil { order.append(e.new!.cell) }
            cells[e.new!.cell, default: []].append(k)
        }
        for cell in order {
            let rows = cells[cell]!
            guard !rows.contains(where: { entries[$0].verdict == .wrong }) else { continue }
            // The cell's own status and note: its CPU time row's, else its first row's.
            let lead = rows.first { entries[$0].new!.metric == .cpuNs } ?? rows[0]
            let base = entries[lead].base!, new = entries[lead].new!
            let label =
                "\(cell.algorithm) \(cell.scenarioLabel) n=\(cell.size) sections=\(cell.sections) seed=\(cell.seed)"
            let expected = [base, new].contains {
                $0.status == .timeout && $0.note.contains(CellStatus.expectedTimeout)
            }
            if expected {
                let side = new.status == .timeout ? (base.status == .timeout ? "both" : "NEW") : "BASE"
                for k in rows {
                    entries[k].verdict = .skipped
                    entries[k].note = "timeout in \(side), expected by the suite: not compared"
                }
                notes.append("\(label): timeout in \(side), expected by the suite (expect-timeouts): not compared")
            } else if base.status == .ok && new.status == .timeout {
                let why = new.note.isEmpty ? "" : " (\(new.note))"
                for k in rows {
                    entries[k].verdict = k == lead ? .regression : .skipped
                    entries[k].ratio = nil
                    entries[k].note =
                        k == lead
                        ? "newly times out: ok in BASE, timeout in NEW\(why)"
                        : "timed out in NEW (the regression is on \(entries[lead].new!.metric))"
                }
                notes.append(
                    "\(label): newly times out (ok in BASE, timeout in NEW\(why)): a regression; a differ expected "
                        + "to time out belongs in the suite's expect-timeouts")
            }
        }
        return (entries, notes)
    }

    /// The content hash of every cell of a case or trace file on one side; two hashes for one
    /// cell (files pooled from runs of different data) are refused.
    package static func fileHashes(_ rows: [ResultRow], side: String) throws(DiffBenchError) -> [CellKey: String] {
        var hashes: [CellKey: String] = [:]
        for row in rows where !row.caseHash.isEmpty {
            if let known = hashes[row.cell], known != row.caseHash {
                throw DiffBenchError(
                    .notComparable,
                    "not comparable: \(row.scenario) has content hash \(known) and "
                        + "\(row.caseHash) within \(side) (results of two different files under one name)")
            }
            hashes[row.cell] = row.caseHash
        }
        return hashes
    }

    /// Rows of the same key from several files are one row with all their samples.
    static func pool(_ rows: [ResultRow]) -> [ResultRow.Key: ResultRow] {
        Dictionary(uniqueKeysWithValues: ResultPool.pool(rows).map { ($0.key, $0) })
    }

    static func judge(
        _ b: ResultRow, _ n: ResultRow, threshold: Double, gate: TimingGate? = nil,
        mayBeUnavailable: Set<String> = []
    ) -> Entry {
        if n.status == .wrong { return Entry(base: b, new: n, verdict: .wrong, note: n.note) }
        // A cell BASE measured must be measured in NEW: an error, timeout or skip is no pass.
        if b.status == .ok && [.error, .timeout, .skipped].contains(n.status) {
            let why = n.note.isEmpty ? "" : ": \(n.note)"
            return Entry(base: b, new: n, verdict: .broken, note: "ok in BASE, \(n.status.rawValue) in NEW\(why)")
        }
        if n.kind == .timing && b.status == .ok && b.samples.count >= 3 && n.samples.count < 3 {
            return Entry(
                base: b, new: n, verdict: .broken,
                note: "\(n.samples.count) sample\(n.samples.count == 1 ? "" : "s") in NEW, "
                    + "fewer than the 3 a timing needs")
        }
        // A figure BASE measured must be measured in NEW: `unavailable` (or no value) is no pass.
        if !b.samples.isEmpty && b.status != .unavailable && (n.samples.isEmpty || n.status == .unavailable)
            && !mayBeUnavailable.contains(n.metric.rawValue)
        {
            let why = n.note.isEmpty ? "" : ": \(n.note)"
            return Entry(base: b, new: n, verdict: .broken, note: "measured in BASE, \(n.status.rawValue) in NEW\(why)")
        }
        guard !b.samples.isEmpty && !n.samples.isEmpty && b.status != .unavailable && n.status != .unavailable else {
            let note = "no values (\(b.status.rawValue) / \(n.status.rawValue))"
            return Entry(base: b, new: n, verdict: .skipped, note: note)
        }
        let bm = b.summary.median, nm = n.summary.median
        let ratio = bm == 0 ? (nm == 0 ? 1 : .infinity) : nm / bm
        let higherIsBetter = n.direction == .higher
        if n.kind == .timing {
            guard b.samples.count >= 3 && n.samples.count >= 3 else {
                return Entry(base: b, new: n, ratio: ratio, verdict: .skipped, note: "fewer than 3 samples")
            }
            // Under a microsecond the loop and clock overhead is the measurement (`reload`): not gated.
            if TimingGate.belowFloor(b, n) {
                return Entry(
                    base: b,
                    new: n,
                    ratio: ratio,
                    verdict: .unchanged,
                    note: "below the 1 µs timing floor: not gated"
                )
            }
            let gate = gate ?? TimingGate(threshold: threshold, pairs: [])
            let (verdict, value, p, note) = gate.judge(b, n)
            var entry = Entry(base: b, new: n, ratio: value, p: p, verdict: verdict, note: note)
            if TimingGate.paired(b, n), let bm = TimingGate.roundMinimums(b), let nm = TimingGate.roundMinimums(n) {
                entry.baseFigure = Summary(bm).median
                entry.newFigure = Summary(nm).median
                entry.ratioKind = "median of per-round ratios of minimums"
            } else {
                entry.baseFigure = b.summary.min
                entry.newFigure = n.summary.min
                entry.ratioKind = gate.drift == 1 ? "ratio of minimums" : "ratio of minimums / run-wide drift"
            }
            return entry
        }
        if n.metric == .instructions && counter(b) != counter(n) {
            return Entry(
                base: b, new: n, ratio: ratio, verdict: .skipped,
                note: "counted by \(counter(b)) and by \(counter(n)): not comparable")
        }
        let slack = tolerance(of: n)
        let worse = higherIsBetter ? nm < bm * (1 - slack) : nm > bm * (1 + slack)
        let better = higherIsBetter ? nm > bm * (1 + slack) : nm < bm * (1 - slack)
        if worse && n.metric == .correct {
            return Entry(base: b, new: n, ratio: ratio, verdict: .wrong, note: n.note)
        }
        return Entry(
            base: b, new: n, ratio: ratio, verdict: worse ? .regression : better ? .improvement : .unchanged,
            note: "",
            baseFigure: bm, newFigure: nm)
    }

    /// Keys in the order of their text (`heckel|mixed|1000|...`), as comparisons list them.
    static func byText(_ a: ResultRow.Key, _ b: ResultRow.Key) -> Bool { a.description < b.description }

    /// The counter named at the start of an instructions row's note (`callgrind, 4 diffs`).
    static func counter(_ row: ResultRow) -> String {
        String(row.note.prefix { $0 != "," && $0 != ";" })
    }

    /// The comparison CSV: one line per joined row (``ComparisonRow``), then one per growth fit.
    package func csv() -> String {
        var text = ComparisonRow.columns.joined(separator: ",") + "\r\n"
        for e in entries {
            text += ComparisonRow(e).csvFields.map(ResultsCSV.quote).joined(separator: ",") + "\r\n"
        }
        // A growth fit: the size column names the sizes, the figures are the two exponents.
        for c in scaling {
            let fields = [
                c.algorithm, c.scenario, c.sizes.map(String.init).joined(separator: ";"), "", String(c.seed),
                c.ids.rawValue, c.metric.rawValue + "_exponent", "scaling", Format.fixed(c.baseExponent, 4),
                Format.fixed(c.newExponent, 4), "", "", c.verdict.rawValue, c.description,
                Format.fixed(c.baseExponent, 4), Format.fixed(c.newExponent, 4), ""
            ]
            text += fields.map(ResultsCSV.quote).joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// A Markdown summary for CI job pages: every non-unchanged entry, then the counts.
    package func markdown() -> String {
        var lines = [
            "| verdict | algorithm | scenario | size | metric | base | new | ratio | ratio is | p | note |",
            "|---|---|---|---|---|---|---|---|---|---|---|"
        ]
        for e in entries where e.verdict != .unchanged && e.verdict != .skipped {
            lines.append("| " + ComparisonRow(e).markdownCells.joined(separator: " | ") + " |")
        }
        lines.append("")
        if !scaling.isEmpty {
            lines.append("Growth with size (exponent k of t = c n^k, fitted over three or more sizes):")
            lines.append("")
            for c in scaling { lines.append("- \(c.verdict.rawValue): \(c.description)") }
            lines.append("")
        }
        if let refused = timingRefused { lines.append("**\(refused)**"); lines.append("") }
        if !cellNotes.isEmpty {
            lines.append("Timeouts, one line per cell:")
            lines.append("")
            lines += cellNotes.map { "- " + $0 }
            lines.append("")
        }
        let movement = perDiffer
        if !movement.isEmpty {
            lines.append("How each differ moved (NEW over BASE, every compared cell, whatever its verdict):")
            lines.append("")
            lines += movement.map { "- " + $0 }
            lines.append("")
        }
        lines.append(summaryLine)
        return lines.joined(separator: "\n")
    }

    /// Per differ and metric, how its cells moved: the geometric mean of their ratios, the range,
    /// and the cell that moved most; shown even when no cell crossed a threshold, so that a
    /// comparison always shows the movement. Timing ratios are after drift, as judged.
    ///
    /// - Complexity: O(*e* log *e*) for *e* entries.
    package var perDiffer: [String] {
        struct Group: Hashable {
            var algorithm: String, metric: MetricName
            /// Groups list in the order of `algorithm|metric` as text.
            var order: String { algorithm + "|" + metric.rawValue }
        }
        var groups: [Group: [Entry]] = [:]
        for e in entries where e.ratio != nil && e.ratio! > 0 && e.ratio!.isFinite {
            guard let row = e.new ?? e.base, [.cpuNs, .instructions].contains(row.metric) else { continue }
            groups[Group(algorithm: row.algorithm, metric: row.metric), default: []].append(e)
        }
        return groups.keys.sorted { $0.order < $1.order }.map { key in
            let list = groups[key]!
            let ratios = list.map { $0.ratio! }
            let mean = Foundation.exp(ratios.map { Foundation.log($0) }.reduce(0, +) / Double(ratios.count))
            let most = list.max { abs(Foundation.log($0.ratio!)) < abs(Foundation.log($1.ratio!)) }!
            let row = most.new ?? most.base!
            return "\(key.algorithm) \(key.metric): \(Format.fixed(mean, 3)) geometric mean over \(ratios.count) cells "
                + "(\(Format.fixed(ratios.min()!, 3))-\(Format.fixed(ratios.max()!, 3))); moved most: "
                + "\(row.cell.scenarioLabel) \(row.size) "
                + "\(Format.fixed(most.ratio!, 3)) (\(most.verdict.rawValue))"
        }
    }

    package var summaryLine: String {
        let counts = Dictionary(grouping: entries, by: \.verdict).mapValues(\.count)
        let parts: [(Verdict, String)] = [
            (.wrong, "wrong"), (.broken, "broken"), (.regression, "regressions"),
            (.improvement, "improvements"), (.unchanged, "unchanged"),
            (.skipped, "not measured on both sides"), (.missing, "missing")
        ]
        let grown = scaling.filter { $0.verdict == .regression }.count
        let shrunk = scaling.filter { $0.verdict == .improvement }.count
        return "compare: \(entries.count) rows: "
            + parts.map { "\(counts[$0.0] ?? 0) \($0.1)" }.joined(separator: ", ")
            + (scaling.isEmpty ? "" : "; \(scaling.count) growth fits: \(grown) steeper, \(shrunk) flatter")
    }

    /// A figure in its metric's unit: times readable, counts and bytes as whole numbers.
    package static func show(_ value: Double, _ metric: MetricName) -> String {
        switch metric.unit {
        case .ns: return Format.nanoseconds(value)
        case .count, .bytes: return Format.whole(value)
        default: return ResultsCSV.number(value)
        }
    }
}
