/// The table `bench run` prints: per scenario and size, each algorithm's median, its ratio to
/// the fastest diffing algorithm (`reload` excluded), moves against the minimum, identity
/// preserved, and the verdict.
public enum ResultTable {
    public struct Line: Sendable {
        public var spec: CellSpec
        public var result: CellResult
        public init(spec: CellSpec, result: CellResult) { self.spec = spec; self.result = result }
    }

    public static func render(_ lines: [Line], markdown: Bool) -> String {
        let header = ["scenario", "size", "sections", "algorithm", "median", "x fastest", "moves (min)", "identity", "verdict"]
        var rows: [[String]] = []
        var groups: [String: [Line]] = [:], order: [String] = []
        for line in lines {
            let key = "\(line.spec.scenario)|\(line.spec.size)|\(line.spec.sections)|\(line.spec.seed)|\(line.spec.ids)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(line)
        }
        for key in order {
            let group = groups[key]!
            let medians = group.map { Summary($0.result.wallNs).median }
            // `reload` does no work, so the ratio is to the fastest algorithm that computes a diff.
            let working = zip(group, medians).filter { $0.0.spec.algorithm != "reload" && $0.1 > 0 }.map(\.1)
            let fastest = working.min() ?? medians.filter { $0 > 0 }.min() ?? 0
            for (line, median) in zip(group, medians) {
                let r = line.result, s = line.spec
                let measured = !r.wallNs.isEmpty
                rows.append([s.scenario + (s.ids == "int" ? "" : " (\(s.ids) ids)"), String(s.size), String(s.sections), s.algorithm,
                             measured ? Format.nanoseconds(median) : "-",
                             measured && fastest > 0 ? Format.fixed(median / fastest, 2) : "-",
                             r.status == "error" || r.status == "skipped" ? "-" : "\(r.itemMoves) (\(r.minimumMoves))",
                             r.status == "error" || r.status == "skipped" ? "-" : Format.percent(r.identityPreserved),
                             r.status])
            }
        }
        if markdown {
            return (["| " + header.joined(separator: " | ") + " |", "|" + header.map { _ in "---" }.joined(separator: "|") + "|"]
                    + rows.map { "| " + $0.joined(separator: " | ") + " |" }).joined(separator: "\n")
        }
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max()! }
        func pad(_ row: [String]) -> String {
            row.enumerated().map { c, text in
                let fill = String(repeating: " ", count: widths[c] - text.count)
                return (1...2).contains(c) || (4...6).contains(c) ? fill + text : text + fill
            }.joined(separator: "  ")
        }
        return ([pad(header)] + rows.map(pad)).joined(separator: "\n")
    }
}
