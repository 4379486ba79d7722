// SPDX-License-Identifier: Apache-2.0

/// What `league` does to its command line before DiffBench's reads it (League/README.md):
/// `league run` without `--algorithms` times the libraries and DiffBench's product
/// (``League/runByDefault``), not DiffBench's built-in differs, so that its answer names a library
/// and never a built-in against its own product (`heckel` against `diffbench-heckel`); and it never
/// times a differ shown apart (``League/shownApart``: `listdiff-raw`), which `league verify` shows.
public enum LeagueCommandLine {
    /// A command line `league` refuses: the one-line reason (exit code 1).
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The command line DiffBench is given for `tokens` (the arguments without the executable).
    ///
    /// - Complexity: O(*t*) for *t* tokens.
    /// - Throws: ``Refusal`` for a run that names a differ shown apart.
    public static func rewrite(_ tokens: [String]) throws(Refusal) -> [String] {
        guard isRun(tokens), !tokens.contains(where: { $0 == "--help" || $0 == "-h" }) else { return tokens }
        var named: [String]?
        for (k, token) in tokens.enumerated() {
            if token == "--algorithms", k + 1 < tokens.count {
                named = tokens[k + 1].split(separator: ",").map(String.init)
            } else if token.hasPrefix("--algorithms=") {
                named = token.dropFirst("--algorithms=".count).split(separator: ",").map(String.init)
            }
        }
        guard let named else { return tokens + ["--algorithms", League.runByDefault.joined(separator: ",")] }
        if let apart = named.first(where: League.shownApart.contains) {
            throw Refusal(
                description: "league run: \(apart) is shown apart and never timed or scored (League/README.md); "
                    + "`league verify --algorithms \(apart)` shows what it breaks")
        }
        return tokens
    }

    /// Whether `tokens` run the benchmark: `run`, or options alone (DiffBench's default subcommand).
    static func isRun(_ tokens: [String]) -> Bool {
        guard let first = tokens.first else { return true }
        if first == "run" { return true }
        return first.hasPrefix("-") && !["--help", "-h", "--version"].contains(first)
    }
}
