// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchDiffers
import DiffBenchVerdicts

/// The flags of `bench run`, each declared once with its help: the option and switch lists the
/// parser accepts, the usage line and the help text are all drawn from ``entries``.
enum RunFlags {
    /// A flag the parser accepts: an option with a value (named in the usage line) or a switch.
    enum Flag {
        case option(String, String)
        case `switch`(String)

        var name: String {
            switch self {
            case .option(let name, _), .switch(let name): return name
            }
        }

        /// `[--rounds R]`, `[--quiet]`.
        var usage: String {
            switch self {
            case .option(let name, let value): return "[--\(name) \(value)]"
            case .switch(let name): return "[--\(name)]"
            }
        }
    }

    /// One paragraph of the help: its head (`--rounds R`), the flags it declares, and its text.
    struct Entry {
        var head: String
        var declares: [Flag]
        var help: [String]

        init(_ head: String, declares: [Flag], help: [String]) {
            self.head = head
            self.declares = declares
            self.help = help
        }
    }

    /// Every flag of `bench run`, in the order of the help.
    static let entries: [Entry] =
        [
            Entry(
                "FILE|DIR", declares: [],
                help: [
                    "case files (diffbench-case/1) and trace files (diffbench-trace/1,",
                    "a recorded sequence of snapshots, one diff per step) to time like",
                    "generated cells; a folder means every case and trace file in it.",
                    "A cell's scenario is the file's \"name\" (else its file name), its",
                    "size the largest snapshot's items, its seed 0, its ids int, string",
                    "or mixed as found. A trace is timed in passes over its steps (read",
                    "one snapshot at a time: memory of two snapshots), with the total per",
                    "pass, the median, p99 and worst step below the table; its budget is",
                    "--max-time-per-cell per million items diffed per pass, at least",
                    "--max-time-per-cell. Files alone run only the files; with --suite,",
                    "the suite's cells too. A suite names files as `file PATH`"
                ]),
            Entry(
                "--suite NAME|FILE", declares: [.option("suite", "NAME|FILE")],
                help: [
                    "quick, default (the default) or full, or a .suite file"
                ]),
            Entry(
                "--algorithms a,b", declares: [.option("algorithms", "a,b")],
                help: [
                    "subset of the registered algorithms"
                ]),
            Entry(
                "--scenarios x,y", declares: [.option("scenarios", "x,y")],
                help: [
                    "keep only these scenarios (with --sizes: exactly these cells)"
                ]),
            Entry(
                "--sizes n,m", declares: [.option("sizes", "n,m")],
                help: [
                    "keep only these sizes (with --scenarios: exactly these cells)"
                ]),
            Entry(
                "--sections K / --seed N / --ids KIND",
                declares: [
                    .option("sections", "K"), .option("seed", "N"),
                    .option("ids", IdentityKind.generated.usage)
                ],
                help: [
                    "override every cell's value (cells that it makes",
                    "the same run once). KIND: int (dense 0..<n), sparse (random 63-bit",
                    "integers, as database keys), string (UUID strings), key (short",
                    "string keys), uuid (Foundation UUIDs)"
                ]),
            Entry(
                "--samples N", declares: [.option("samples", "N")],
                help: [
                    "samples per cell and round (default 20 or the suite's; at least 6",
                    "per cell over all rounds)"
                ]),
            Entry(
                "--precision PCT", declares: [.option("precision", "PCT")],
                help: [
                    "stop sampling a cell once the 95% CI of its median, wall and CPU",
                    "alike, lies within ±PCT% of the median, after at least 8 samples;",
                    "within ±3xPCT% after 6 for a cell out of the race (1.5x the",
                    "fastest of its case so far, or reload), at 6 when its whole",
                    "interval lies there. Side by side: once the",
                    "95% CI of its per-round ratio to the case's fastest is tied, or",
                    "slower and within ±PCT% of it (the fastest: once every rival is",
                    "decided). Default 1 for a run of one round without --paired-with;",
                    "0 (the default with rounds or a partner) takes every sample"
                ]),
            Entry(
                "--max-time-per-cell S", declares: [.option("max-time-per-cell", "S")],
                help: [
                    "budget per cell in seconds (default the suite's, else 10)"
                ]),
            Entry(
                "--instructions C", declares: [.option("instructions", InstructionChoice.usage)],
                help: [
                    "how to count instructions per diff: auto (perf where the kernel",
                    "allows it, else off), perf, callgrind (under valgrind: slower,",
                    "exact and repeatable) or off"
                ]),
            Entry(
                "--rounds R", declares: [.option("rounds", "R")],
                help: [
                    "visit every cell R times, later in the run each time, and pool",
                    "the samples (default 1 or the suite's; the gate's suites use 3).",
                    "Rounds after the first run in one long-lived child per binary:",
                    "timing only, 100 ms warm-up on its first visit of a cell, 10 ms",
                    "on later ones"
                ]),
            Entry(
                "--shard K/N", declares: [.option("shard", "K/N")],
                help: [
                    "run only the K-th of N slices; a slice holds whole cases (every",
                    "algorithm of a case), so its ratios are right; `bench merge` joins them"
                ]),
            Entry(
                "--paired-with BENCH",
                declares: [
                    .option("paired-with", "BENCH"), .option("paired-out", "FILE"),
                    .option("paired-commit", "SHA")
                ],
                help: [
                    "also measure every cell with another bench binary (a gate's base),",
                    "alternating with this one cell by cell, round by round; its",
                    "results go to --paired-out FILE (--paired-commit names its commit)"
                ]),
            Entry(
                "--external NAME=CMD", declares: [.option("external", "NAME=COMMAND")],
                help: [
                    "add a differ in any language as NAME: /bin/sh -c CMD reads each",
                    "case as diffbench-case/1 JSON on stdin and writes a",
                    "diffbench-changeset/1 changeset on stdout (as in bench verify). Its",
                    "cells are checked like any, not timed by DiffBench: an \"elapsed_ns\"",
                    "it reports goes to its own row, self_reported_ns, and the table says",
                    "\"self-reported\". Killed past the cell budget plus grace (`error`).",
                    "Repeat it for several differs, each with a name of its own"
                ]),
            Entry(
                "--external-mode M", declares: [.option("external-mode", ExternalDiffer.Mode.usage)],
                help: [
                    "per-case (default: one process per case) or lines (one process,",
                    "one case per line)"
                ]),
            Entry(
                "--out FILE", declares: [.option("out", "FILE"), .switch("force")],
                help: [
                    "the CSV; an existing file is kept unless --force"
                ]),
            Entry(
                "--format F", declares: [.option("format", RunCommand.formats.usage)],
                help: [
                    "stdout format: table (default), csv, markdown or json (the",
                    "shape \"diffbench-results/1\": see the README, JSON output)"
                ]),
            Entry(
                "--time T", declares: [.option("time", TimeMetric.usage)],
                help: [
                    "what the table and summary compare: cpu (default: the diffing",
                    "thread's CPU time, what the gate judges and what load on other",
                    "cores disturbs least) or wall"
                ]),
            Entry(
                "--reference NAME", declares: [.option("reference", "NAME")],
                help: [
                    "ratios and scores relative to NAME (default: each case's fastest",
                    "correct algorithm that animates fully)"
                ]),
            Entry(
                "--allow-timeouts", declares: [.switch("allow-timeouts")],
                help: [
                    "a cell that runs out of its budget is reported, not failed (a suite",
                    "can expect them per algorithm: expect-timeouts: stdlib)"
                ]),
            Entry(
                "--timing MODE", declares: [.option("timing", "MODE")],
                help: [
                    "side-by-side (default for one round without --paired-with): each",
                    "cell's first process checks and counts but times nothing, then one",
                    "process per case times its cells in rounds, one batch each, their",
                    "order rotating; verdicts read per-round ratios. alone: every cell",
                    "timed in its own process (rounds, --paired-with and traces always)"
                ]),
            Entry(
                "--no-second-look", declares: [.switch("no-second-look")],
                help: [
                    "no second look where verdicts hang on noise (see below)"
                ]),
            Entry(
                "--hash-seed N", declares: [.option("hash-seed", "N")],
                help: [
                    "the seed the identity joins hash with (the CSV's hash_seed). Default",
                    "0 for generated cells (the same probes, so the same instruction",
                    "counts, on every run), a random one when the run times files (ids",
                    "crafted against a known seed cannot flood the joins then; see",
                    "docs/limits.md). Give one to repeat a file run's counts exactly"
                ]),
            Entry(
                "--quiet", declares: [.switch("quiet")],
                help: [
                    "no progress on stderr"
                ]),
            Entry(
                "--allow-debug", declares: [.switch("allow-debug")],
                help: [
                    "time a debug build anyway (its numbers mean little)"
                ])
        ]

