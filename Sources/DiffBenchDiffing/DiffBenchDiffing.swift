// SPDX-License-Identifier: Apache-2.0
// The product an app links (`DiffBenchDiffing`): its own vocabulary only (``DiffRow``,
// ``DiffSection``, ``DiffUpdate``, ``BatchUpdateView`` and the UIKit and AppKit glue). The engine
// underneath (DiffBenchModel's snapshots, DiffBenchDiffCore's heckel and lis) is imported, never
// re-exported: an app file that imports this module beside SwiftUI or DifferenceKit sees none of
// the benchmark's names. The guard and the recording view, which need the checker, are the
// `DiffBenchDiffingGuard` product.
import DiffBenchModel
import DiffBenchDiffCore
