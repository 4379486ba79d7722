// SPDX-License-Identifier: Apache-2.0
/// A declaration of this package's own `Compare` module, used by the executable.
public enum CompareMarker {
    /// The module's name, printed by `CollisionBench`.
    public static let name = "Compare"
}
