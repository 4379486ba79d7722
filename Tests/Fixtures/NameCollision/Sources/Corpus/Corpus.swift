// SPDX-License-Identifier: Apache-2.0
/// A declaration of this package's own `Corpus` module, used by the executable.
public enum CorpusMarker {
    /// The module's name, printed by `CollisionBench`.
    public static let name = "Corpus"
}
