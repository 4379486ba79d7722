// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchReports
import DiffBenchFileFormats
import DiffBenchMeasuring
import DiffBenchErrors

/// `bench report RESULTS.csv... [--out DIR]`: Markdown plus SVG charts.
enum ReportCommand {
    /// The formats it prints, the first the default.
    static let formats: [OutputFormat] = [.markdown, .json, .html]

    static let help = """
        USAGE: bench report RESULTS.csv... [--out DIR|FILE [--force]] [--format \(formats.usage)]
                            [--time cpu|wall] [--reference NAME]

        Writes a self-contained report into DIR (default Results/<run_id>-report, which `bench
        clean` prunes with its run): README.md (Markdown that renders on GitHub), report.json and
        SVG charts drawn by DiffBench itself. Its first screen says which differ to use: one line
        per differ (score: the geometric mean over cases of its CPU time over the case's fastest
        correct algorithm that animates fully, or over --reference, with a 95% CI; excess moves per 1,000
        items; identity preserved; cells finished) and per scenario the algorithms tied for fastest,
        the best animated and the one to use, with a warning first when the run was noisy.
          - --format json prints the scores and verdicts (diffbench-report/1) on stdout instead
            of writing the folder;
          - --format html writes one self-contained page to browse instead (--out FILE, default
            Results/<run_id>-report.html): the answer, the summary, the verdicts, every chart, and a
            table of every cell whose differs, scenarios and sizes can be chosen and whose columns
            sort, coloured by the ratio to the case's fastest; no network, no dependencies;
          - --time wall compares wall time instead of CPU time;
          - per scenario, CPU time per diff (wall time with --time wall) against size on log-log
            axes, one line, dash and marker per algorithm, the 95% CI of each median as a whisker,
            and the fitted scaling exponent (least-squares slope of log time on log size, from
            three sizes or more) in the legend;
          - per scenario, relocations per 1,000 items per size against the minimum any changeset
            needs;
          - speed against animation quality, one point per algorithm, the Pareto front marked;
          - a verdict table: per scenario the fastest correct algorithm, the best-animated one and
            a recommendation; wrong, timeout and error cells are listed, never dropped;
          - every cell, and the run's metadata with the commands that reproduce it.
        Several files (shards, repeated runs) are pooled as `bench merge` pools them.

        Exit status: 0 written, 1 usage or malformed file, 4 files of different corpora.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["out", "format", "time", "reference"], switches: ["force"])
        let format = try args.choice("format", among: formats, default: .markdown)
        let ranking = try args.rankingOptions()
        if args.wantsHelp { Console.out(help); return .pass }
        guard !args.positional.isEmpty else { throw .usage("report needs results files (see bench report --help)") }
        let rows = try ResultsLoader.loadOneCorpus(args.positional)
        guard !rows.isEmpty else { throw .usage("\(args.positional[0]): no result rows") }
        // Named after the run, so that `bench clean` prunes it with the run's other files.
        let runID = String(
            rows[0].meta.runID.filter {
                $0.isASCII
                    && ($0.isLetter || $0.isNumber
                        || "-_.".contains($0))
            })
        let directory =
            args.value("out") ?? "Results/\(runID.isEmpty ? "results" : runID)-report"
            + (format == .html ? ".html" : "")
        try ranking.check(in: rows.map(\.algorithm))
        let cells = CellFigures.gather(CellRecord.records(ResultPool.pool(rows)))
        // A signal removes what is half-written (the janitor covers SIGKILL).
        let staging = ReportStaging(for: directory)
        let handlers = ReportCommand.removeOnSignal(staging)
        defer { withExtendedLifetime(handlers) {} }
        if format == .html {
            try FileAccess.checkWritable(directory, replace: args.has("force"))
            let page = HTMLReport.render(cells: cells, options: ranking)
            try FileAccess.writeAtomically(Array(page.utf8), to: directory, replace: args.has("force"))
            Console.out(directory)
            Console.err(
                "bench: report: one page, \(page.utf8.count / 1024) KiB, in \(directory) "
                    + "(open it in a browser)")
            return .pass
        }
        if format != .json { try RunReport.checkFolder(directory, replace: args.has("force")) }
        let report = RunReport(cells: cells, options: ranking)
        if format == .json {
            Console.raw(report.files.first { $0.name == "report.json" }!.contents, terminator: "")
            return .pass
        }
        try report.write(to: directory, staging: staging)
        Console.out("\(directory)/README.md")
        Console.err("bench: report: \(report.files.count) files in \(directory)/ (open README.md)")
        return .pass
    }

    /// Handlers that remove, on SIGINT, SIGTERM or SIGHUP, what writing a report to `directory`
    /// leaves half-done: its staging folder (``RunReport/stagingFolder(for:)``, between two steps of
    /// `staging`'s writer) and the temporary file of a page (`--format html`). Before, 3 tries of
    /// 3 left `.DIR.<pid>.tmp` behind.
    static func removeOnSignal(_ staging: ReportStaging) -> [any DispatchSourceSignal] {
        Interruption.removeOnSignal(
            [], paths: [FileAccess.temporaryPath(for: staging.directory)], cleanups: [{ staging.abandon() }])
    }
}
