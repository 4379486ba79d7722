// SPDX-License-Identifier: Apache-2.0
import DiffBenchPlatform
import DiffBenchVerdicts
import Foundation
import DiffBenchDiffers
import DiffBenchReports
import DiffBenchFileFormats
import DiffBenchCompare
import DiffBenchErrors
import DiffBenchFormat

/// `bench history RESULTS.csv|DIR ... [--out DIR]`: trends over commits and their change points.
enum HistoryCommand {
    static let help = """
        USAGE: bench history RESULTS.csv|DIR ... [--out DIR] [--threshold 10%] [--force]
                             [--allow-different-builds]

        Reads results files (a folder: every results CSV in it; other CSVs such as comparisons are
        skipped and counted) and follows every cell's CPU time per diff and exact metrics over the
        commits that made them (the git_commit column; several runs of one commit pool). Commits are
        ordered by commit time when git in the current folder knows every one, else by the time of
        their first run. The runs of one commit must come from one build (build_id, a hash of the
        executable): a run with uncommitted changes, another compiler or other flags beside a clean
        run of the same commit is refused, both builds named; --allow-different-builds makes each
        build a point of its own.

        A change point is a level that moved beyond the series' noise and stayed moved for at least
        two runs: CPU time by at least the larger of --threshold and three times the series' own
        run-to-run noise, away from the median of up to 5 earlier runs since the last move; exact
        metrics by any change beyond their tolerance (instructions and allocated bytes 1%, peak RSS
        25%). A one-run blip is not a move. The last point alone away in the bad direction is listed
        as "last point only"; it fails the history only when its series has a noise estimate (an
        exact metric, or a timing of 4 runs or more). As in bench compare, the run-wide drift between
        two points (the median ratio of the timed cells when the differs moved alike, the least-moved
        differ's when they did not, none for one differ) is taken out of the timings first: a load
        that slowed every differ of one run is no regression.

        Prints the change points (Markdown) and a verdict; --out DIR writes README.md with the
        commits and change points and, per scenario, cpu-SCENARIO.svg (CPU time per diff against
        commit: median and 95% CI, moves ringed) and exact-SCENARIO.svg (instructions, or
        allocations, as steps), each line relative to its own median (its level in the label).
        --out keeps an existing folder's files unless --force.

        In CI, keep one results file per commit in a folder and gate on it:
          swift run -c release bench --suite quick --out history/$(git rev-parse --short=12 HEAD).csv
          swift run -c release bench history history --out history-report
          (exit 2 fails the job: the newest commit sits in a regression)

        Exit status: 0 no open regression, 1 usage or malformed file, 2 the last point sits in a
        regression (one that began at its commit, or an earlier one still open), 4 not comparable
        (one commit's runs from different builds).
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["out", "threshold"], switches: ["force", "allow-different-builds"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard !args.positional.isEmpty else { throw .usage("history needs results files or folders (see --help)") }
        let threshold = try CompareCommand.threshold(args.value("threshold") ?? "10%")
        if let out = args.value("out") { try RunReport.checkFolder(out, replace: args.has("force")) }
        var files: [String] = [], skipped = 0
        for path in args.positional {
            guard let isFolder = Files.isFolder(path) else { throw .usage("\(path): no such file or folder") }
            guard isFolder else { files.append(path); continue }
            let names = ((try? Files.names(in: path)) ?? []).filter {
                $0.hasSuffix(".csv")
            }.sorted()
            for name in names {
                let file = (path as NSString).appendingPathComponent(name)
                let head = String(decoding: try FileAccess.read(file).prefix(64), as: UTF8.self)
                if head.hasPrefix("schema_version,") || head.hasPrefix("\u{FEFF}schema_version,") {
                    files.append(file)
                } else {
                    skipped += 1
                }
            }
        }
        guard !files.isEmpty else {
            throw .usage("history: no results files in \(args.positional.joined(separator: " "))")
        }
        let rows = try ResultsLoader.load(files)
        var byCommit: [String: [ResultRow]] = [:]
        for row in rows where row.meta.gitCommit != "unknown" { byCommit[row.meta.gitCommit, default: []].append(row) }
        for (commit, runs) in byCommit.sorted(by: { $0.key < $1.key }) {
            let pool = "the runs of commit \(commit.prefix(12))"
            if let note = try BuildPool.check(
                runs, pool: pool, allow: args.has("allow-different-builds"),
                reason: "a commit is one point of the history, measured by one build",
                allowed: "makes each build a point of its own")
            {
                Console.err("bench: history: \(note)")
            }
        }
        var times: [String: Double?] = [:]
        let history = History.build(rows, threshold: threshold) { commit in
            if let known = times[commit] { return known }
            let seconds =
                commit == "unknown"
                ? nil
                : CommandOutput.of("git", ["log", "-1", "--format=%ct", commit]).flatMap(Double.init)
            times[commit] = seconds
            return seconds
        }
        let others = skipped > 0 ? " (\(skipped) other CSVs skipped)" : ""
        Console.err(
            "bench: history: \(files.count) results files\(others), "
                + "\(Format.count(history.points.count, "commit")), \(history.series.count) series")
        Console.out(HistoryReport.changeTable(history))
        Console.out("")
        Console.out(HistoryReport.verdictLine(history).replacingOccurrences(of: "**", with: ""))
        if let out = args.value("out") {
            let staging = ReportStaging(for: out)
            let handlers = ReportCommand.removeOnSignal(staging)
            defer { withExtendedLifetime(handlers) {} }
            try HistoryReport(history).write(to: out, staging: staging)
            Console.err("bench: history: report in \(out)/README.md")
        }
        return ExitCode(history.outcome)
    }
}
