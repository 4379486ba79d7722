// SPDX-License-Identifier: Apache-2.0
import DiffBenchAlgorithms
import DiffBenchFileFormats
import DiffBenchErrors

/// The differs a `bench` process knows: the built-in algorithms plus any a user's package adds.
/// A value passed to every command (no global registry), so the measuring child, which is the
/// same executable, knows the same differs as its parent.
public struct DifferRegistry: Sendable {
    /// Every differ, in report order: the built-in ones first.
    public private(set) var all: [Differ]

    /// The built-in algorithms of ``AlgorithmRegistry``.
    public static var builtIn: DifferRegistry {
        DifferRegistry(uncheckedDiffers: AlgorithmRegistry.all.map { Differ($0) })
    }

    init(uncheckedDiffers: [Differ]) { all = uncheckedDiffers }

    /// The built-in algorithms plus `differs`.
    ///
    /// - Throws: a usage error when a name is empty, not of lowercase letters, digits, `-`, `_`
    ///   and `.`, or already taken.
    public init(adding differs: [Differ]) throws(DiffBenchError) {
        self = .builtIn
        for differ in differs {
            guard Self.isValidName(differ.name) else {
                throw .badInput("differ name \"\(differ.name)\": use lowercase letters, digits, '-', '_' or '.'")
            }
            guard named(differ.name) == nil else {
                throw .badInput("differ name \"\(differ.name)\" is registered twice")
            }
            all.append(differ)
        }
    }

    /// Whether `name` can name a differ: not empty, lowercase letters, digits, `-`, `_` and `.`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            }
    }

    /// The differ called `name`, if registered.
    public func named(_ name: String) -> Differ? { all.first { $0.name == name } }

    /// The registered names, in report order.
    public var names: [String] { all.map(\.name) }
}
