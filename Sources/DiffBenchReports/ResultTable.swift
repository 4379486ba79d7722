// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchFormat
/// The table `bench run` and `bench merge` print, grouped by case (scenario, size, sections,
/// seed, ids) with a blank line between cases: each algorithm's median CPU time per diff (or
/// wall time, by option), the half-width of its 95% CI in percent (the noise), its ratio to the
/// case's yardstick (the fastest correct algorithm that animates fully, or a named reference),
/// relocations against the minimum, identity preserved, and the verdict. Every algorithm within
/// noise of the fastest is marked `≈ fastest` (the tie rule of `Ranking`); one alone beyond the
/// noise is `fastest`; one whose gap to the fastest lies near the tie floor, `close call`
/// (``Ranking/closeToFastest(_:_:)``).
///
/// `reload` computes no diff: it gets no line per case but one note under the table and a line
/// in the per-differ summary. A figure that was not measured prints `-`, never 0; a cell that
/// did not finish says why (`timeout: 3 samples in 4.1 s`, `skipped: unsupported input`).
/// Times in one column share one unit, named in the header.
package enum ResultTable {
    /// The table of `cells`; `markdown` for a pipe table, `colour` for ANSI colours (the caller
    /// decides: a terminal, and `NO_COLOR` unset).
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    package static func render(
        _ cells: [CellFigures], markdown: Bool, colour: Bool = false,
        options: RankingOptions = RankingOptions()
    ) -> String {
        var scenarioOrder: [String: Int] = [:]
        for cell in cells where scenarioOrder[cell.scenarioLabel] == nil {
            scenarioOrder[cell.scenarioLabel] = scenarioOrder.count
        }
        let groups = Ranking.byCase(cells).sorted { a, b in
            let x = a[0], y = b[0]
            return (scenarioOrder[x.scenarioLabel]!, x.size, x.sections, x.seed)
                < (scenarioOrder[y.scenarioLabel]!, y.size, y.sections, y.seed)
        }
        let unit = TimeUnit.fitting(
            cells.filter { !$0.isBaseline }.compactMap {
                $0.time(options.time)?.median ?? ($0.status == .timeout ? $0.cellWallNs : nil)
            })
        let against = options.reference.map { "x \($0)" } ?? "x fastest"
        let header = [
            "scenario", "size", "sections", "algorithm", "\(options.time.rawValue) (\(unit.name))", "±CI",
            against, "relocations (min)", "identity", "verdict"
        ]
        var blocks: [[(line: [String], tone: Tone)]] = []
        for group in groups {
            let yard = Ranking.yardstick(group, options)
            let tied = Ranking.tiedFastest(group, options), close = Ranking.closeToFastest(group, options)
            let undecided = Ranking.undecidedWithFastest(group, options)
            let lines = group.filter { !$0.isBaseline }.map {
                line($0, yardstick: yard, tied: tied, undecided: undecided, close: close, unit: unit, options: options)
            }
            if !lines.isEmpty { blocks.append(lines) }
        }
        if markdown {
            return TextTable.render(header: header, lines: blocks.flatMap { $0.map(\.line) }, markdown: true)
        }
        // Every cell made inert for the terminal (the colours below are the table's own).
        let shown = blocks.map { block in block.map { (line: $0.line.map { Terminal.printable($0) }, tone: $0.tone) } }
        let all = [header] + shown.flatMap { $0.map(\.line) }
        let widths = header.indices.map { c in all.map { $0[c].count }.max()! }
        func pad(_ row: [String]) -> String {
            row.enumerated().map { c, text in
                let fill = String(repeating: " ", count: widths[c] - text.count)
                return (1...2).contains(c) || (4...7).contains(c) ? fill + text : text + fill
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var out = [pad(header)]
        for (k, block) in shown.enumerated() {
            if k > 0 { out.append("") }
            for (line, tone) in block { out.append(colour ? tone.wrap(pad(line)) : pad(line)) }
        }
        return out.joined(separator: "\n")
    }

    /// What follows the table: a noise warning when the run was noisy, the per-differ summary, the
    /// note on `reload`, the rules the verdicts follow, and the run's ``Answer``.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    package static func footer(
        _ cells: [CellFigures], markdown: Bool,
        options: RankingOptions = RankingOptions()
    ) -> String {
        var out: [String] = []
        if let warning = RunNoise.warning(cells, cores: cells.first?.meta.cpuCount ?? 0, time: options.time) {
            out.append((markdown ? "**" : "") + warning + (markdown ? "**" : ""))
            out.append("")
        }
        out.append(
            markdown
                ? "Per differ:"
                : "Per differ (score: geometric mean over cases of its time over the "
                    + (options.reference ?? "case's fastest correct algorithm that animates fully") + "):")
        out.append(DifferScore.render(DifferScore.scores(cells, options), options, markdown: markdown))
        out.append("")
        let traces = TraceSteps.lines(cells, time: options.time)
        if !traces.isEmpty {
            out += traces.map { markdown && !$0.hasPrefix("  ") ? "**\($0)**" : $0 }
            out.append("")
        }
        if cells.contains(where: { $0.note.count > 60 && $0.status != .ok }) {
            out.append("A reason cut with … is whole in the CSV's note column and in `bench report`.")
        }
        var baselines: [String] = []
        for cell in cells where cell.isBaseline && !baselines.contains(cell.algorithm) {
            baselines.append(cell.algorithm)
        }
        if !baselines.isEmpty {
            let one = baselines.count == 1
            out.append(
                baselines.joined(separator: ", ")
                    + (one ? " is the baseline, not a diff" : " are baselines, not diffs")
                    + ": reloadData animates nothing (identity preserved 0%); "
                    + (one ? "it has" : "they have") + " no line per case.")
        }
        out.append(
            "≈ fastest: tied with the fastest (the 95% interval of its ratio to the fastest lies "
                + "below 1.05); undecided (noisy): neither slower beyond noise nor tied, the intervals are too "
                + "wide to tell; close call: 3-7% behind it, where one case's ratio moves from run to run, so "
                + "another run may mark it the other way. The yardstick of a case is its fastest correct "
                + "differ that animates fully (keeps every identity the case lets survive, as the best "
                + "differ of the case does). Times are "
                + (options.time == .cpu
                    ? "CPU time of the diffing thread per diff (--time wall for wall time)."
                    : "wall time per diff."))
        // The answer last, where the eye lands when the run ends (bench report says the same).
        let answer = Answer(cells, options).text
        if !answer.isEmpty {
            out.append("")
            out.append(markdown ? answer.split(separator: "\n").map { "**\($0)**" }.joined(separator: "\n\n") : answer)
        }
        return out.joined(separator: "\n")
    }

    /// How a line is coloured on a terminal.
    enum Tone {
        case plain, fastest, wrong, unfinished

        func wrap(_ text: String) -> String {
            switch self {
            case .plain: return text
            case .fastest: return "\u{1B}[32m" + text + "\u{1B}[0m"
            case .wrong: return "\u{1B}[31m" + text + "\u{1B}[0m"
            case .unfinished: return "\u{1B}[33m" + text + "\u{1B}[0m"
            }
        }
    }

    static func line(
        _ cell: CellFigures, yardstick: CellFigures?, tied: [String], undecided: [String] = [],
        close: [String], unit: TimeUnit, options: RankingOptions
    ) -> (line: [String], tone: Tone) {
        var median = "-", spread = "-", ratio = "-"
        let time = cell.time(options.time)
        if let time {
            median = unit.format(time.median)
            if time.median > 0 {
                spread = "±" + Format.fixed((time.ciHigh - time.ciLow) / 2 / time.median * 100, 1) + "%"
            }
            // As the verdicts take it: per round for cells timed side by side.
            if let yardstick, let base = yardstick.time(options.time), cell.rankable, base.median > 0,
                let over = Ranking.ratio(cell, over: yardstick, options.time)
            {
                ratio = Format.fixed(over.value, 2)
            }
        } else if let ran = cell.cellWallNs, cell.status == .timeout {
            median = "> " + unit.format(ran)
        }
        let relocations = cell.relocations.map(Format.whole) ?? "-"
        let minimum = cell.minimum.map(Format.whole) ?? "-"
        let identity = cell.identity.map(Format.percent) ?? "-"
        let isTied = tied.contains(cell.algorithm)
        var verdict: String
        switch cell.status {
        case .ok where cell.correct == true:
            verdict = "ok" + (isTied ? (tied.count == 1 && undecided.isEmpty ? ", fastest" : ", ≈ fastest") : "")
            if undecided.contains(cell.algorithm) { verdict += ", undecided (noisy)" }
            if close.contains(cell.algorithm) { verdict += ", close call" }
            if cell.keepsNothingPossible {
                verdict += " (the best possible: no identity can survive this update)"
            } else if !cell.animates {
                verdict += " (animates nothing)"
            } else if !cell.animatesFully {
                verdict += " (reloads what it could keep: not a yardstick)"
            }
        case .timeout:
            let reached = time.map { "\($0.n) sample\($0.n == 1 ? "" : "s")" } ?? "no sample"
            verdict = "timeout: \(reached) in " + (cell.cellWallNs.map(Format.nanoseconds) ?? "the budget")
        case .skipped, .error, .wrong, .unavailable:
            verdict = cell.status.rawValue + (cell.note.isEmpty ? "" : ": " + shortened(cell.note))
        case .ok:
            verdict =
                cell.correct == false
                ? CellStatus.wrong.rawValue
                    + (cell.note.isEmpty
                        ? ""
                        : ": "
                            + shortened(cell.note)) : cell.status.rawValue
        }
        if let own = cell.selfReported { verdict += " (external; self-reported \(Format.nanoseconds(own)))" }
        let tone: Tone =
            cell.correct == false || cell.status == .wrong
            ? .wrong
            : isTied ? .fastest : cell.status == .ok ? .plain : .unfinished
        return (
            [
                cell.scenarioLabel, String(cell.size), String(cell.sections), cell.algorithm, median, spread, ratio,
                "\(relocations) (\(minimum))", identity, verdict
            ], tone
        )
    }

    /// A reason cut to at most 60 characters, for a table cell (the footer says where the whole
    /// reason is: the CSV's `note` and `bench report`).
    static func shortened(_ note: String) -> String {
        var text = note.replacingOccurrences(of: "\n", with: " ")
        if text.hasPrefix("unsupported input: ") { text = String(text.dropFirst("unsupported input: ".count)) }
        return text.count <= 60 ? text : String(text.prefix(59)) + "…"
    }
}

/// One unit for a column of times: the largest in which the smallest value is at least 1.
struct TimeUnit {
    var name: String
    var scale: Double

    static func fitting(_ values: [Double]) -> TimeUnit {
        let smallest = values.filter { $0 > 0 }.min() ?? 1_000
        switch smallest {
        case ..<1_000: return TimeUnit(name: "ns", scale: 1)
        case ..<1_000_000: return TimeUnit(name: "µs", scale: 1e3)
        case ..<1_000_000_000: return TimeUnit(name: "ms", scale: 1e6)
        default: return TimeUnit(name: "s", scale: 1e9)
        }
    }

    /// `8.70`, `12.3`, `5,260`: three significant digits below 100, whole numbers above.
    func format(_ ns: Double) -> String {
        let v = ns / scale
        guard v.isFinite else { return "-" }
        if v < 10 { return Format.fixed(v, 2) }
        if v < 100 { return Format.fixed(v, 1) }
        guard v < 1e15 else { return Format.whole(v) }
        let whole = String(Int(v.rounded()))
        var out = ""
        for (k, c) in whole.reversed().enumerated() {
            if k > 0 && k % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }
}

extension String {
    /// Without the spaces at the end (a padded last column).
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
