import Foundation
import Harness

/// `bench report RESULTS.csv... [--out DIR]`: Markdown plus SVG charts.
enum ReportCommand {
    static let help = """
    USAGE: bench report RESULTS.csv... [--out DIR]

    Writes a self-contained report into DIR (default Results/<run_id>-report, which `bench
    clean` prunes with its run): README.md (Markdown that renders on GitHub) and SVG charts
    drawn by DiffBench itself:
      - per scenario, wall time per diff against size on log-log axes, one line per
        algorithm, the 95% CI of each median as a whisker, and the fitted scaling exponent
        (least-squares slope of log time on log size) in the legend;
      - per scenario, relocations per size against the minimum any changeset needs;
      - speed against animation quality, one point per algorithm, the Pareto front marked;
      - a verdict table: per scenario the fastest correct algorithm, the best-animated one and
        a recommendation; wrong, timeout and error cells are listed, never dropped;
      - every cell, and the run's metadata with the commands that reproduce it.
    Several files (shards, repeated runs) are pooled as `bench merge` pools them.

    Exit status: 0 written, 1 usage or malformed file, 4 files of different corpora.
    """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(CommandError) -> ExitCode {
        let args = try Arguments(tokens, options: ["out"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard !args.positional.isEmpty else { throw .usage("report needs results files (see bench report --help)") }
        let rows = try CompareCommand.load(args.positional)
        guard !rows.isEmpty else { throw .usage("\(args.positional[0]): no result rows") }
        let corpora = Set(rows.map(\.meta.corpusID))
        guard corpora.count <= 1 else {
            throw CommandError(.notComparable, "not comparable: corpus_id \(corpora.sorted().joined(separator: ", "))")
        }
        // Named after the run, so that `bench clean` prunes it with the run's other files.
        let runID = String(rows[0].meta.runID.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        let directory = args.value("out") ?? "Results/\(runID.isEmpty ? "results" : runID)-report"
        let report = RunReport(rows: ResultPool.pool(rows))
        try report.write(to: directory)
        Console.out("\(directory)/README.md")
        Console.err("bench: report: \(report.files.count) files in \(directory)/ (open README.md)")
        return .pass
    }
}
