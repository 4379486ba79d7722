import Harness
#if canImport(Glibc)
import Glibc
#endif

let usage = """
DiffBench: the benchmark and UIKit conformance suite for list-diffing algorithms.

USAGE: bench [run] [options]            benchmark a suite (default: the default suite)
       bench verify [CASE|DIR ...]      run algorithms on cases and check their changesets
       bench check CASE CHANGESET       judge any tool's changeset under UIKit's rules
       bench diff CASE --algorithm NAME write one algorithm's changeset
       bench corpus list|show|write     the seeded scenarios
       bench compare BASE.csv NEW.csv   compare two runs and gate (exit 2 slower, 3 wrong)
       bench merge A.csv B.csv --out F  join shards or repeated runs into one results file
       bench list                       algorithms, scenarios and suites

Run `bench <subcommand> --help` for a subcommand's options.
Exit status: 0 pass, 1 usage or input error, 2 performance regression, 3 wrong output,
4 not comparable.
"""

let commands: [String: ([String]) throws(CommandError) -> ExitCode] = [
    "verify": VerifyCommand.run,
    "check": CheckCommand.run,
    "diff": DiffCommand.run,
    "list": ListCommand.run,
    "corpus": CorpusCommand.run,
    "run": RunCommand.run,
    "compare": CompareCommand.run,
    "merge": MergeCommand.run,
    "_cell": CellCommand.run,
    "_instructions": InstructionsCommand.run,
    "_protocol": { _ throws(CommandError) in Console.out(CellRunner.protocolVersion); return .pass },
]

var tokens = Array(CommandLine.arguments.dropFirst())
let code: ExitCode
do {
    if tokens.first == "--help" || tokens.first == "-h" || tokens.first == "help" {
        Console.out(usage)
        code = .pass
    } else if let name = tokens.first, let command = commands[name] {
        code = try command(Array(tokens.dropFirst()))
    } else if let name = tokens.first, !name.hasPrefix("-") {
        let known = commands.keys.filter { !$0.hasPrefix("_") }.sorted().joined(separator: ", ")
        throw CommandError.usage("unknown subcommand \"\(name)\" (known: \(known); see bench --help)")
    } else {
        code = try RunCommand.run(tokens)
    }
} catch let error as CommandError {
    Console.err("bench: \(error.message)")
    code = error.code
} catch {
    Console.err("bench: \(error)")
    code = .usage
}
exit(code.rawValue)
