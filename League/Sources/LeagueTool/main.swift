// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit
import DiffBenchLeague

// `swift run -c release league ...`: the whole bench command line (run, verify, check, diff,
// report, compare, export, ...) with every peer differ registered after the built-in ones.
DiffBench.main(adding: League.differs)
