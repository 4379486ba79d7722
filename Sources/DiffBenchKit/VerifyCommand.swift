// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchDiffers
import DiffBenchMeasuring
import DiffBenchVerification
import DiffBenchCorpus
import DiffBenchConformance
import DiffBenchModel
import DiffBenchFileFormats
import DiffBenchPlatform
import DiffBenchErrors

/// `bench verify`: runs differs on case files, suite cases and random cases, and checks every
/// changeset; `--external` adds a differ in any language, run as a command.
enum VerifyCommand {
    /// The formats it prints, the first the default.
    static let formats: [OutputFormat] = [.text, .json]

    static let help = """
        USAGE: bench verify [CASE_FILE|DIR ...] [--suite NAME|FILE] [--random N] [--seed N]
                            [--algorithms a,b] [--external "COMMAND"] [--external-name NAME]
                            [--external-mode \(ExternalDiffer.Mode.usage)] [--timeout S]
                            [--target \(Target.usage)] [--save-failures DIR]
                            [--save-minimal DIR [--force]] [--format \(formats.usage) [--out FILE]]
                            [--quiet]

        Runs each differ on each case and judges its changeset with the UIKit conformance
        checker. Without paths, --suite or --random it reads every *.json under Corpus/cases/.

          --algorithms a,b   differs to run (default: all registered; none with --external)
          --suite NAME|FILE  also check every case of a suite (quick, default, full or a file)
          --random N         also check N seeded random cases: half from a generator of small
                             mixed cases (duplicates in 1 of 8), half from every scenario
          --seed N           first seed of the random cases (default 1)
          --external CMD     a differ in any language: /bin/sh -c CMD reads each case as
                             diffbench-case/1 JSON on stdin and writes a diffbench-changeset/1
                             changeset on stdout (an optional "elapsed_ns" is its own timing,
                             shown apart as "self-reported")
          --external-name N  its name in the output (default external)
          --external-mode M  per-case (default: one process per case) or lines (one process;
                             each case is one line of JSON, each answer must be one line)
          --timeout S        seconds a differ may take per case: the external command (default
                             10; it is then killed with its children) and each built-in differ
                             (default 60; it cannot be stopped in-process, so the case is an
                             error and that differ's later cases are not run)
          --target T         table (default), collection or diffable
          --save-failures D  write every case that fails or errs as a case file in folder D,
                             named by seed (or case) and differ (seed-17-heckel.json); `bench
                             verify D` reproduces the failures, `bench diff` and `bench check`
                             take the files too
          --save-minimal D   per differ and rule it breaks, shrink the failing cases (drop
                             sections, items and updates while the same rule still fails) and
                             write the smallest as D/DIFFER-RULE.json (in-process differs)
          --force            let --save-failures, --save-minimal and --out replace files of an
                             earlier run (without it, a --save-failures folder that holds case
                             files is refused)
          --format F         text (default) or json: diffbench-verify/1 on stdout (per differ
                             its verdicts, each rule it breaks with UIKit's message, the first
                             case and the minimal case file; reasons for unsupported input);
                             the per-case lines then go to stderr
          --out FILE         with --format json: write the JSON to FILE (whole or not at all)
                             instead of stdout; an existing FILE is replaced only with --force
          --quiet            print only failures and the summary

        A changeset also fails when it relocates fewer items than the case's minimum (which would
        mean the bound is wrong; table and collection targets). An external command that crashes,
        hangs or prints something that is not a changeset is an error for that case (with the
        last line of its stderr, for Python the exception); the run goes on. So is a built-in
        differ past --timeout.

        Exit status: 0 every changeset passes (unsupported input is reported, not failed),
        1 usage or input error, 3 a changeset fails the checker, or a differ errs or runs past
        --timeout.
        """

    /// Seconds a built-in differ may take per case without `--timeout`.
    static let builtInTimeLimit = 60.0

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(DiffBenchError) -> ExitCode {
        let args = try Arguments(
            tokens,
            options: [
                "algorithms", "random", "seed", "target", "suite", "external",
                "external-name", "external-mode", "timeout",
                "save-failures", "save-minimal", "format", "out"
            ],
            switches: ["quiet", "force"])
        if args.wantsHelp { Console.out(help); return .pass }
        let external = try ExternalOption.parse(args)
        // A helper the external differ starts in a session of its own is killed with it.
        if external != nil { ChildProcess.adoptOrphans() }
        let handlers = Interruption.removeOnSignal([], cleanups: external.map { e in [{ e.driver.shutdown() }] } ?? [])
        defer {
            external?.driver.shutdown()
            withExtendedLifetime(handlers) {}
        }
        let names = try args.list("algorithms")
        let differs = external != nil && names == nil ? [] : try AlgorithmSelection.resolve(names, in: registry)
        let target = try args.choice("target", default: Target.table)
        let random = try args.int("random", default: 0)
        let seed = try args.seed(default: 1)
        let suite = try args.value("suite").map { name throws(DiffBenchError) in try SuiteFiles.load(name) }
        let verification = Verification(
            differs: differs, checker: ConformanceChecker(target: target),
            timeLimit: try args.seconds("timeout") ?? builtInTimeLimit)
        var run = VerifySession(
            verification: verification,
            external: external, quiet: args.has("quiet"), listPasses: random == 0,
            output: VerifySession.Output(line: { Console.out($0) }, notice: { Console.err($0) }))
        run.summary.algorithms = differs.map(\.name) + (external.map { [$0.name] } ?? [])
        let format = try args.choice("format", among: formats, default: .text)
        run.linesToStderr = format == .json
        let (minimalFolder, out) = try prepareOutputs(args, format: format, session: &run)
        if !args.positional.isEmpty || (random == 0 && suite == nil) { try checkFiles(args.positional, session: &run) }
        if let suite { try checkSuite(suite, session: &run) }
        if random > 0 { try checkRandom(random, from: seed, session: &run) }
        let minimal =
            try minimalFolder.map { folder throws(DiffBenchError) in
                try run.writeMinimal(to: folder, force: args.has("force"))
            } ?? [:]
        try printSummary(run, format: format, target: target, out: out, minimal: minimal)
        return run.summary.failed + run.summary.errors > 0 ? .wrong : .pass
    }

