// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchErrors

extension DiffBenchError {
    /// A usage error: a bad flag or value on the command line (exit 1).
    ///
    /// - Complexity: O(1).
    static func usage(_ message: String) -> DiffBenchError { .badInput(message) }
}
