// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

/// The league's differs, in the order `league list` and the tables show them.
public enum League {
    /// Every peer differ, one entry per library (two where a library offers a raw and a batch-safe
    /// way).
    public static let differs: [Differ] = libraries + epoxy + AppFeed.differs

    /// Every peer but Epoxy, whose diffing files are read from its tag at build time.
    static let libraries: [Differ] = [
        Differ(adapting: DifferenceKitAdapter()),
        Differ(adapting: DifferentiatorAdapter()),
        Differ(adapting: DeepDiffAdapter()),
        Differ(adapting: DifferLibraryAdapter()),
        Differ(adapting: FlexibleDiffAdapter()),
        Differ(adapting: ListDiffAdapter(batchSafe: true)),
        Differ(adapting: ChangesetAdapter()),
        Differ(adapting: ListDiffAdapter(batchSafe: false)),
        Differ(adapting: DiffBenchDiffingAdapter(.heckel)),
        Differ(adapting: DiffBenchDiffingAdapter(.lis)),
        Differ(adapting: DiffBenchDiffingAdapter(.heckel, guarded: true))
    ]

    /// The differs shown apart: ways of calling a library that its own API exists to avoid, verified
    /// to show what they break, never timed or scored (`league run` refuses them).
    public static let shownApart: Set<String> = ["listdiff-raw"]

    /// What `league run` times without `--algorithms`: every library and DiffBench's product (its
    /// guarded variant, which times the guard's cost, and the app family of League/app.suite,
    /// only on request), no built-in differ.
    public static var runByDefault: [String] {
        let appFamily = Set(AppFeed.differs.map(\.name))
        return differs.map(\.name).filter {
            !shownApart.contains($0) && !$0.hasSuffix("-guarded") && !appFamily.contains($0)
        }
    }

    /// Epoxy when its files were fetched (League/fetch-epoxy.sh), else none.
    #if canImport(EpoxyDiffing)
    static let epoxy: [Differ] = [Differ(adapting: EpoxyAdapter())]
    #else
    static let epoxy: [Differ] = []
    #endif
}