    /// The options (flags that take a value) the parser accepts.
    static var options: [String] {
        entries.flatMap(\.declares).compactMap {
            if case .option(let name, _) = $0 { return name }; return nil
        }
    }

    /// The switches the parser accepts.
    static var switches: [String] {
        entries.flatMap(\.declares).compactMap {
            if case .switch(let name) = $0 { return name }; return nil
        }
    }

    /// `bench run --help`: the usage line drawn from the flags, what a run does, every flag's
    /// paragraph, and what the output and the exit status mean.
    static var help: String {
        var usage: [String] = [], line = "USAGE: bench [run] [FILE|DIR ...]"
        for flag in entries.flatMap(\.declares) {
            if line.count + 1 + flag.usage.count > 100 {
                usage.append(line)
                line = String(repeating: " ", count: 18)
            }
            line += " " + flag.usage
        }
        usage.append(line)
        var text = usage + [""] + intro + [""]
        for entry in entries {
            let pad = String(repeating: " ", count: 25)
            let head = "  " + entry.head
            var first = head.count <= 22 ? head + String(repeating: " ", count: 25 - head.count) : head + "  "
            first += entry.help.first ?? ""
            text.append(first)
            text += entry.help.dropFirst().map { pad + $0 }
        }
        return (text + [""] + epilogue).joined(separator: "\n")
    }

