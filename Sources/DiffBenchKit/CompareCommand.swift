import Harness

/// `bench compare BASE.csv [...] -- NEW.csv [...]`: the CI gate.
enum CompareCommand {
    static let help = """
    USAGE: bench compare BASE.csv NEW.csv [--threshold 10%] [--out FILE] [--markdown FILE]
                         [--report DIR] [--format markdown|json] [--metrics all|exact|timing]
                         [--allow-missing]
           bench compare BASE1.csv BASE2.csv -- NEW1.csv NEW2.csv [...]

    Joins the rows on (algorithm, scenario, size, sections, seed, ids, metric); several files
    per side (shards, repeated runs) pool their samples. CPU time is gated (wall time is not:
    it counts other processes): in a paired run (bench run --paired-with) a cell regresses when
    the median per-round ratio is >= 1 + threshold and every round is slower; otherwise when
    the ratio of the minimums, divided by the run-wide drift, is >= 1 + threshold times the
    cell's round-to-round noise floor and a Mann-Whitney U test gives p < 0.01. Timings under
    1 µs are not gated. Exact metrics regress on any change in the bad direction (instructions
    and allocated bytes beyond 1%, peak RSS beyond 25%); instructions counted by different
    counters (perf, callgrind) are not compared. Prints the changed rows and a summary; --out writes the comparison CSV,
    --markdown a Markdown summary for CI pages, --report DIR a folder with README.md and a chart
    of every timed cell's ratio (regressions and improvements coloured); --format json prints
    the shape "diffbench-compare/1" instead of the Markdown.

    Exit status: 0 pass, 1 usage or malformed file, 2 regression, 3 a wrong cell (wins over 2),
    4 not comparable (schema, corpus or rows differ; --allow-missing lists missing rows instead).
    """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(CommandError) -> ExitCode {
        let args = try Arguments(tokens, options: ["threshold", "out", "markdown", "metrics", "report", "format"], switches: ["allow-missing"])
        if args.wantsHelp { Console.out(help); return .pass }
        var base: [String], new: [String]
        if let split = args.positional.firstIndex(of: "--") {
            base = Array(args.positional[..<split]); new = Array(args.positional[(split + 1)...])
        } else {
            guard args.positional.count == 2 else { throw .usage("compare needs BASE.csv and NEW.csv (or BASE... -- NEW...)") }
            base = [args.positional[0]]; new = [args.positional[1]]
        }
        guard !base.isEmpty && !new.isEmpty else { throw .usage("compare needs at least one file on each side of --") }
        let thresholdText = args.value("threshold") ?? "10%"
        guard let percent = Double(thresholdText.hasSuffix("%") ? String(thresholdText.dropLast()) : thresholdText),
              percent.isFinite, percent > 0, percent <= 1000 else {
            throw .usage("--threshold \(thresholdText): expected a percentage such as 10%")
        }
        guard let scope = Comparison.Scope(rawValue: args.value("metrics") ?? "all") else {
            throw .usage("--metrics \(args.value("metrics")!): expected all, exact or timing")
        }
        let format = args.value("format") ?? "markdown"
        guard ["markdown", "table", "json"].contains(format) else {
            throw .usage("--format \(format): expected markdown or json")
        }
        let comparison = try Comparison.compare(base: try load(base), new: try load(new), threshold: percent / 100, scope: scope,
                                                allowMissing: args.has("allow-missing"))
        if format == "json" { Console.out(JSONOutput.comparison(comparison), terminator: "") } else {
            Console.out(comparison.markdown())
        }
        if abs(comparison.drift - 1) > percent / 100 {
            Console.err("bench: compare: NEW's CPU time is \(Format.fixed(comparison.drift, 2))x BASE's over all timed cells: the two runs "
                        + "saw different machines or load. Verdicts are relative to that drift, so a change that slows every cell "
                        + "alike is not visible here; run-bench.sh --against REV measures both in one paired run.")
        }
        if let out = args.value("out") { try FileAccess.writeAtomically(Array(comparison.csv().utf8), to: out) }
        if let md = args.value("markdown") { try FileAccess.writeAtomically(Array(comparison.markdown().utf8), to: md) }
        if let directory = args.value("report") {
            try CompareReport(comparison, threshold: percent / 100, baseName: base.joined(separator: " "),
                              newName: new.joined(separator: " ")).write(to: directory)
            Console.err("bench: compare: report in \(directory)/README.md")
        }
        return comparison.exitCode
    }

    static func load(_ files: [String]) throws(CommandError) -> [ResultRow] {
        var rows: [ResultRow] = []
        for file in files {
            let text = String(decoding: try FileAccess.read(file), as: UTF8.self)
            do { rows += try ResultsCSV.decode(text, file: file) } catch { throw CommandError(error.code, error.description) }
        }
        return rows
    }
}
