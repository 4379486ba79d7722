// SPDX-License-Identifier: Apache-2.0
/// A declaration of this package's own `Statistics` module, used by the executable.
public enum StatisticsMarker {
    /// The module's name, printed by `CollisionBench`.
    public static let name = "Statistics"
}
