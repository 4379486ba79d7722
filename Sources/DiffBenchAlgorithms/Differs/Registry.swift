// SPDX-License-Identifier: Apache-2.0
import DiffBenchModel

/// Every registered algorithm, by stable name. Adding one is one file plus one line here.
public enum AlgorithmRegistry {
    /// All algorithms in report order.
    public static let all: [any DiffAlgorithm] = [
        ReloadAlgorithm(),
        Heckel(),
        Myers(),
        StdlibDifference(),
        Lis()
    ]

    /// The algorithm called `name`, if registered.
    public static func named(_ name: String) -> (any DiffAlgorithm)? {
        all.first { $0.name == name }
    }

    /// The registered names, in report order.
    public static var names: [String] { all.map(\.name) }
}