    /// What a run does, under the usage line.
    static let intro = """
        Generates each cell's case once, verifies each algorithm's changeset with the UIKit
        conformance checker (a failure is reported `wrong`) and counts its allocations, in a child
        process of its own. A run of one round then times each case's algorithms side by side in one
        more child (--timing side-by-side, the default there): every one warms up (100 ms among them,
        20 ms each at least), then rounds in which each runs one batch of at least 10 ms, their order
        rotating, up to 20 samples, fewer once its per-round ratio to the case's fastest is tied, or
        5% slower and known within ±1% (see --precision), or is 1.5x or more after 6; a
        diff of 50 ms or more is timed alone in its first child. With --timing alone, rounds or
        --paired-with, each cell warms up for up to 100 ms (20 ms for a cell whose first diffs took 2x
        the case's fastest so far) and is timed alone in its child. The budget counts from the child's
        start: sampling stops at it (`timeout`, with how far it got; a cell with 3 samples by then is
        finished), and the parent kills the child at the budget plus a grace of max(2 s, 25%). A cell
        whose single diff is forecast, from smaller sizes of it, past its budget and past a fifth of
        the budget plus grace is `skipped` with the forecast. Prints a table on stdout, progress on
        stderr, and writes the CSV (schema 2) to --out, default Results/<run_id>.csv.
        """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// What follows the flags: the output and the exit status.
    static let epilogue = """
        Below the table: one line per differ (its score, the geometric mean over cases of its time
        over the case's fastest correct algorithm that animates fully, with a 95% CI; excess moves per
        1,000 items; identity preserved; cells finished, with every other outcome named), a warning
        when the run was noisy, and the answer: the differ to use overall (the one recommended in the
        most scenarios), how much faster the fastest differ ran than the next (hyperfine's line), and
        the differ to use per scenario. A differ animates fully when it keeps every identity the case
        lets survive, as the best correct differ of the case does; one that reloads what it could keep
        is timed but never the yardstick or the pick. "≈ fastest": the 95% interval of its ratio to
        the fastest lies below 1.05 (tied, with evidence); "undecided (noisy)": neither that nor 5%
        slower beyond the intervals. No single one is crowned among ties.
        5% is what one case's ratio of two algorithms moves by between two runs on 1 case in 20;
        for that, measuring children get the same memory layout on every run (address-space
        randomization off for them, as `setarch -R`; stderr says so when the kernel refuses).
        One 3-7% behind the fastest is marked "close call": another run may mark it the other way.
        Cells timed side by side are compared by the median of their per-round ratios (the CSV's
        timed_with names the algorithms that shared the rounds): a slow phase of the machine slows
        both and cancels. A run timed alone of one round without --paired-with takes a second look
        where its verdicts hang on noise: a scenario's gap within 2% of the 5% tie floor (`bench
        report` names it), a verdict too noisy to call tied or slower (undecided), a case that alone
        decides whether two tie (left out, the verdict turns), or a cell in the race whose median's
        interval is wider than ±3% (unsettled: the machine slowed down during it). The cells of the case
        (the leader's and the other's) are timed once more, each in a fresh process with as many
        samples as the first time, and the samples of the process with the lower median kept
        (their `rounds` is 2; traces excepted): what moves a median between runs is mostly the
        process, and another program running during part of one only adds time.
        --no-second-look turns it off.

        Exit status: 0 every cell correct and measured, 1 usage or input error (or no cell could be
        measured), 3 a changeset is wrong, or a cell is `error` (its differ crashed, hung or
        answered garbage, or its measuring child died), or `timeout` without --allow-timeouts
        (or the suite's expect-timeouts for its algorithm: the default suite expects stdlib's).
        Skipped cells (unsupported input, or predicted past the budget) do not fail the run.
        """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}
