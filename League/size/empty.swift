// SPDX-License-Identifier: Apache-2.0
// The baseline: a program that diffs nothing (measure-sizes.sh subtracts its size from the others').
print(CommandLine.arguments.count)
