// SPDX-License-Identifier: Apache-2.0
import DiffBenchVerdicts
import DiffBenchDiffers
import DiffBenchReports
import DiffBenchFileFormats
import DiffBenchCompare
import DiffBenchErrors

/// `bench merge A.csv B.csv ... --out ALL.csv`: shards or repeated runs as one results file.
enum MergeCommand {
    /// The formats it prints, the first the default.
    static let formats: [OutputFormat] = [.table, .csv, .markdown]

    static let help = """
        USAGE: bench merge A.csv B.csv... --out ALL.csv [--force] [--format \(formats.usage)]
                           [--time cpu|wall] [--reference NAME] [--allow-different-builds]

        Joins results files (shards of one suite, or repeated runs) into one: rows with the same
        key (algorithm, scenario, size, sections, seed, ids, metric) pool their samples, the other
        rows are kept as they are. Prints the table of the merged results, where "x fastest" is
        computed over every algorithm of a case, whichever shard measured it, and the per-differ
        summary (--time and --reference as in bench run). The files must come from the same corpus,
        machine and build configuration (the rule of bench compare: pooled timings from two machines
        mean nothing), and a case or trace file must have one content hash across them (two different
        files under one name are refused, as compare refuses them). They must come from one build:
        the same executable (its build_id, a hash of the binary; for files written before that
        column, the same commit and dirty flag), or a regression in one build hides among the other's
        samples; --allow-different-builds pools them anyway and says so on stderr, and each pooled
        row of the merged file names every build it holds (build_id "mixed:..."), so that a later
        merge, compare or history refuses the file without the flag and names them.

        Exit status: 0 merged, 1 usage or malformed file, 4 not comparable (other corpus, machine,
        build, or two files under one name).
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(
            tokens, options: ["out", "format", "time", "reference"],
            switches: ["force", "allow-different-builds"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard !args.positional.isEmpty else { throw .usage("merge needs results files (see bench merge --help)") }
        guard let out = args.value("out") else { throw .usage("merge needs --out ALL.csv") }
        let format = try args.choice("format", among: formats, default: .table)
        let ranking = try args.rankingOptions()
        try FileAccess.checkWritable(out, replace: args.has("force"))
        let rows = try ResultsLoader.loadOneCorpus(args.positional)
        let origins = Comparison.origin(rows)
        guard origins.count <= 1 else {
            throw DiffBenchError(
                .notComparable,
                "not comparable: the files come from \(origins.count) machines or "
                    + "builds (\(origins.sorted().joined(separator: "; "))); "
                    + "timings pool only from one machine and build"
            )
        }
        if let note = try BuildPool.check(rows, pool: "the files", allow: args.has("allow-different-builds")) {
            Console.err("bench: merge: \(note)")
        }
        _ = try Comparison.fileHashes(rows, side: "the files")
        try ranking.check(in: rows.map(\.algorithm))
        let merged = ResultPool.pool(rows)
        ResultsOutput.print(merged, records: { CellRecord.records(merged) }, format: format, ranking: ranking)
        try FileAccess.writeAtomically(Array(ResultsCSV.encode(merged).utf8), to: out, replace: args.has("force"))
        Console.err(
            "bench: merged \(args.positional.count) files (\(rows.count) rows) into \(out) (\(merged.count) "
                + "rows)")
        return .pass
    }
}
