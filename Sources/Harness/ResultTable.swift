/// The table `bench run` and `bench merge` print: per case (scenario, size, sections, seed,
/// ids), each algorithm's median wall time per diff, the half-width of its 95% CI in percent,
/// its ratio to the fastest diffing algorithm of the case (`reload` excluded), relocations
/// against the minimum, identity preserved, and the verdict.
///
/// It reads result rows, so a table of merged shards computes "x fastest" over every
/// algorithm of a case. A figure that was not measured prints `-`, never 0; a cell stopped
/// before its first sample shows how long it ran (`> 9.9 s`).
public enum ResultTable {
    /// One cell's figures, gathered from its rows.
    struct Cell {
        var first: ResultRow
        var figures: [String: ResultRow] = [:]

        func median(_ metric: String) -> Double? {
            guard let row = figures[metric], !row.samples.isEmpty else { return nil }
            return row.summary.median
        }
        var status: String { figures["wall_ns"]?.status ?? first.status }
    }

    public static func render(_ rows: [ResultRow], markdown: Bool) -> String {
        let header = ["scenario", "size", "sections", "algorithm", "median", "±CI", "x fastest", "relocations (min)",
                      "identity", "verdict"]
        var cells: [String: Cell] = [:], cellOrder: [String] = []
        for row in rows {
            if cells[row.cell] == nil { cells[row.cell] = Cell(first: row); cellOrder.append(row.cell) }
            cells[row.cell]!.figures[row.metric] = row
        }
        var groups: [String: [Cell]] = [:], order: [String] = []
        for key in cellOrder {
            let cell = cells[key]!, r = cell.first
            let group = "\(r.scenario)|\(r.size)|\(r.sections)|\(r.seed)|\(r.ids)"
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(cell)
        }
        var lines: [[String]] = []
        for key in order {
            let group = groups[key]!
            // `reload` does no work, so the ratio is to the fastest algorithm that computes a diff.
            let fastest = group.filter { $0.first.algorithm != "reload" && $0.status != "wrong" }
                .compactMap { $0.median("wall_ns") }.filter { $0 > 0 }.min()
            for cell in group { lines.append(line(cell, fastest: fastest)) }
        }
        if markdown {
            return (["| " + header.joined(separator: " | ") + " |", "|" + header.map { _ in "---" }.joined(separator: "|") + "|"]
                    + lines.map { "| " + $0.joined(separator: " | ") + " |" }).joined(separator: "\n")
        }
        let widths = header.indices.map { c in ([header] + lines).map { $0[c].count }.max()! }
        func pad(_ row: [String]) -> String {
            row.enumerated().map { c, text in
                let fill = String(repeating: " ", count: widths[c] - text.count)
                return (1...2).contains(c) || (4...7).contains(c) ? fill + text : text + fill
            }.joined(separator: "  ")
        }
        return ([pad(header)] + lines.map(pad)).joined(separator: "\n")
    }

    static func line(_ cell: Cell, fastest: Double?) -> [String] {
        let r = cell.first
        let wall = cell.figures["wall_ns"].flatMap { $0.samples.isEmpty ? nil : $0.summary }
        var median = "-", spread = "-", ratio = "-"
        if let wall {
            median = Format.nanoseconds(wall.median)
            if wall.median > 0 { spread = "±" + Format.fixed((wall.ciHigh - wall.ciLow) / 2 / wall.median * 100, 1) + "%" }
            if let fastest { ratio = Format.fixed(wall.median / fastest, 2) }
        } else if let ran = cell.median("cell_wall_ns"), cell.status == "timeout" {
            median = "> " + Format.nanoseconds(ran)
        }
        let relocations = cell.median("relocations").map { String(Int($0)) } ?? "-"
        let minimum = cell.median("minimum_relocations").map { String(Int($0)) } ?? "-"
        let identity = cell.median("identity_preserved").map(Format.percent) ?? "-"
        return [r.scenario + (r.ids == "int" ? "" : " (\(r.ids) ids)"), String(r.size), String(r.sections), r.algorithm,
                median, spread, ratio, "\(relocations) (\(minimum))", identity, cell.status]
    }
}