    /// Checks `--save-failures`, `--save-minimal`, `--out` and `--force` against each other and
    /// makes the folders; the minimal cases' folder and the JSON's file.
    static func prepareOutputs(_ args: Arguments, format: OutputFormat, session: inout VerifySession)
        throws(DiffBenchError) -> (minimalFolder: String?, out: String?)
    {
        if let folder = args.value("save-failures") {
            try makeFolder(folder, flag: "save-failures")
            let earlier = ((try? Files.names(in: folder)) ?? [])
                .filter { $0.hasSuffix(".json") }
            if !earlier.isEmpty && !args.has("force") {
                throw .usage(
                    "--save-failures \(folder): holds \(earlier.count) case files of an earlier run "
                        + "(\(earlier.sorted()[0]), ...); add --force to replace them, or name another folder")
            }
            session.saveFailures = folder
        }
        let minimalFolder = args.value("save-minimal")
        if let minimalFolder { try makeFolder(minimalFolder, flag: "save-minimal") }
        let out = args.value("out")
        if out != nil && format != .json { throw .usage("--out goes with --format json") }
        if args.has("force") && minimalFolder == nil && out == nil && args.value("save-failures") == nil {
            throw .usage("--force goes with --save-failures DIR, --save-minimal DIR or --out FILE")
        }
        if let out, !args.has("force"), Files.exists(out) {
            throw .usage("--out \(out): exists; add --force to replace it")
        }
        session.keepsMinimal = minimalFolder != nil
        return (minimalFolder, out)
    }

    /// Checks every case file `paths` name (none: Corpus/cases).
    static func checkFiles(_ paths: [String], session: inout VerifySession) throws(DiffBenchError) {
        let paths = paths.isEmpty ? [CorpusFolder.resolve("Corpus/cases")] : paths
        let files = try FileAccess.caseFiles(paths)
        guard !files.isEmpty else { throw .usage("\(paths.joined(separator: " ")): no *.json case files found") }
        for file in files {
            let loaded = try FileAccess.readCase(file)
            try session.check(label: file, old: loaded.old, new: loaded.new) { loaded }
        }
    }

    /// Checks every case of `suite`.
    static func checkSuite(_ suite: Suite, session: inout VerifySession) throws(DiffBenchError) {
        let progress = Progress(total: suite.cells.count, label: "verify --suite \(suite.name)", quiet: session.quiet)
        for (n, cell) in suite.cells.enumerated() {
            let generated: GeneratedCase
            do {
                generated = try cell.scenario.generate(size: cell.size, sections: cell.sections, seed: cell.seed)
            } catch {
                throw .usage("--suite \(suite.name): \(error.description)")
            }
            let file = generated.caseFile(ids: cell.ids)
            try session.check(label: file.name, old: file.old, new: file.new) { file }
            progress.advance(to: n + 1)
        }
        progress.finish()
    }

    /// Checks `count` random cases, seeds from `seed` on.
    static func checkRandom(_ count: Int, from seed: UInt64, session: inout VerifySession) throws(DiffBenchError) {
        let progress = Progress(total: count, label: "verify --random", quiet: session.quiet)
        for n in 0..<count {
            let drawnSeed = seed &+ UInt64(n)
            let drawn = RandomCases.drawAny(seed: drawnSeed)
            try session.check(label: drawn.label, stem: "seed-\(drawnSeed)", old: drawn.old, new: drawn.new) {
                CaseFile(
                    name: drawn.label, old: GeneratedCase.caseSnapshot(drawn.old, ids: .int),
                    new: GeneratedCase.caseSnapshot(drawn.new, ids: .int), duplicates: drawn.hasDuplicates)
            }
            progress.advance(to: n + 1)
        }
        progress.finish()
    }

    /// The closing lines, or the JSON (to `out` when given).
    static func printSummary(
        _ session: VerifySession, format: OutputFormat, target: Target, out: String?,
        minimal: [String: [RuleID: String]]
    ) throws(DiffBenchError) {
        if format == .json {
            Console.err(session.summary.description)
            let json = session.summary.json(target: target.rawValue, minimalCases: minimal)
            if let out {
                try FileAccess.writeAtomically(Array(json.utf8), to: out, replace: true)
                Console.err("bench: wrote \(out)")
            } else {
                Console.raw(json, terminator: "")
            }
            return
        }
        if session.summary.algorithms.count > 1 || session.summary.failed + session.summary.errors > 0 {
            for line in session.summary.perDiffer { Console.out(line) }
        }
        Console.out(session.summary.description)
        if let line = session.selfReported() { Console.out(line) }
    }

    /// Makes the folder a `--save-...` flag names, or says why it cannot.
    static func makeFolder(_ folder: String, flag: String) throws(DiffBenchError) {
        if let kind = FileAccess.special(folder), kind != "a directory" {
            throw .usage("--\(flag) \(folder): is \(kind), expected a folder")
        }
        do { try Files.makeFolder(folder) } catch {
            throw .usage("--\(flag) \(folder): cannot create the folder: \(error.localizedDescription)")
        }
    }
}
