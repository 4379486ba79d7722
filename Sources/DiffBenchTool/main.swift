// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

// The built-in `bench` is the thinnest user of the library: no differs beyond the built-in ones.
DiffBench.main(adding: [])
