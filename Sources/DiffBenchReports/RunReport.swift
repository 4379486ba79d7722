// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import Foundation
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors
import DiffBenchFormat

/// `bench report`: a self-contained folder with a Markdown summary (`README.md`, renders on
/// GitHub) and SVG charts: per scenario the scaling chart and the relocation chart, one
/// speed-against-quality chart, a verdict table, every cell, and the run's metadata.
package struct RunReport: Sendable {
    /// File name and contents of every file of the report, `README.md` first.
    package var files: [(name: String, contents: String)] = []

    /// Builds the report of `cells` (one or more runs of the same machine, typically one).
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    package init(cells: [CellFigures], options: RankingOptions = RankingOptions()) {
        var algorithms: [String] = []
        for cell in cells where !algorithms.contains(cell.algorithm) { algorithms.append(cell.algorithm) }
        // What the charts draw: every differ but the baselines (no diff, nothing to draw).
        let drawn = algorithms.filter { a in !cells.contains { $0.algorithm == a && $0.isBaseline } }
        let verdicts = ScenarioVerdict.verdicts(cells, options)
        let scores = DifferScore.scores(cells, options)
        var md: [String] = []
        let meta = cells.first?.meta ?? RunMetadata()
        let m = MarkdownText.escape
        md.append("# DiffBench report: \(meta.runID.isEmpty ? "results" : m(meta.runID))")
        md.append("")
        if let warning = RunNoise.warning(cells, cores: meta.cpuCount, time: options.time) {
            md.append("> **\(m(warning))**")
            md.append("")
        }
        let timeName = options.time == .cpu ? "CPU time of the diffing thread" : "wall time"
        md.append(
            "\(cells.count) cells: \(algorithms.count) algorithms on \(Set(cells.map(\.caseKey)).count) cases. "
                + "Times are \(timeName) per diff (median of the samples, with the 95% confidence interval of the "
                + "median)"
                + (options.time == .cpu
                    ? ": what the gate judges, and what a busy machine disturbs least."
                    : "."))
        md.append("")
        md.append("## Which differ to use")
        md.append("")
        let answer = Answer(verdicts: verdicts, scores: scores, cells: cells, options)
        let overall = answer.overall
        if let overall { md.append(m(overall)); md.append("") }
        if let faster = answer.faster { md.append(m(faster) + "."); md.append("") }
        md.append(
            "The overall pick is the differ recommended in the most scenarios (below), ties broken by the "
                + "lower score; only differs that animate fully (keep every identity the case lets survive, as "
                + "the best correct differ of the case does) are yardsticks or picks.")
        md.append("")
        md.append(
            "Score: the geometric mean, over the cases a differ finished, of its time over the case's "
                + (options.reference.map { "time of \($0)" } ?? "fastest correct algorithm that animates fully")
                + ", with a 95% interval (Student's t over the cases' log ratios; none over two cases, where it "
                + "would span from about 0 to millions).")
        md.append("")
        md.append(DifferScore.render(scores, options, markdown: true))
        md.append("")
        md.append(contentsOf: RunReport.selfReported(cells))
        md.append("## Verdicts per scenario")
        md.append("")
        md.append(
            "Tied for fastest: within 5% of the leader, interval and all (the geometric mean over the "
                + "cases of each ratio's upper bound is below 1.05; 5%: what a case's ratio of two algorithms "
                + "moves by between two runs on 1 case in 20). Trailing: 5% slower beyond the cells' 95% CIs. "
                + "Neither: undecided (noisy), named in the verdict. Best animated: the fewest "
                + "relocations beyond the minimum per 1,000 items (mean over the cases), then the most identity "
                + "preserved. Use: the best animated of those tied for fastest (of several alike, the first in "
                + "run order). `reload` computes no diff and is not ranked.")
        md.append("")
        md.append("| scenario | tied for fastest | best animated | use | why | not ranked |")
        md.append("|---|---|---|---|---|---|")
        for v in verdicts {
            let row = [
                v.scenario, v.fastest.isEmpty ? "none" : v.fastest.joined(separator: ", "),
                v.bestAnimated.isEmpty ? "none" : v.bestAnimated.joined(separator: ", "),
                v.use, v.recommendation, v.problems.joined(separator: "; ")
            ]
            md.append("| " + row.map(m).joined(separator: " | ") + " |")
        }
        md.append("")
        md.append(contentsOf: RunReport.traces(cells, options))
        let json = RunReport.json(
            scores: scores, overall: overall, verdicts: verdicts, options: options,
            cells: cells)
        files.append(("report.json", json))
        if let pareto = ParetoChart.render(cells, algorithms: drawn, options: options) {
            files.append(("pareto.svg", pareto))
            md.append("## Speed against animation quality")
            md.append("")
            md.append("![Speed against animation quality](pareto.svg)")
            md.append("")
        }
        md.append("## Per scenario")
        md.append("")
        md.append(
            "Scaling exponent k: the slope of a least-squares line through (log size, log median time), so "
                + "that time ≈ c·n^k over the sizes measured; with few sizes it is a guide, not a proof.")
        md.append("")
        var groups: [String: [CellFigures]] = [:], order: [String] = []
        for cell in cells {
            if groups[cell.scenarioLabel] == nil { order.append(cell.scenarioLabel) }
            groups[cell.scenarioLabel, default: []].append(cell)
        }
        for scenario in order {
            let group = groups[scenario]!
            let slug = FileName.stem(scenario)
            md.append("### \(m(scenario))")
            md.append("")
            if let svg = ReportCharts.scaling(group, scenario: scenario, algorithms: drawn, time: options.time) {
                files.append(("scaling-\(slug).svg", svg))
                md.append("![\(m(scenario)): time against size](scaling-\(slug).svg)")
                md.append("")
            }
            if let svg = ReportCharts.relocations(group, scenario: scenario, algorithms: drawn) {
                files.append(("relocations-\(slug).svg", svg))
                md.append("![\(m(scenario)): relocations against the minimum](relocations-\(slug).svg)")
            } else {
                md.append("No changeset relocates an item in this scenario.")
            }
            md.append("")
        }
        md.append("## Every cell")
        md.append("")
        md.append(ResultTable.render(cells, markdown: true, options: options))
        md.append("")
        md.append(contentsOf: RunReport.metadata(cells))
        files.insert(("README.md", md.joined(separator: "\n") + "\n"), at: 0)
    }

    /// The section on traces: per trace, each algorithm's time per pass, median and p99 step, and
    /// worst step with its index; nothing when the run timed no trace.
    ///
    /// - Complexity: O(*c* · *s* log *s*) for *c* cells of *s* steps.
    static func traces(_ cells: [CellFigures], _ options: RankingOptions) -> [String] {
        var md: [String] = []
        var seen: Set<CaseKey> = []
        for cell in cells where cell.steps != nil && !seen.contains(cell.caseKey) {
            seen.insert(cell.caseKey)
            if md.isEmpty {
                md += [
                    "## Traces", "",
                    "A trace is a recorded sequence of updates; each step is one diff. Per pass: "
                        + "the sum of the steps' times (each step's median over its timed batches).", ""
                ]
            }
            md += [
                "### \(cell.scenarioLabel): \(cell.steps!) steps, up to \(cell.size) items", "",
                "| algorithm | per pass | median step | p99 step | worst step | at step | status |",
                "|---|---:|---:|---:|---:|---:|---|"
            ]
            for member in cells where member.caseKey == cell.caseKey {
                guard let t = TraceSteps(member, time: options.time) else {
                    md.append("| \(member.algorithm) | - | - | - | - | - | \(member.status.rawValue) |")
                    continue
                }
                md.append(
                    "| \(member.algorithm) | \(Format.nanoseconds(t.total)) | \(Format.nanoseconds(t.median)) | "
                        + "\(Format.nanoseconds(t.p99)) | \(Format.nanoseconds(t.worst)) | \(t.worstStep) | "
                        + "\(member.status.rawValue) |")
            }
            md.append("")
        }
        return md
    }

    /// `diffbench-report/1` (``ReportJSON``), with a final newline.
    ///
    /// - Complexity: O(*a* + *s* + *c*) for *a* algorithms, *s* scenarios and *c* cells.
    package static func json(
        scores: [DifferScore], overall: String?, verdicts: [ScenarioVerdict],
        options: RankingOptions, cells: [CellFigures] = []
    ) -> String {
        let report = ReportJSON(scores: scores, overall: overall, verdicts: verdicts, options: options, cells: cells)
        return JSONTextEncoder.encode(report) + "\n"
    }

    /// The run's metadata and how to reproduce it.
    static func metadata(_ cells: [CellFigures]) -> [String] {
        guard let m = cells.first?.meta else { return [] }
        let loads = cells.compactMap(\.loadAverage)
        let runs = Set(cells.map(\.meta.runID)).sorted()
        var md = ["## Run", "", "| | |", "|---|---|"]
        let e = MarkdownText.escape
        md.append("| runs | \(e(runs.joined(separator: ", "))) |")
        md.append("| commit | \(e(m.gitCommit))\(m.gitDirty == "true" ? " (uncommitted changes)" : "") |")
        md.append("| date (UTC) | \(e(m.timestampUTC)) |")
        md.append("| machine | \(e("\(m.cpuModel), \(m.cpuCount) cores, \(m.memTotalMB) MB; \(m.host)")) |")
        md.append("| system | \(e("\(m.os), kernel \(m.kernel), \(m.arch)")) |")
        md.append("| toolchain | \(e("\(m.swiftVersion), \(m.buildConfig) build")) |")
        if let low = loads.min(), let high = loads.max() {
            md.append("| load average | \(Format.fixed(low, 2)) to \(Format.fixed(high, 2)) |")
        }
        // Each run's own command, as recorded: rerunning it gives the same cells. Output flags
        // are left out, so that the rerun writes a file of its own.
        var commands: [String] = []
        for cell in cells where !cell.meta.command.isEmpty {
            let command = RunReport.reproducible(cell.meta.command)
            if !commands.contains(command) { commands.append(command) }
        }
        md.append("")
        md.append("Reproduce (timings are only comparable on the same machine):")
        md.append("")
        md.append("```")
        md.append("git checkout \(m.gitCommit)")
        if commands.isEmpty {
            md.append("# these results record no command line (written before DiffBench recorded them)")
        }
        // Each rerun writes a file named here, so that the report line names real files.
        let outputs = commands.indices.map { commands.count == 1 ? "rerun.csv" : "rerun-\($0 + 1).csv" }
        for (command, out) in zip(commands, outputs) { md.append(command + " --out " + out) }
        if !outputs.isEmpty {
            md.append("swift run -c release bench report \(outputs.joined(separator: " ")) --out report")
        }
        md.append("```")
        return md
    }

    /// A recorded command line as a user reruns it: `swift run -c release` before `bench`, and
    /// without the flags that name output files or a partner binary (`--out`, `--paired-*`,
    /// `--force`), which change where results go, not which cells are measured.
    static func reproducible(_ command: String) -> String {
        var words = ShellWords.split(command)
        if words.first == "bench" { words = ["swift", "run", "-c", "release", "bench"] + words.dropFirst() }
        var kept: [String] = []
        var skip = false
        for word in words {
            if skip { skip = false; continue }
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if ["--out", "--paired-with", "--paired-out", "--paired-commit"].contains(name) {
                skip = !word.contains("=")
                continue
            }
            if word == "--force" { continue }
            kept.append(word)
        }
        return kept.shellQuoted
    }

    /// Writes every file into `directory` (created if needed), each atomically; `staging` shares
    /// the steps with a signal's handler (``ReportStaging``).
    package func write(to directory: String, staging: ReportStaging? = nil) throws(DiffBenchError) {
        try RunReport.write(files, to: directory, staging: staging)
    }

    /// Refuses a folder that already holds a report (its README.md) unless `replace`, and any
    /// path that is not a folder.
    package static func checkFolder(_ directory: String, replace: Bool) throws(DiffBenchError) {
        if let kind = FileAccess.special(directory), kind != "a directory" {
            throw .badInput("--out \(directory): is \(kind), expected a folder")
        }
        if Files.exists(directory + "/README.md") && !replace {
            throw .badInput("--out \(directory): holds a report already; pass --force to overwrite it")
        }
    }

    /// Writes every file of a report into `directory`, all or nothing: the files are first written
    /// into a temporary folder beside it, and only once every one of them is whole does the
    /// folder take its name (or, for a folder that exists, each file move in by rename). A full
    /// disk leaves the earlier report, or no folder, never a README linking charts that are not
    /// there.
    ///
    /// The staging folder is the janitor's too (``Janitor/makeFolder(_:in:mode:)``): a SIGKILL
    /// while it is written leaves nothing behind; a SIGTERM, SIGINT or SIGHUP removes it through
    /// the command's handler, which `staging` lets in between two steps. Before, 3 tries of 3 left
    /// `.DIR.<pid>.tmp`.
    static func write(
        _ files: [(name: String, contents: String)], to directory: String, staging lock: ReportStaging? = nil
    ) throws(DiffBenchError) {
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let stagingPath = stagingFolder(for: directory)
        try? Files.removeTree(stagingPath)
        let folder: JanitorFolder
        do {
            folder = try Janitor.makeFolder(
                (stagingPath as NSString).lastPathComponent, in: target.deletingLastPathComponent().path, mode: 0o755)
        } catch {
            throw .badInput("--out \(directory): cannot create the folder (\(error))")
        }
        let staging = URL(fileURLWithPath: folder.path)
        Signals.stopHereForTests("report-staging")
        defer {
            try? Files.removeTree(staging.path)
            if !Files.exists(staging.path) { Janitor.forget(folder) }
        }
        do {
            for file in files {
                lock?.begin()
                defer { lock?.end() }
                // Never creating the folder again: a signal's handler may have removed it.
                try FileAccess.writeAtomically(
                    Array(file.contents.utf8), to: staging.appendingPathComponent(file.name).path, replace: true,
                    createFolder: false)
            }
            lock?.begin()
            defer { lock?.end() }
            if !Files.exists(target.path) {
                // The marker is the janitor's, not the report's: it goes once the folder took its
                // name (so that the staging folder never lacks it while it exists).
                try Files.rename(staging.path, target.path)
                var named = folder
                named.name = target.lastPathComponent
                named.parent = target.deletingLastPathComponent().path
                Janitor.unmark(named)
                return
            }
            for file in files {
                try Files.rename(
                    staging.appendingPathComponent(file.name).path,
                    target.appendingPathComponent(file.name).path)
            }
        } catch let error as DiffBenchError {
            throw error
        } catch {
            throw .badInput("--out \(directory): not written: \(error)")
        }
    }

    /// The folder a report for `directory` is written into before it takes its name:
    /// `.NAME.PID.tmp` beside it (what a signal's handler removes).
    ///
    /// - Complexity: O(*n*) in the path's length.
    package static func stagingFolder(for directory: String) -> String {
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        return target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(Platform.processID).tmp").path
    }

    /// The section on differs that report their own time (`bench run --external`): each cell's
    /// self-reported median beside the case's yardstick; empty when no differ reports one.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    static func selfReported(_ cells: [CellFigures]) -> [String] {
        let own = cells.filter { $0.selfReported != nil }
        guard !own.isEmpty else { return [] }
        var md = [
            "## Self-reported times", "",
            "These differs run outside DiffBench (`--external`) and report their own time per diff "
                + "(`elapsed_ns`): their clock, their loop, not DiffBench's measurement. DiffBench checks their "
                + "changesets like any other; the score column above puts their own time over the case's "
                + "yardstick.", "", "| differ | scenario | size | self-reported | correct |", "|---|---|---|---|---|"
        ]
        for cell in own {
            md.append(
                "| \(MarkdownText.escape(cell.algorithm)) | \(MarkdownText.escape(cell.scenarioLabel)) | "
                    + "\(cell.size) | \(Format.nanoseconds(cell.selfReported!)) | "
                    + "\(cell.correct.map { $0 ? "yes" : "no" } ?? "-") |")
        }
        md.append("")
        return md
    }

}
