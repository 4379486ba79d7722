// SPDX-License-Identifier: Apache-2.0
import DiffBenchDiffers
import DiffBenchFileFormats
import DiffBenchErrors

/// `bench export RESULTS.csv --format F`: results for github-action-benchmark, Bencher or a JMH
/// viewer.
enum ExportCommand {
    static let help = """
        USAGE: bench export RESULTS.csv... --format \(ResultsExport.Format.usage)
                            [--metric cpu_ns] [--out FILE [--force]]

        Writes one entry per timed cell of the metric (default cpu_ns; wall_ns, self_reported_ns,
        or an exact metric such as instructions also work), named
        heckel/mixed/1000/sections=10/seed=1/ids=int, with the median and the 95% CI of the median:
          github-action-benchmark  its customSmallerIsBetter input: [{"name", "unit", "value",
                                   "range", "extra"}]
          bencher                  Bencher Metric Format: {NAME: {MEASURE: {"value", "lower_value",
                                   "upper_value"}}}, the measure named after the metric (cpu-ns)
          jmh                      JMH's result JSON (benchmark diffbench.NAME, mode sample)
        Cells without samples (errors, skips, timeouts before a sample) are left out and counted on
        stderr. Several files are pooled as bench merge pools them. Prints to stdout, or --out FILE
        (an existing file is kept unless --force).

        Exit status: 0 written, 1 usage or malformed file, 4 files of different corpora.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["format", "metric", "out"], switches: ["force"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard !args.positional.isEmpty else { throw .usage("export needs results files (see bench export --help)") }
        guard let format: ResultsExport.Format = try args.choice("format") else {
            throw .usage("export needs --format (\(Array(ResultsExport.Format.allCases).expected))")
        }
        let name = args.value("metric") ?? MetricName.cpuNs.rawValue
        guard let metric = MetricName(rawValue: name), metric.group != .trace else {
            throw .usage("--metric \(name): not a metric of the results schema (for example cpu_ns, wall_ns)")
        }
        if let out = args.value("out") { try FileAccess.checkWritable(out, replace: args.has("force")) }
        let rows = try ResultsLoader.loadOneCorpus(args.positional)
        let pooled = ResultPool.pool(rows)
        let text2 = ResultsExport.render(pooled, metric: metric, format: format)
        let all = pooled.filter { $0.metric == metric }.count
        let written = ResultsExport.exported(pooled, metric: metric).count
        if let out = args.value("out") {
            try FileAccess.writeAtomically(Array(text2.utf8), to: out, replace: args.has("force"))
        } else {
            Console.raw(text2, terminator: "")
        }
        Console.err(
            "bench: export: \(written) of \(all) cells (\(name), \(format.rawValue))"
                + (written < all ? "; \(all - written) without samples left out" : ""))
        return .pass
    }
}
