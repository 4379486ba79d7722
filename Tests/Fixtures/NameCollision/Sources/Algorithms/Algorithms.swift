// SPDX-License-Identifier: Apache-2.0
/// A declaration of this package's own `Algorithms` module, used by the executable.
public enum AlgorithmsMarker {
    /// The module's name, printed by `CollisionBench`.
    public static let name = "Algorithms"
}
