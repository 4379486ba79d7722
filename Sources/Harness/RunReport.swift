import Foundation

/// `bench report`: a self-contained folder with a Markdown summary (`README.md`, renders on
/// GitHub) and SVG charts: per scenario the scaling chart and the relocation chart, one
/// speed-against-quality chart, a verdict table, every cell, and the run's metadata.
public struct RunReport: Sendable {
    /// File name and contents of every file of the report, `README.md` first.
    public var files: [(name: String, contents: String)] = []

    /// Builds the report of `rows` (one or more runs of the same machine, typically one).
    ///
    /// - Complexity: O(*r* log *r*) for *r* rows.
    public init(rows: [ResultRow]) {
        let cells = CellFigures.gather(rows)
        var algorithms: [String] = []
        for cell in cells where !algorithms.contains(cell.algorithm) { algorithms.append(cell.algorithm) }
        let verdicts = ScenarioVerdict.verdicts(cells)
        var md: [String] = []
        let meta = rows.first?.meta ?? RunMetadata()
        md.append("# DiffBench report: \(meta.runID.isEmpty ? "results" : meta.runID)")
        md.append("")
        md.append("\(cells.count) cells: \(algorithms.count) algorithms on \(Set(cells.map(\.caseKey)).count) cases. "
                  + "Times are wall time per diff (median of the samples, with the 95% confidence interval of the median).")
        md.append("")
        md.append("## Verdicts")
        md.append("")
        md.append("Fastest: the lowest geometric mean, over the scenario's cases, of its time over the fastest "
                  + "algorithm of the case, among algorithms correct and timed on every case. Best animated: correct on "
                  + "every case, with the fewest relocations beyond the minimum (then the most identity preserved). "
                  + "`reload` computes no diff and is not ranked: its cost is UIKit redrawing every visible cell.")
        md.append("")
        md.append("| scenario | fastest (correct) | best animated | recommendation | not ranked |")
        md.append("|---|---|---|---|---|")
        for v in verdicts {
            md.append("| \(v.scenario) | \(v.fastest ?? "none") | \(v.bestAnimated ?? "none") | \(v.recommendation) | "
                      + (v.problems.isEmpty ? "" : v.problems.joined(separator: "; ")) + " |")
        }
        md.append("")
        if let pareto = ParetoChart.render(cells, algorithms: algorithms) {
            files.append(("pareto.svg", pareto))
            md.append("## Speed against animation quality")
            md.append("")
            md.append("![Speed against animation quality](pareto.svg)")
            md.append("")
        }
        md.append("## Per scenario")
        md.append("")
        md.append("Scaling exponent k: the slope of a least-squares line through (log size, log median time), so "
                  + "that time ≈ c·n^k over the sizes measured; with few sizes it is a guide, not a proof.")
        md.append("")
        var groups: [String: [CellFigures]] = [:], order: [String] = []
        for cell in cells {
            if groups[cell.scenarioLabel] == nil { order.append(cell.scenarioLabel) }
            groups[cell.scenarioLabel, default: []].append(cell)
        }
        for scenario in order {
            let group = groups[scenario]!
            let slug = RunReport.slug(scenario)
            md.append("### \(scenario)")
            md.append("")
            if let svg = ReportCharts.scaling(group, scenario: scenario, algorithms: algorithms) {
                files.append(("scaling-\(slug).svg", svg))
                md.append("![\(scenario): time against size](scaling-\(slug).svg)")
                md.append("")
            }
            if let svg = ReportCharts.relocations(group, scenario: scenario, algorithms: algorithms) {
                files.append(("relocations-\(slug).svg", svg))
                md.append("![\(scenario): relocations against the minimum](relocations-\(slug).svg)")
            } else {
                md.append("No changeset relocates an item in this scenario.")
            }
            md.append("")
        }
        md.append("## Every cell")
        md.append("")
        md.append(ResultTable.render(rows, markdown: true))
        md.append("")
        md.append(contentsOf: RunReport.metadata(rows, cells))
        files.insert(("README.md", md.joined(separator: "\n") + "\n"), at: 0)
    }

    /// The run's metadata and how to reproduce it.
    static func metadata(_ rows: [ResultRow], _ cells: [CellFigures]) -> [String] {
        guard let m = rows.first?.meta else { return [] }
        let loads = rows.compactMap(\.loadAverage)
        let runs = Set(rows.map(\.meta.runID)).sorted()
        var md = ["## Run", "", "| | |", "|---|---|"]
        md.append("| runs | \(runs.joined(separator: ", ")) |")
        md.append("| commit | \(m.gitCommit)\(m.gitDirty == "true" ? " (uncommitted changes)" : "") |")
        md.append("| date (UTC) | \(m.timestampUTC) |")
        md.append("| machine | \(m.cpuModel), \(m.cpuCount) cores, \(m.memTotalMB) MB; \(m.host) |")
        md.append("| system | \(m.os), kernel \(m.kernel), \(m.arch) |")
        md.append("| toolchain | \(m.swiftVersion), \(m.buildConfig) build |")
        if let low = loads.min(), let high = loads.max() {
            md.append("| load average | \(Format.fixed(low, 2)) to \(Format.fixed(high, 2)) |")
        }
        let scenarios = Array(Set(cells.map(\.scenario))).sorted().joined(separator: ",")
        let sizes = Array(Set(cells.map(\.size))).sorted().map(String.init).joined(separator: ",")
        let algorithms = cells.reduce(into: [String]()) { if !$0.contains($1.algorithm) { $0.append($1.algorithm) } }
        let ids = Array(Set(cells.map(\.ids))).sorted()
        md.append("")
        md.append("Reproduce (timings are only comparable on the same machine):")
        md.append("")
        md.append("```")
        md.append("git checkout \(m.gitCommit)")
        for kind in ids {
            md.append("swift run -c release bench run --algorithms \(algorithms.joined(separator: ",")) "
                      + "--scenarios \(scenarios) --sizes \(sizes)" + (kind == "int" ? "" : " --ids \(kind)"))
        }
        md.append("swift run -c release bench report Results/<run_id>.csv --out report")
        md.append("```")
        return md
    }

    /// A file-name-safe form of a scenario label: `mixed-string-ids`.
    static func slug(_ text: String) -> String {
        var out = ""
        for c in text.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if !out.hasSuffix("-") { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "scenario" : out
    }

    /// Writes every file into `directory` (created if needed), each atomically.
    public func write(to directory: String) throws(CommandError) {
        try RunReport.write(files, to: directory)
    }

    static func write(_ files: [(name: String, contents: String)], to directory: String) throws(CommandError) {
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw .usage("--out \(directory): cannot create the folder (\(error.localizedDescription))")
        }
        for file in files {
            try FileAccess.writeAtomically(Array(file.contents.utf8), to: directory + "/" + file.name, replace: true)
        }
    }
}
