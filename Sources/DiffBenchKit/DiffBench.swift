// SPDX-License-Identifier: Apache-2.0
@_exported import DiffBenchModel
@_exported import DiffBenchAlgorithms
@_exported import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchReports
import DiffBenchVerification
@_exported import DiffBenchCorpus
import DiffBenchCompare
@_exported import DiffBenchConformance
@_exported import DiffBenchFileFormats
@_exported import DiffBenchStatistics
@_exported import DiffBenchRunning
import DiffBenchVerdicts
import DiffBenchPlatform
// DiffBenchError, which a caller of DiffBench.run or RunSession catches, was in DiffBenchFileFormats until 0.3.0.
@_exported import DiffBenchErrors

/// The whole `bench` command line as a library: a user's package registers its own differs next to
/// the built-in ones and gets every subcommand (run, verify, check, diff, compare, merge, corpus,
/// list), the same CSV, gates and measuring child processes.
///
/// ```swift
/// import DiffBenchKit
/// @main struct Bench { static func main() { DiffBench.main(adding: [Differ(adapting: MyAdapter())]) } }
/// ```
public enum DiffBench {
    /// Runs the command line in `CommandLine.arguments` with `differs` registered after the
    /// built-in algorithms, then exits with the command's exit code (never returns).
    public static func main(adding differs: [Differ]) -> Never {
        let tokens = Array(CommandLine.arguments.dropFirst())
        // The top-level command cleans up after itself through a janitor; its helpers (`_cell`,
        // `_janitor`, ...) start none.
        if !(tokens.first?.hasPrefix("_") ?? false) { Janitor.enable(executable: Files.executablePath) }
        Platform.exit(run(tokens, adding: differs).rawValue)
    }

    /// Runs one command line (without the executable name) and returns its exit code; errors
    /// are printed to stderr as one line. A command whose standard output could not be written (a
    /// full disk, a closed reader) exits 1 saying so, whatever it found.
    public static func run(_ tokens: [String], adding differs: [Differ]) -> ExitCode {
        // A closed reader makes a write fail with EPIPE (reported) instead of killing bench.
        Signals.ignoreBrokenPipe()
        Signals.ignoreFileSizeLimit()
        let code = dispatch(tokens, adding: differs)
        if let failure = Console.takeOutputFailure() {
            Console.err("bench: cannot write standard output: \(failure) (the output is incomplete)")
            return .usage
        }
        return code
    }

    /// The command `tokens` name, run; its exit code.
    static func dispatch(_ tokens: [String], adding differs: [Differ]) -> ExitCode {
        do {
            let registry = try DifferRegistry(adding: differs)
            if tokens.first == "--help" || tokens.first == "-h" || tokens.first == "help" {
                Console.out(usage)
                return .pass
            }
            if tokens.first == "--version" || tokens.first == "version" {
                let provenance = Provenance.current()
                Console.out(provenance.versionLine)
                if provenance.built != provenance.diffBench {
                    Console.out(
                        "built in a package at commit \(provenance.built.commit)"
                            + (provenance.built.dirty == "true" ? " with uncommitted changes" : ""))
                }
                return .pass
            }
            if let name = tokens.first, let command = commands[name] {
                return try command(Array(tokens.dropFirst()), registry)
            }
            if let name = tokens.first, !name.hasPrefix("-") {
                let names = commands.keys.filter { !$0.hasPrefix("_") }.sorted()
                let guess = Suggestion.didYouMean(name, among: names)
                throw DiffBenchError.usage(
                    "unknown subcommand \"\(name)\""
                        + (guess.isEmpty
                            ? " (known: \(names.joined(separator: ", ")); see bench --help)" : guess))
            }
            return try RunCommand.run(tokens, registry)
        } catch let error as DiffBenchError {
            Console.err("bench: \(error.message)")
            return ExitCode(error.kind)
        } catch {
            Console.err("bench: \(error)")
            return .usage
        }
    }

    /// Each command that takes `--format`, with its help and the formats it declares (the first
    /// its default): what the help, docs/commands.md and the tests are checked against.
    static let formats: [(command: String, help: String, formats: [OutputFormat])] = [
        ("run", RunCommand.help, RunCommand.formats), ("merge", MergeCommand.help, MergeCommand.formats),
        ("compare", CompareCommand.help, CompareCommand.formats),
        ("report", ReportCommand.help, ReportCommand.formats), ("verify", VerifyCommand.help, VerifyCommand.formats),
        ("check", CheckCommand.help, CheckCommand.formats), ("rules", RulesCommand.help, RulesCommand.formats)
    ]

    static let commands: [String: @Sendable ([String], DifferRegistry) throws(DiffBenchError) -> ExitCode] = [
        "verify": VerifyCommand.run,
        "check": CheckCommand.run,
        "diff": DiffCommand.run,
        "list": ListCommand.run,
        "corpus": CorpusCommand.run,
        "run": RunCommand.run,
        "compare": CompareCommand.run,
        "merge": MergeCommand.run,
        "report": ReportCommand.run,
        "clean": CleanCommand.run,
        "export": ExportCommand.run,
        "calibrate": CalibrateCommand.run,
        "history": HistoryCommand.run,
        "rules": RulesCommand.run,
        "_janitor": { _, _ in ExitCode(rawValue: Janitor.serve()) ?? .pass },
        "_cell": CellCommand.run,
        "_cells": CellServerCommand.run,
        "_case": CaseCommand.run,
        "_instructions": InstructionsCommand.run,
        "_fuzz": FuzzCommand.run,
        "_protocol": ProtocolCommand.run
    ]

    static let usage = """
        DiffBench: the benchmark and UIKit conformance suite for list-diffing algorithms.

        USAGE: bench [run] [options]            benchmark a suite (default: the default suite)
               bench verify [CASE|DIR ...]      run differs on cases and check their changesets
                                                (--external "CMD": a differ in any language)
               bench check CASE CHANGESET       judge any tool's changeset under UIKit's rules
               bench rules [--format markdown]  every rule the checker reports (R1-R23, D1-D8, ...)
               bench diff CASE --algorithm NAME write one algorithm's changeset
               bench corpus list|show|write|write-trace
                                                the seeded scenarios, as cases or as traces
               bench compare BASE.csv NEW.csv   compare two runs and gate (exit 2 slower, 3 wrong)
               bench calibrate B1 N1 B2 N2 ...  per-cell thresholds from same-binary runs (--out FILE)
               bench history RESULTS|DIR ...    trends over commits and change points (exit 2 open
                                                regression; --out DIR for Markdown and SVG)
               bench merge A.csv B.csv --out F  join shards or repeated runs into one results file
               bench report RESULTS.csv...      Markdown summary and SVG charts (--out DIR)
               bench export RESULTS.csv --format github-action-benchmark|bencher|jmh
                                                results for the dashboards people use
               bench clean [--keep N]           prune old run files from Results/ (the baseline stays)
               bench list                       algorithms, scenarios and suites
               bench --version                  DiffBench's version and the commit it was built from

        Run `bench <subcommand> --help` for a subcommand's options.
        Exit status: 0 pass, 1 usage or input error, 2 performance regression, 3 wrong output,
        4 not comparable.
        """
}
