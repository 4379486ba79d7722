/// The table `bench run` and `bench merge` print, grouped by case (scenario, size, sections,
/// seed, ids) with a blank line between cases: each algorithm's median wall time per diff, the
/// half-width of its 95% CI in percent (the noise), its ratio to the fastest correct algorithm
/// of the case, relocations against the minimum, identity preserved, and the verdict, where the
/// fastest correct algorithm is marked.
///
/// `reload` computes no diff: it is shown once per case as the baseline it is (UIKit redraws
/// every visible cell), not timed as a differ. It reads result rows, so a table of merged shards
/// computes ratios over every algorithm of a case. A figure that was not measured prints `-`,
/// never 0; a cell stopped before its first sample shows how long it ran (`> 9.9 s`).
public enum ResultTable {
    /// The table of `rows`; `markdown` for a pipe table, `colour` for ANSI colours (the caller
    /// decides: a terminal, and `NO_COLOR` unset).
    ///
    /// - Complexity: O(*r* log *r*) for *r* rows.
    public static func render(_ rows: [ResultRow], markdown: Bool, colour: Bool = false) -> String {
        let header = ["scenario", "size", "sections", "algorithm", "median", "±CI", "x fastest", "relocations (min)",
                      "identity", "verdict"]
        let cells = CellFigures.gather(rows)
        var scenarioOrder: [String: Int] = [:]
        var groups: [String: [CellFigures]] = [:], order: [String] = []
        for cell in cells {
            if scenarioOrder[cell.scenarioLabel] == nil { scenarioOrder[cell.scenarioLabel] = scenarioOrder.count }
            if groups[cell.caseKey] == nil { order.append(cell.caseKey) }
            groups[cell.caseKey, default: []].append(cell)
        }
        order.sort { a, b in
            let x = groups[a]![0], y = groups[b]![0]
            return (scenarioOrder[x.scenarioLabel]!, x.size, x.sections, x.seed) < (scenarioOrder[y.scenarioLabel]!, y.size, y.sections, y.seed)
        }
        var blocks: [[(line: [String], tone: Tone)]] = []
        for key in order {
            let group = groups[key]!
            let fastest = group.filter(\.rankable).min { $0.wall!.median < $1.wall!.median }
            blocks.append(group.map { line($0, fastest: fastest) })
        }
        if markdown {
            let lines = blocks.flatMap { $0 }.map { "| " + $0.line.joined(separator: " | ") + " |" }
            return (["| " + header.joined(separator: " | ") + " |", "|" + header.map { _ in "---" }.joined(separator: "|") + "|"]
                    + lines).joined(separator: "\n")
        }
        let all = [header] + blocks.flatMap { $0.map(\.line) }
        let widths = header.indices.map { c in all.map { $0[c].count }.max()! }
        func pad(_ row: [String]) -> String {
            row.enumerated().map { c, text in
                let fill = String(repeating: " ", count: widths[c] - text.count)
                return (1...2).contains(c) || (4...7).contains(c) ? fill + text : text + fill
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var out = [pad(header)]
        for (k, block) in blocks.enumerated() {
            if k > 0 { out.append("") }
            for (line, tone) in block { out.append(colour ? tone.wrap(pad(line)) : pad(line)) }
        }
        return out.joined(separator: "\n")
    }

    /// How a line is coloured on a terminal.
    enum Tone {
        case plain, fastest, wrong, unfinished, baseline

        func wrap(_ text: String) -> String {
            switch self {
            case .plain: return text
            case .fastest: return "\u{1B}[32m" + text + "\u{1B}[0m"
            case .wrong: return "\u{1B}[31m" + text + "\u{1B}[0m"
            case .unfinished: return "\u{1B}[33m" + text + "\u{1B}[0m"
            case .baseline: return "\u{1B}[2m" + text + "\u{1B}[0m"
            }
        }
    }

    static func line(_ cell: CellFigures, fastest: CellFigures?) -> (line: [String], tone: Tone) {
        let scenario = cell.scenarioLabel
        if cell.isBaseline {
            return ([scenario, String(cell.size), String(cell.sections), cell.algorithm, "no diff", "-", "-", "-",
                     cell.identity.map(Format.percent) ?? "-", "baseline (reloadData)"], .baseline)
        }
        var median = "-", spread = "-", ratio = "-"
        if let wall = cell.wall {
            median = Format.nanoseconds(wall.median)
            if wall.median > 0 { spread = "±" + Format.fixed((wall.ciHigh - wall.ciLow) / 2 / wall.median * 100, 1) + "%" }
            if let fastest, cell.correct == true { ratio = Format.fixed(wall.median / fastest.wall!.median, 2) }
        } else if let ran = cell.cellWallNs, cell.status == "timeout" {
            median = "> " + Format.nanoseconds(ran)
        }
        let relocations = cell.relocations.map { String(Int($0)) } ?? "-"
        let minimum = cell.minimum.map { String(Int($0)) } ?? "-"
        let identity = cell.identity.map(Format.percent) ?? "-"
        let isFastest = fastest.map { $0.algorithm == cell.algorithm } ?? false
        var verdict = cell.status + (isFastest ? ", fastest" : "")
        if let own = cell.selfReported { verdict += " (external; self-reported \(Format.nanoseconds(own)))" }
        let tone: Tone = cell.correct == false || cell.status == "wrong" ? .wrong
            : isFastest ? .fastest : cell.status == "ok" ? .plain : .unfinished
        return ([scenario, String(cell.size), String(cell.sections), cell.algorithm, median, spread, ratio,
                 "\(relocations) (\(minimum))", identity, verdict], tone)
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
