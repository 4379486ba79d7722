// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// The league's differs, in the order `league list` and the tables show them.
public enum League {
    /// Every peer differ, one entry per library (two where a library offers a raw and a batch-safe
    /// way).
    public static let differs: [Differ] = [
        Differ(adapting: DifferenceKitAdapter()),
        Differ(adapting: DifferentiatorAdapter()),
        Differ(adapting: DeepDiffAdapter()),
        Differ(adapting: DifferLibraryAdapter()),
        Differ(adapting: FlexibleDiffAdapter()),
        Differ(adapting: ListDiffAdapter(batchSafe: true)),
        Differ(adapting: ListDiffAdapter(batchSafe: false)),
        Differ(adapting: DiffBenchDiffingAdapter(.heckel)),
        Differ(adapting: DiffBenchDiffingAdapter(.lis)),
        Differ(adapting: DiffBenchDiffingAdapter(.heckel, guarded: true))
    ] + AppFeed.differs
}
