// SPDX-License-Identifier: Apache-2.0
/// A failure of a DiffBench call: one line that names the file, line or value at fault, and
/// what kind of failure it is. No exit code: only the command line (DiffBenchKit's `ExitCode`)
/// turns a kind into one, so a program that calls the library decides for itself.
public struct DiffBenchError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure.
    public enum Kind: Sendable, Equatable {
        /// Bad input: a malformed or unreadable file, a value out of range, a refused request.
        case badInput
        /// Two inputs that cannot be compared: other schemas, corpora, machines or rows.
        case notComparable
    }

    /// What kind of failure.
    public var kind: Kind
    /// One line for stderr.
    public var message: String

    /// Creates an error.
    ///
    /// - Complexity: O(1).
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Bad input.
    ///
    /// - Complexity: O(1).
    public static func badInput(_ message: String) -> DiffBenchError { DiffBenchError(.badInput, message) }

    public var description: String { message }
}
