// SPDX-License-Identifier: Apache-2.0
import DiffBenchFileFormats
import DiffBenchErrors

/// Resolves `--algorithms a,b` against the registry.
package enum AlgorithmSelection {
    /// `flag` is the option the user typed (`--algorithms`, `--algorithm`), for the message.
    package static func resolve(
        _ names: [String]?, in registry: DifferRegistry,
        flag: String = "--algorithms"
    ) throws(DiffBenchError) -> [Differ] {
        guard let names else { return registry.all }
        var result: [Differ] = []
        for (k, name) in names.enumerated() {
            if names[..<k].contains(name) {
                throw .badInput("\(flag): \"\(name)\" is named twice (each differ runs once per cell)")
            }
            guard let differ = registry.named(name) else {
                throw .badInput(
                    "\(flag): unknown algorithm \"\(name)\""
                        + Suggestion.didYouMean(name, among: registry.names)
                        + " (known: \(registry.names.joined(separator: ", ")))")
            }
            result.append(differ)
        }
        return result
    }
}
