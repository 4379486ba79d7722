import Foundation
import Harness
import Corpus
import Algorithms

/// `bench [run]`: measures every cell of a suite and writes Results/<run_id>.csv.
enum RunCommand {
    static let help = """
    USAGE: bench [run] [--suite NAME|FILE] [--algorithms a,b] [--scenarios x,y] [--sizes n,m]
                       [--sections K] [--seed N] [--ids int|string] [--samples N]
                       [--max-time-per-cell S] [--shard K/N] [--out FILE] [--force]
                       [--format table|csv|markdown] [--quiet] [--allow-debug]

    Generates each cell's case once, verifies each algorithm's changeset with the UIKit
    conformance checker (a failure is reported `wrong`), warms up for 100 ms, then times
    batches of at least 10 ms (default 20 samples) in a child process that is stopped at the
    per-cell budget (`timeout`). Prints a table on stdout, progress on stderr, and writes the
    CSV (schema 1) to --out, default Results/<run_id>.csv.

      --suite NAME|FILE      quick, default (the default) or full, or a .suite file
      --algorithms a,b       subset of the registered algorithms
      --scenarios x,y        keep only these scenarios (with --sizes: exactly these cells)
      --sizes n,m            keep only these sizes (with --scenarios: exactly these cells)
      --sections K / --seed N / --ids int|string   override every cell's value
      --samples N            samples per cell (default 20 or the suite's; at least 6)
      --max-time-per-cell S  budget per cell in seconds (default the suite's, else 10)
      --shard K/N            run only the K-th of N interleaved slices of the cells
      --out FILE             the CSV; an existing file is kept unless --force
      --format F             stdout format: table (default), csv or markdown
      --quiet                no progress on stderr
      --allow-debug          time a debug build anyway (its numbers mean little)

    Exit status: 0 all cells correct, 1 usage or input error, 3 a changeset is wrong.
    """

    static func run(_ tokens: [String]) throws(CommandError) -> ExitCode {
        let args = try Arguments(tokens, options: ["suite", "algorithms", "scenarios", "sizes", "sections", "seed", "ids", "samples",
                                                   "max-time-per-cell", "shard", "out", "format"],
                                 switches: ["quiet", "allow-debug", "force"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard args.positional.isEmpty else { throw .usage("run takes no positional arguments, found \"\(args.positional[0])\"") }
        #if DEBUG
        if !args.has("allow-debug") {
            throw .usage("this is a debug build: timing it misleads. Use `swift run -c release bench`, or pass --allow-debug")
        }
        #endif
        let format = args.value("format") ?? "table"
        guard ["table", "csv", "markdown"].contains(format) else { throw .usage("--format \(format): expected table, csv or markdown") }
        var suite = try SuiteFiles.load(args.value("suite") ?? "default")
        let algorithms = try AlgorithmSelection.resolve(try args.list("algorithms") ?? suite.algorithms).map(\.name)
        suite.cells = try selectCells(suite, args)
        let samples = try args.int("samples", default: suite.samples ?? 20, range: 6...100_000)
        let budget = try seconds(args.value("max-time-per-cell")) ?? suite.maxTimePerCell ?? 10
        var specs = suite.cells.flatMap { cell in algorithms.map { CellSpec(algorithm: $0, cell: cell, samples: samples, budget: budget) } }
        if let shard = args.value("shard") {
            let parts = shard.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else { throw .usage("--shard \(shard): expected K/N with 1 <= K <= N") }
            specs = specs.enumerated().filter { $0.offset % parts[1] == parts[0] - 1 }.map(\.element)
        }
        guard !specs.isEmpty else { throw .usage("no cells to run after --scenarios/--sizes/--shard") }

        let meta = RunMetadata.current(suite: suite.name, corpusID: CorpusVersion.id)
        let out = args.value("out") ?? "Results/\(meta.runID).csv"
        if FileManager.default.fileExists(atPath: out) && !args.has("force") {
            throw .usage("\(out) exists; pass --force to overwrite it")
        }
        let quiet = args.has("quiet")
        if !quiet { Console.err("bench: suite \(suite.name): \(specs.count) cells (\(suite.cells.count) cases x \(algorithms.count) algorithms), \(samples) samples, budget \(Format.fixed(budget, 0)) s per cell") }
        let progress = Progress(total: specs.count, label: "bench", quiet: quiet)
        let runner = CellRunner()
        var lines: [ResultTable.Line] = [], rows: [ResultRow] = []
        for (n, spec) in specs.enumerated() {
            progress.advance(to: n, detail: spec.label)
            let result = runner.run(spec)
            lines.append(ResultTable.Line(spec: spec, result: result))
            rows += ResultRow.rows(for: spec, result, meta: meta)
        }
        progress.finish()
        try FileAccess.writeAtomically(Array(ResultsCSV.encode(rows).utf8), to: out)
        switch format {
        case "csv": Console.out(ResultsCSV.encode(rows))
        default: Console.out(ResultTable.render(lines, markdown: format == "markdown"))
        }
        let wrong = lines.filter { $0.result.status == "wrong" }
        let failed = lines.filter { $0.result.status == "error" || $0.result.status == "timeout" }
        Console.err("bench: wrote \(out) (\(rows.count) rows); \(wrong.count) wrong, \(failed.count) error or timeout")
        for line in wrong { Console.err("bench: WRONG \(line.spec.label): \(line.result.note)") }
        return wrong.isEmpty ? .pass : .wrong
    }

    static func selectCells(_ suite: Suite, _ args: Arguments) throws(CommandError) -> [SuiteCell] {
        var scenarios: [Scenario]?
        if let names = try args.list("scenarios") {
            var list: [Scenario] = []
            for name in names {
                guard let scenario = Scenario(rawValue: name) else {
                    throw .usage("--scenarios: unknown scenario \"\(name)\" (known: \(Scenario.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                list.append(scenario)
            }
            scenarios = list
        }
        var sizes: [Int]?
        if let texts = try args.list("sizes") {
            var list: [Int] = []
            for text in texts {
                guard let size = Int(text.filter { $0 != "_" }), size >= 1 else { throw .usage("--sizes: \"\(text)\" is not a size of at least 1") }
                list.append(size)
            }
            sizes = list
        }
        var cells: [SuiteCell]
        if let scenarios, let sizes {
            cells = scenarios.flatMap { s in sizes.map { SuiteCell(scenario: s, size: $0) } }
        } else {
            cells = suite.cells.filter { cell in
                (scenarios?.contains(cell.scenario) ?? true) && (sizes?.contains(cell.size) ?? true)
            }
        }
        let seed = try args.int("seed", default: -1)
        let sectionsOverride = try args.int("sections", default: 0, range: 1...Int.max)
        let idsOverride = try args.value("ids").map { text throws(CommandError) -> IdentityKind in
            guard let kind = IdentityKind(rawValue: text) else { throw .usage("--ids \(text): expected int or string") }
            return kind
        }
        for k in cells.indices {
            if seed >= 0 { cells[k].seed = UInt64(seed) }
            if args.value("sections") != nil { cells[k].sections = sectionsOverride }
            if let idsOverride { cells[k].ids = idsOverride }
            do { try cells[k].scenario.validate(size: cells[k].size, sections: cells[k].sections) } catch {
                throw .usage("\(cells[k].scenario.rawValue) \(cells[k].size): \(error.description)")
            }
        }
        return cells
    }

    static func seconds(_ text: String?) throws(CommandError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value > 0 else { throw .usage("--max-time-per-cell \(text): expected seconds > 0") }
        return value
    }
}
