import Algorithms
import DiffModel
import Harness

/// Resolves `--algorithms a,b` against the registry.
enum AlgorithmSelection {
    /// `flag` is the option the user typed (`--algorithms`, `--algorithm`), for the message.
    static func resolve(_ names: [String]?, flag: String = "--algorithms") throws(CommandError) -> [any DiffAlgorithm] {
        guard let names else { return AlgorithmRegistry.all }
        var result: [any DiffAlgorithm] = []
        for name in names {
            guard let algorithm = AlgorithmRegistry.named(name) else {
                throw .usage("\(flag): unknown algorithm \"\(name)\" (known: \(AlgorithmRegistry.names.joined(separator: ", ")))")
            }
            result.append(algorithm)
        }
        return result
    }
}
