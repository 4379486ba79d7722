// SPDX-License-Identifier: Apache-2.0
import DiffBenchCompare
import DiffBenchFileFormats
import DiffBenchErrors

/// The exit codes every `bench` subcommand uses (docs/commands.md, "Exit status"): the command
/// line's alone; the library reports kinds of failure and gate outcomes, and this maps them.
public enum ExitCode: Int32, Sendable {
    /// Pass.
    case pass = 0
    /// Usage or input error: bad flag, unreadable or malformed file.
    case usage = 1
    /// Performance regression.
    case regression = 2
    /// Wrong output: a conformance failure (wins over a regression).
    case wrong = 3
    /// Not comparable: schema, corpus or rows differ.
    case notComparable = 4

    /// The exit code of a failure: 1 for bad input, 4 for inputs that cannot be compared.
    ///
    /// - Complexity: O(1).
    public init(_ kind: DiffBenchError.Kind) {
        switch kind {
        case .badInput: self = .usage
        case .notComparable: self = .notComparable
        }
    }

    /// The exit code of a gate's outcome.
    ///
    /// - Complexity: O(1).
    package init(_ outcome: GateOutcome) {
        switch outcome {
        case .pass: self = .pass
        case .regression: self = .regression
        case .wrong: self = .wrong
        case .notComparable: self = .notComparable
        }
    }
}
