// SPDX-License-Identifier: Apache-2.0
/// A declaration of this package's own `Reports` module, used by the executable.
public enum ReportsMarker {
    /// The module's name, printed by `CollisionBench`.
    public static let name = "Reports"
}
