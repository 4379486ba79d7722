// SPDX-License-Identifier: Apache-2.0
import DiffBenchDiffers
import DiffBenchFileFormats
import DiffBenchCompare
import DiffBenchErrors
import DiffBenchFormat

/// `bench calibrate BASE1.csv NEW1.csv [...] --out FILE`: per-cell thresholds from same-binary runs.
enum CalibrateCommand {
    static let help = """
        USAGE: bench calibrate BASE1.csv NEW1.csv [BASE2.csv NEW2.csv ...] --out FILE
                               [--floor 10%] [--force]

        Reads pairs of results files measured by one binary against itself (the two sides of a
        paired run, as run-bench.sh --calibrate N makes them; at least 3 pairs) and writes a
        thresholds file for bench compare --thresholds: for each timed cell, the threshold that keeps
        its false-alarm rate under 1% (the upper 99% prediction bound of its judged ratio from the
        pairs' ratios, Student's t), never below the floor (--floor, default 10%, compare's global
        threshold). Prints the false-alarm rate of the global rule over these runs, and of the
        calibrated one (the same runs: an in-sample figure).

        --out keeps an existing file unless --force.

        Exit status: 0 written, 1 usage or malformed file, 4 a pair is not comparable.
        """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(tokens, options: ["out", "floor"], switches: ["force"])
        if args.wantsHelp { Console.out(help); return .pass }
        guard let out = args.value("out") else { throw .usage("calibrate needs --out FILE") }
        let files = args.positional
        guard !files.isEmpty, files.count % 2 == 0 else {
            throw .usage("calibrate needs results files in pairs, BASE then NEW (got \(files.count))")
        }
        let floor = try CompareCommand.threshold(args.value("floor") ?? "10%")
        try FileAccess.checkWritable(out, replace: args.has("force"))
        var pairs: [(base: [ResultRow], new: [ResultRow])] = []
        for k in stride(from: 0, to: files.count, by: 2) {
            pairs.append((try ResultsLoader.load([files[k]]), try ResultsLoader.load([files[k + 1]])))
        }
        let machine = Comparison.origin(pairs[0].new).sorted().joined(separator: "; ")
        let c = try Calibration.calibrate(pairs, floor: floor, machine: machine)
        try FileAccess.writeAtomically(Array(c.thresholds.encode().utf8), to: out, replace: args.has("force"))
        let values = c.thresholds.values.values.sorted()
        let raised = values.filter { $0 > floor }.count
        Console.out(
            "calibrate: \(c.runs) same-binary comparisons, \(values.count) timed cells "
                + "(\(c.cellComparisons) cell comparisons)")
        Console.out(
            "  global rule (\(Format.fixed(floor * 100, 1))%): \(c.currentAlarms) false alarms "
                + "(\(Format.fixed(c.currentRate * 100, 2))%)")
        Console.out(
            "  calibrated: \(c.calibratedAlarms) false alarms (\(Format.fixed(c.calibratedRate * 100, 2))%, "
                + "in sample); \(raised) cells above the floor"
                + (values.isEmpty
                    ? ""
                    : ", thresholds \(Format.fixed(values.first! * 100, 1))%.."
                        + "\(Format.fixed(values.last! * 100, 1))%"))
        Console.err("bench: calibrate: wrote \(out)")
        return .pass
    }
}
