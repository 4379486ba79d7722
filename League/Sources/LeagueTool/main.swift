// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchKit
import DiffBenchLeague

// `swift run -c release league ...`: the whole bench command line (run, verify, check, diff,
// report, compare, export, ...) with every peer differ registered after the built-in ones. A run
// without --algorithms times the libraries and DiffBench's product, and no run times a differ shown
// apart (LeagueCommandLine).
let given = Array(CommandLine.arguments.dropFirst())
let tokens: [String]
do {
    tokens = try LeagueCommandLine.rewrite(given)
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(1)
}
if tokens != given {
    // DiffBench.main reads the process's own command line: the league starts itself again with
    // the rewritten one (which the rewrite leaves as it is).
    var argv = ([CommandLine.arguments[0]] + tokens).map { strdup($0) }
    argv.append(nil)
    execvp(CommandLine.arguments[0], argv)
    FileHandle.standardError.write(Data("league: cannot start \(CommandLine.arguments[0]) again\n".utf8))
    exit(1)
}
DiffBench.main(adding: League.differs)
