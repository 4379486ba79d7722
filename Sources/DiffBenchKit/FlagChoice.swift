// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchConformance
import DiffBenchCompare
import DiffBenchVerdicts
import DiffBenchDiffers
import DiffBenchRunning
import DiffBenchErrors

/// A closed set of words a flag takes (`--format json`, `--target diffable`): an enum whose raw
/// values are the words. ``Arguments/choice(_:among:default:)`` parses every such flag, so the
/// words a command accepts, its error for any other and its usage line come from one list.
protocol FlagChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension FlagChoice {
    /// Every choice as a usage line writes them: `a|b|c`.
    ///
    /// - Complexity: O(*n*).
    static var usage: String { Array(allCases).usage }
}

extension Array where Element: FlagChoice {
    /// `a|b|c`, as a usage line writes the choices.
    ///
    /// - Complexity: O(*n*).
    var usage: String { map(\.rawValue).joined(separator: "|") }

    /// `a, b or c`, as an error writes them.
    ///
    /// - Complexity: O(*n*).
    var expected: String {
        let words = map(\.rawValue)
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}

extension Arguments {
    /// `--name`'s value, one of `choices`, or `fallback` when the flag is absent; any other word
    /// is a usage error that lists the choices (`--format table: expected markdown or json`).
    ///
    /// - Complexity: O(*n*) for *n* choices.
    func choice<Choice: FlagChoice>(
        _ name: String, among choices: [Choice] = Array(Choice.allCases), default fallback: Choice
    ) throws(DiffBenchError) -> Choice {
        try choice(name, among: choices) ?? fallback
    }

    /// `--name`'s value, one of `choices`, or `nil` when the flag is absent.
    ///
    /// - Complexity: O(*n*) for *n* choices.
    func choice<Choice: FlagChoice>(_ name: String, among choices: [Choice] = Array(Choice.allCases))
        throws(DiffBenchError) -> Choice?
    {
        guard let text = value(name) else { return nil }
        guard let chosen = choices.first(where: { $0.rawValue == text }) else {
            throw .usage("--\(name) \(text): expected \(choices.expected)")
        }
        return chosen
    }
}

// The closed values of the other flags, each an enum of the module that uses it.
extension Target: FlagChoice {}
extension Comparison.Scope: FlagChoice {}
extension TimeMetric: FlagChoice {}
extension ExternalDiffer.Mode: FlagChoice {}
extension IdentityKind: FlagChoice {}
extension ResultsExport.Format: FlagChoice {}

extension RunPlan.Timing: FlagChoice {}
