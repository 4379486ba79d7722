// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DiffBenchLeague

// `swift run -c release league-specialized run --suite quick --algorithms differencekit,differencekit-int`:
// the league's natural adapters beside hand-specialized ones, timed in one run (docs/league.md).
DiffBench.main(adding: League.differs + SpecializedAdapters.differs)
