// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import DiffBenchDiffers
import DiffBenchReports
import DiffBenchFileFormats
import DiffBenchCompare
import DiffBenchPlatform
import DiffBenchErrors
import DiffBenchFormat

/// `bench compare BASE.csv [...] -- NEW.csv [...]`: the CI gate.
enum CompareCommand {
    /// The formats it prints, the first the default.
    static let formats: [OutputFormat] = [.markdown, .json]

    static let help = """
        USAGE: bench compare BASE.csv NEW.csv [--threshold 10%] [--out FILE] [--markdown FILE]
                             [--report DIR] [--format \(formats.usage)] [--metrics \(Comparison.Scope.usage)]
                             [--allow-missing] [--allow-unavailable METRIC,...] [--stale-baseline-fails]
                             [--thresholds FILE] [--allow-different-builds] [--force]
               bench compare BASE1.csv BASE2.csv -- NEW1.csv NEW2.csv [...]

        Joins the rows on (algorithm, scenario, size, sections, seed, ids, metric); several files
        per side (shards, repeated runs) pool their samples; one run given twice is refused, and so
        are files of one side from different builds (build_id, a hash of the executable; else the
        commit and dirty flag; a file bench merge --allow-different-builds wrote names each build
        it pooled) unless --allow-different-builds, which says so on stderr. CPU
        time is gated (wall time is not: it counts other processes):
          - paired run (bench run --paired-with, at least 5 rounds): each round gives the ratio of
            the two sides' fastest samples; a cell regresses when the median of those ratios is
            >= 1 + threshold, at least three rounds in four are slower, and the ratio of the two
            sides' fastest samples over all rounds is >= 1 + threshold too;
          - otherwise: the ratio of the minimums, divided by the run-wide drift, must be >= 1 +
            threshold times the cell's noise floor, the raw ratio >= 1 + threshold, and a
            Mann-Whitney U test must give p < 0.01.
        The ratio printed (and charted, and written to --out) is the one judged, named in the
        "ratio is" column; "base" and "new" are the figures it is made of. Timings under 1 µs are
        not gated; timings from different machines or build configurations are refused (exit 4;
        exact metrics are still compared). Exact metrics regress on any change in the bad direction
        (instructions and allocated bytes beyond 1%, peak RSS beyond 25%); instructions counted by
        different counters (perf, callgrind) are not compared. Prints the changed rows and a
        summary; --out writes the comparison CSV,
        --markdown a Markdown summary for CI pages, --report DIR a folder with README.md and a chart
        of every timed cell's ratio (regressions and improvements coloured); --format json prints
        the shape "diffbench-compare/1" instead of the Markdown.

        Growth: where both sides measured an (algorithm, scenario) at three or more sizes, the
        exponent k of t = c n^k is fitted on CPU time (and on instructions). Each round gives one
        change of k (paired: the slope of that round's ratios; unpaired: the difference of the two
        sides' slopes, its interval widened by the run's cell-to-cell noise); a median change of at
        least +0.02 whose 99% interval lies above 0, with the largest size not faster, is a
        regression of its own kind (instructions: +0.02), listed as "heckel mixed: n^1.04 -> n^1.52",
        even when no cell crossed its threshold.

        --thresholds FILE: per-cell thresholds measured on this machine kind (bench calibrate,
        run-bench.sh --calibrate N); a cell the file names is judged at its own threshold, never
        below --threshold. One line on stderr says whether they were applied (a file measured on
        another machine is not).

        Timeouts are judged per cell, not per metric: a timeout the suite expects (its note says
        "expected by the suite (expect-timeouts)", as bench run writes it for the suite's
        expect-timeouts: differs) is not compared, whichever side it is on, with one note for the
        cell; a cell BASE measured that times out in NEW for any other differ is a regression (exit
        2) on one row, with one note (a differ expected to time out belongs in expect-timeouts).

        --allow-unavailable METRIC,...: these metrics may be unavailable in NEW where BASE measured
        them (skipped and listed, not broken): run-bench.sh passes instructions when valgrind is
        missing. Any other figure BASE measured and NEW does not is a broken measurement (exit 4).

        --stale-baseline-fails: BASE is a stored baseline; an exact metric that improved means it
        no longer matches the code (exit 4, with the command that refreshes it), so that a later
        regression of the same size cannot pass unseen. run-bench.sh passes it under CI.

        --threshold takes 10% or 0.10 (the same), more than 0% and at most 100%. --out, --markdown
        and --report keep what exists unless --force (and never replace a device, FIFO or link).

        Exit status: 0 pass, 1 usage or malformed file (negative, non-finite or all-zero samples,
        the same run twice on one side), 2 regression, 3 a wrong cell (wins over 2 and 4),
        4 not comparable: schema, corpus or rows differ (--allow-missing lists missing rows
        instead), timings from different machines or builds, or a broken measurement in NEW (a cell
        BASE measured is error or skipped in NEW, or has fewer than 3 timing samples; one line per
        cell).
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(
            tokens,
            options: [
                "threshold", "out", "markdown", "metrics", "report", "format",
                "thresholds", "allow-unavailable"
            ],
            switches: ["allow-missing", "force", "stale-baseline-fails", "allow-different-builds"])
        if args.wantsHelp { Console.out(help); return .pass }
        let (base, new) = try sides(args.positional)
        let percent = try threshold(args.value("threshold") ?? "10%") * 100
        let scope = try args.choice("metrics", default: Comparison.Scope.all)
        let force = args.has("force")
        for flag in ["out", "markdown"] {
            if let path = args.value(flag) { try FileAccess.checkWritable(path, replace: force) }
        }
        if let directory = args.value("report") { try RunReport.checkFolder(directory, replace: force) }
        let format = try args.choice("format", among: formats, default: .markdown)
        let thresholds = try args.value("thresholds").map { (file: String) throws(DiffBenchError) in
            try Thresholds.decode(String(decoding: try FileAccess.read(file), as: UTF8.self), file: file)
        }
        let mayBeUnavailable = Set(try args.list("allow-unavailable") ?? [])
        let (baseRows, newRows) = (try ResultsLoader.load(base), try ResultsLoader.load(new))
        for (rows, side) in [(baseRows, "BASE's files"), (newRows, "NEW's files")] {
            if let note = try BuildPool.check(rows, pool: side, allow: args.has("allow-different-builds")) {
                Console.err("bench: compare: \(note)")
            }
        }
        var comparison = try Comparison.compare(
            base: baseRows, new: newRows, threshold: percent / 100,
            scope: scope, allowMissing: args.has("allow-missing"),
            thresholds: thresholds, mayBeUnavailable: mayBeUnavailable)
        comparison.baselineMustMatch = args.has("stale-baseline-fails")
        if format == .json {
            Console.raw(JSONOutput.comparison(comparison), terminator: "")
        } else {
            Console.out(comparison.markdown())
        }
        sayNotes(comparison, thresholdsFile: args.value("thresholds"), percent: percent)
        if let out = args.value("out") {
            try FileAccess.writeAtomically(
                Array(comparison.csv().utf8), to: out,
                replace: force)
        }
        if let md = args.value("markdown") {
            try FileAccess.writeAtomically(Array(comparison.markdown().utf8), to: md, replace: force)
        }
        if let directory = args.value("report") {
            let staging = ReportStaging(for: directory)
            let handlers = ReportCommand.removeOnSignal(staging)
            defer { withExtendedLifetime(handlers) {} }
            try CompareReport(
                comparison, threshold: percent / 100, baseName: base.joined(separator: " "),
                newName: new.joined(separator: " ")
            ).write(to: directory, staging: staging)
            Console.err("bench: compare: report in \(directory)/README.md")
        }
        return ExitCode(comparison.outcome)
    }

    /// BASE's files and NEW's: two files, or the files before and after `--`. The same file on
    /// both sides compares a run with itself, so it passes whatever changed: said on stderr.
    static func sides(_ positional: [String]) throws(DiffBenchError) -> (base: [String], new: [String]) {
        var base: [String], new: [String]
        if let split = positional.firstIndex(of: "--") {
            base = Array(positional[..<split]); new = Array(positional[(split + 1)...])
        } else {
            guard positional.count == 2 else {
                throw .usage("compare needs BASE.csv and NEW.csv (or BASE... -- NEW...)")
            }
            base = [positional[0]]; new = [positional[1]]
        }
        guard !base.isEmpty && !new.isEmpty else { throw .usage("compare needs at least one file on each side of --") }
        func sameFile(_ a: String, _ b: String) -> Bool {
            guard let x = Files.identity(a), let y = Files.identity(b) else { return false }
            return x == y
        }
        if let same = base.first(where: { b in new.contains { sameFile($0, b) } }) {
            Console.err(
                "bench: compare: BASE and NEW are the same file (\(same)): this compares a run with itself, "
                    + "so it passes whatever changed")
        }
        return (base, new)
    }

    /// What the comparison notes beside its table, on stderr: refused timing, the thresholds file,
    /// seeds, a stale baseline, steeper scaling, cells, broken cells and drift.
    static func sayNotes(_ comparison: Comparison, thresholdsFile: String?, percent: Double) {
        if let refused = comparison.timingRefused { Console.err("bench: compare: \(refused)") }
        // One line on the thresholds file, true either way (run-bench.sh repeats it in its summary).
        if let file = thresholdsFile {
            Console.err(
                "bench: compare: "
                    + (comparison.thresholdsIgnored
                        ?? "timing judged with the per-cell thresholds of \(file) (measured on NEW's machine)"))
        }
        if let seeds = comparison.hashSeedsDiffer { Console.err("bench: compare: \(seeds)") }
        if comparison.baselineMustMatch && !comparison.staleRows.isEmpty {
            Console.err(
                "bench: compare: BASE is stale: \(comparison.staleRows.count) exact metrics improved; "
                    + "refresh it "
                    + "with ./run-bench.sh --update-baseline and commit Results/baseline.csv")
        }
        for c in comparison.scaling where c.verdict == .regression {
            Console.err("bench: compare: STEEPER \(c.description)")
        }
        for note in comparison.cellNotes { Console.err("bench: compare: \(note)") }
        sayBroken(comparison)
        if !comparison.driftNote.isEmpty && comparison.timingRefused == nil {
            Console.err("bench: compare: \(comparison.driftNote)")
        }
        if abs(comparison.drift - 1) > percent / 100 && comparison.timingRefused == nil {
            Console.err(
                "bench: compare: NEW's CPU time is \(Format.fixed(comparison.drift, 2))x BASE's over all "
                    + "timed cells: the two runs "
                    + "saw different machines or load. Verdicts are relative to that drift, so a change that slows "
                    + "every cell " + "alike is not visible here; run-bench.sh --against REV measures both in one "
                    + "paired run.")
        }
    }

    /// One line per broken cell, its metrics named when their reasons differ.
    static func sayBroken(_ comparison: Comparison) {
        var broken: [(cell: CellKey, entries: [Comparison.Entry])] = []
        for e in comparison.entries where e.verdict == .broken {
            let cell = (e.new ?? e.base!).cell
            if let k = broken.firstIndex(where: { $0.cell == cell }) {
                broken[k].entries.append(e)
            } else {
                broken.append((cell, [e]))
            }
        }
        for (cell, entries) in broken {
            let label =
                "BROKEN \(cell.algorithm) \(cell.scenario) n=\(cell.size) sections=\(cell.sections) "
                + "seed=\(cell.seed) ids=\(cell.ids)"
            if Set(entries.map(\.note)).count == 1 {
                let metrics =
                    entries.count == 1 ? "\((entries[0].new ?? entries[0].base!).metric)" : "\(entries.count) metrics"
                Console.err("bench: compare: \(label) (\(metrics)): \(entries[0].note)")
            } else {
                for e in entries { Console.err("bench: compare: \(label) \((e.new ?? e.base!).metric): \(e.note)") }
            }
        }
    }

    /// `10%` or `0.10`: a share in (0, 1].
    static func threshold(_ text: String) throws(DiffBenchError) -> Double {
        let percent = text.hasSuffix("%")
        guard let value = Double(percent ? String(text.dropLast()) : text), value.isFinite else {
            throw .usage("--threshold \(text): expected a share such as 10% or 0.10")
        }
        let share = percent ? value / 100 : value
        guard share > 0 && share <= 1 else {
            throw .usage("--threshold \(text): must be more than 0% and at most 100% (10% or 0.10)")
        }
        return share
    }
}
