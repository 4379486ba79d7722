// SPDX-License-Identifier: Apache-2.0
// The product an app links (`DiffBenchDiffing`): the model, the linear differs and the checker,
// with the glue that applies a changeset to a view and the guard that checks it first. Nothing
// here measures, reports or parses a command line.
@_exported import DiffBenchModel
@_exported import DiffBenchAlgorithms
@_exported import DiffBenchConformance
