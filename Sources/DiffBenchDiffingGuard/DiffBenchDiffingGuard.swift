// SPDX-License-Identifier: Apache-2.0
// The product an app links in debug builds and tests (`DiffBenchDiffingGuard`): the guard that
// checks each update against UIKit's batch-update rules before the view sees it and reads the
// data source back inside each batch, and the recording view that judges glue on any platform.
// Apart from `DiffBenchDiffing`, so that an app that does not use them links no checker. The
// checker (DiffBenchConformance) and the case-file writer are imported, never re-exported.
import DiffBenchDiffing
import DiffBenchConformance
