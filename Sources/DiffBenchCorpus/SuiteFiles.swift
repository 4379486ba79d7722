// SPDX-License-Identifier: Apache-2.0
import Foundation
import DiffBenchFileFormats
import DiffBenchErrors
import DiffBenchPlatform

/// Finds and reads suites: a bare name means Corpus/suites/NAME.suite, in the current directory
/// or else in the DiffBench checkout this binary was built from (a user's package that depends
/// on DiffBench runs from its own folder).
package enum SuiteFiles {
    /// The directory the named suites live in.
    package static var directory: String { CorpusFolder.resolve("Corpus/suites") }

    /// Names of the suites in `directory`.
    package static func available() -> [String] {
        let names = (try? Files.names(in: directory)) ?? []
        return names.filter { $0.hasSuffix(".suite") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// Reads a suite by name or path.
    package static func load(_ nameOrPath: String) throws(DiffBenchError) -> Suite {
        let isPath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".suite")
        let path = isPath ? nameOrPath : "\(directory)/\(nameOrPath).suite"
        if !isPath && !Files.exists(path) {
            throw .badInput(
                "--suite \(nameOrPath): no such suite"
                    + Suggestion.didYouMean(nameOrPath, among: available())
                    + " (known: \(available().joined(separator: ", ")))")
        }
        let bytes = try FileAccess.read(path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        do { return try Suite.parse(String(decoding: bytes, as: UTF8.self), name: name, file: path) } catch {
            throw .badInput(error.description)
        }
    }
}
