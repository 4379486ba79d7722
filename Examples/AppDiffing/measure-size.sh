#!/usr/bin/env bash
# shellcheck disable=SC2016  # the programs below are Swift source, single-quoted on purpose
# SPDX-License-Identifier: Apache-2.0
# What linking a differ adds to a stripped release executable: builds three throwaway packages
# with this toolchain (a program that diffs nothing; one that diffs an app's sections with
# DiffBenchDiffing's heckel, checks the changeset with its guard and applies it; one that diffs
# them with DifferenceKit 1.3.0's StagedChangeset) and prints each stripped size and the difference
# to the first. DifferenceKit resolves from GitHub (or from SwiftPM mirrors where offline).
# Usage: Examples/AppDiffing/measure-size.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

package() { # NAME DEPENDENCY PRODUCT-DEPENDENCY SOURCE
  mkdir -p "$work/$1/Sources/$1"
  cat > "$work/$1/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "$1", dependencies: [$2],
    targets: [.executableTarget(name: "$1", dependencies: [$3])])
MANIFEST
  printf '%s\n' "$4" > "$work/$1/Sources/$1/main.swift"
}

package Empty "" "" 'print(CommandLine.arguments.count)'
package WithDiffBench ".package(name: \"DiffBench\", path: \"$root\")" \
  '.product(name: "DiffBenchDiffing", package: "DiffBench")' '
import DiffBenchDiffing
struct Row: DiffElement { var id: Int; var rev: Int
  var diffID: Int { id }; func isContentEqual(to other: Row) -> Bool { rev == other.rev } }
struct Box: DiffSection { var id: Int; var rows: [Row]
  var diffID: Int { id }; func isContentEqual(to other: Box) -> Bool { true } }
let n = CommandLine.arguments.count
let old = [Box(id: 0, rows: (0..<n + 3).map { Row(id: $0, rev: 0) })]
let new = [Box(id: 0, rows: (0..<n + 3).reversed().map { Row(id: $0, rev: $0 % 2) })]
var shown = Snapshot(sections: old)
let view = RecordingView { shown }
let changeset = try Heckel().diff(from: old, to: new)
let violation = view.apply(changeset, from: Snapshot(sections: old), to: Snapshot(sections: new),
                           guard: UpdateGuard(caseFolder: nil)) { shown = $0 }
print(changeset.stages.count, violation == nil, view.events.count)'
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
for name in Empty WithDiffBench WithDifferenceKit; do
  swift build -c release --package-path "$work/$name" >&2
  bin=$(swift build -c release --package-path "$work/$name" --show-bin-path)/$name
  strip -o "$work/$name.stripped" "$bin"
  size[$name]=$(stat -c %s "$work/$name.stripped")
  libraries=$(ldd "$bin" | awk '{print $1}' | grep -c .)
  echo "$name: prints $("$bin"); stripped ${size[$name]} bytes; $libraries shared libraries" >&2
done
echo "stripped release executable, $(swift --version 2>&1 | head -n 1)"
for name in Empty WithDiffBench WithDifferenceKit; do
  printf '%-18s %10d bytes  %+10d bytes\n' "$name" "${size[$name]}" "$(( size[$name] - size[Empty] ))"
done
