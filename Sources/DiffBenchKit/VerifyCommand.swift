import Harness
import Corpus
import Conformance

/// `bench verify`: runs algorithms on case files (and random cases) and checks every changeset.
enum VerifyCommand {
    static let help = """
    USAGE: bench verify [CASE_FILE|DIR ...] [--algorithms a,b] [--random N] [--seed N]
                        [--target table|collection|diffable] [--quiet]

    Runs each algorithm on each case and judges its changeset with the UIKit conformance
    checker. Without paths and without --random it reads every *.json under Corpus/cases/.

      --algorithms a,b   algorithms to run (default: all registered)
      --random N         also check N seeded random cases: half from a generator of small
                         mixed cases (duplicates in 1 of 8), half from every scenario
      --seed N           first seed of the random cases (default 1)
      --target T         table (default), collection or diffable
      --quiet            print only failures and the summary

    A changeset also fails when it relocates fewer items than the case's minimum (which would
    mean the bound is wrong; table and collection targets).

    Exit status: 0 every changeset passes (unsupported input is reported, not failed),
    1 usage or input error, 3 a changeset fails the checker.
    """

    static func run(_ tokens: [String], _ registry: DifferRegistry) throws(CommandError) -> ExitCode {
        let args = try Arguments(tokens, options: ["algorithms", "random", "seed", "target"], switches: ["quiet"])
        if args.wantsHelp { Console.out(help); return .pass }
        let algorithms = try AlgorithmSelection.resolve(try args.list("algorithms"), in: registry)
        let target = try TargetOption.parse(args.value("target"))
        let random = try args.int("random", default: 0)
        let seed = try args.int("seed", default: 1)
        let verification = Verification(differs: algorithms, checker: ConformanceChecker(target: target))
        var summary = VerificationSummary()
        summary.algorithms = algorithms.map(\.name)
        let quiet = args.has("quiet")

        func record(_ results: [VerificationResult]) {
            summary.add(results)
            for r in results where r.verdict != .pass {
                Console.out("\(r.verdict == .fail ? "FAIL" : "UNSUPPORTED") \(r.algorithm) \(r.label): \(r.detail)")
            }
            if !quiet && results.allSatisfy({ $0.verdict == .pass }) && random == 0 {
                Console.out("ok   \(results.first?.label ?? "")")
            }
        }

        if !args.positional.isEmpty || random == 0 {
            let paths = args.positional.isEmpty ? ["Corpus/cases"] : args.positional
            let files = try FileAccess.caseFiles(paths)
            guard !files.isEmpty else { throw .usage("\(paths.joined(separator: " ")): no *.json case files found") }
            for file in files {
                let loaded = try FileAccess.readCase(file)
                record(verification.verify(label: file, old: loaded.old, new: loaded.new))
            }
        }
        if random > 0 {
            let progress = Progress(total: random, label: "verify --random", quiet: quiet)
            for n in 0..<random {
                let drawn = RandomCases.drawAny(seed: UInt64(truncatingIfNeeded: seed) &+ UInt64(n))
                record(verification.verify(label: drawn.label, old: drawn.old, new: drawn.new))
                progress.advance(to: n + 1)
            }
            progress.finish()
        }
        Console.out(summary.description)
        return summary.failed > 0 ? .wrong : .pass
    }
}

/// Parses `--target`.
enum TargetOption {
    static func parse(_ text: String?) throws(CommandError) -> Target {
        guard let text else { return .table }
        guard let target = Target(rawValue: text) else {
            throw .usage("--target \(text): expected table, collection or diffable")
        }
        return target
    }
}
