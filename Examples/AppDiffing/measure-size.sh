#!/usr/bin/env bash
# shellcheck disable=SC2016  # the programs below are Swift source, single-quoted on purpose
# SPDX-License-Identifier: Apache-2.0
# What linking a differ adds to a stripped release executable: builds throwaway packages with this
# toolchain (a program that diffs nothing; one that diffs an app's sections with DiffBenchDiffing
# and applies the update to a view; the same with DiffBenchDiffingGuard's guard checking it; one
# that diffs them with DifferenceKit 1.3.0's StagedChangeset) and prints each stripped size and
# the difference to the first. DifferenceKit resolves from GitHub (or from SwiftPM mirrors where
# offline); without it, its line says so and the others are still measured.
# Usage: Examples/AppDiffing/measure-size.sh [--max-diffing BYTES]
#   --max-diffing: exit 1 when diff plus apply (no guard) adds more than BYTES.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
max=
while [[ $# -gt 0 ]]; do
  case $1 in
    --max-diffing) max=${2:?--max-diffing needs a number of bytes}; shift 2 ;;
    *) echo "measure-size.sh: unknown argument $1 (expected --max-diffing BYTES)" >&2; exit 1 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

package() { # NAME DEPENDENCY PRODUCT-DEPENDENCIES SOURCE
  mkdir -p "$work/$1/Sources/$1"
  cat > "$work/$1/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "$1", dependencies: [$2],
    targets: [.executableTarget(name: "$1", dependencies: [$3])])
MANIFEST
  printf '%s\n' "$4" > "$work/$1/Sources/$1/main.swift"
}

# The app's types and a view that counts the calls it gets (an app's UITableView in their place).
types='
struct Row: Identifiable, Equatable, DiffRow { var id: Int; var rev: Int }
struct Box: Identifiable, Equatable, DiffSection { var id: Int; var rows: [Row] }
let n = CommandLine.arguments.count
let old = [Box(id: 0, rows: (0..<n + 3).map { Row(id: $0, rev: 0) })]
let new = [Box(id: 0, rows: (0..<n + 3).reversed().map { Row(id: $0, rev: $0 % 2) })]
var shown = old'
package Empty "" "" 'print(CommandLine.arguments.count)'
package WithDiffBench ".package(name: \"DiffBench\", path: \"$root\")" \
  '.product(name: "DiffBenchDiffing", package: "DiffBench")' "
import DiffBenchDiffing
$types"'
final class CountingView: BatchUpdateView {
  var calls = 0
  var isInWindow: Bool { true }
  var canReconfigureRows: Bool { true }
  func performBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) { calls += 1; updates(); completion?(true) }
  func reloadData() { calls += 1 }
  func deleteSections(_ sections: [Int]) { calls += 1 }
  func insertSections(_ sections: [Int]) { calls += 1 }
  func moveSection(_ section: Int, toSection newSection: Int) { calls += 1 }
  func reloadSections(_ sections: [Int]) { calls += 1 }
  func deleteRows(at paths: [RowPath]) { calls += 1 }
  func insertRows(at paths: [RowPath]) { calls += 1 }
  func moveRow(at path: RowPath, to newPath: RowPath) { calls += 1 }
  func reloadRows(at paths: [RowPath]) { calls += 1 }
  func reconfigureRows(at paths: [RowPath]) { calls += 1 }
  func dataSourceSectionCount() -> Int { shown.count }
  func dataSourceRowCount(inSection section: Int) -> Int { shown[section].rows.count }
}
let view = CountingView()
let update = DiffUpdate(from: old, to: new)
view.reload(using: update) { shown = $0 }
print(update.stages.count, view.calls, shown == new)'
package WithDiffBenchGuard ".package(name: \"DiffBench\", path: \"$root\")" \
  '.product(name: "DiffBenchDiffing", package: "DiffBench"), .product(name: "DiffBenchDiffingGuard", package: "DiffBench")' "
import DiffBenchDiffing
import DiffBenchDiffingGuard
$types"'
let view = RecordingView(sections: { shown })
let update = DiffUpdate(from: old, to: new)
let outcome = view.reload(using: update, guard: UpdateGuard(caseFolder: nil)) { shown = $0 }
print(update.stages.count, outcome == .animated, view.judge(from: old, to: new).isEmpty)'
package WithDifferenceKit '.package(url: "https://github.com/ra1028/DifferenceKit", exact: "1.3.0")' \
  '.product(name: "DifferenceKit", package: "DifferenceKit")' '
import DifferenceKit
struct Row: Differentiable { var id: Int; var rev: Int
  var differenceIdentifier: Int { id }; func isContentEqual(to other: Row) -> Bool { rev == other.rev } }
struct Box: Differentiable { var id: Int
  var differenceIdentifier: Int { id }; func isContentEqual(to other: Box) -> Bool { true } }
let n = CommandLine.arguments.count
let old = [ArraySection(model: Box(id: 0), elements: (0..<n + 3).map { Row(id: $0, rev: 0) })]
let new = [ArraySection(model: Box(id: 0), elements: (0..<n + 3).reversed().map { Row(id: $0, rev: $0 % 2) })]
let changeset = StagedChangeset(source: old, target: new)
print(changeset.count)'

declare -A size
names=(Empty WithDiffBench WithDiffBenchGuard WithDifferenceKit)
for name in "${names[@]}"; do
  if ! swift build -c release --package-path "$work/$name" >&2; then
    [[ $name == WithDifferenceKit ]] || { echo "$name did not build" >&2; exit 1; }
    echo "$name: DifferenceKit did not resolve or build; not measured" >&2
    continue
  fi
  bin=$(swift build -c release --package-path "$work/$name" --show-bin-path)/$name
  strip -o "$work/$name.stripped" "$bin"
  size[$name]=$(stat -c %s "$work/$name.stripped")
  libraries=$(ldd "$bin" | awk '{print $1}' | grep -c .)
  echo "$name: prints $("$bin"); stripped ${size[$name]} bytes; $libraries shared libraries" >&2
done
echo "stripped release executable, $(swift --version 2>&1 | head -n 1)"
for name in "${names[@]}"; do
  [[ -n ${size[$name]:-} ]] || continue
  printf '%-18s %10d bytes  %+10d bytes\n' "$name" "${size[$name]}" "$(( size[$name] - size[Empty] ))"
done
if [[ -n $max ]] && (( size[WithDiffBench] - size[Empty] > max )); then
  echo "diff plus apply adds $(( size[WithDiffBench] - size[Empty] )) bytes, over the limit of $max"; exit 1
fi
