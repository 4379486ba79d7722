#!/usr/bin/env bash
# From an edit to a test result (docs/architecture.md): appends a one-line `package` helper to FILE
# (a change of its module's interface), times `swift build --build-tests` and then
# `swift test --skip-build --filter FILTER` with bash's `time`, and restores FILE.
#   docs/edit-to-test.sh Sources/DiffBenchModel/Element.swift 'DiffBenchModelTests\.'
set -euo pipefail
cd "$(dirname "$0")/.."
file=$1 filter=$2
cp "$file" "$file.orig"
trap 'mv "$file.orig" "$file"' EXIT
printf '\nextension Never { package static func editToTestProbe%s() -> Int { 0 } }\n' "$RANDOM" >>"$file"
TIMEFORMAT='%R'
build=$({ time swift build --build-tests >/tmp/edit-to-test-build.log 2>&1; } 2>&1)
tests=$({ time swift test --skip-build --filter "$filter" >/tmp/edit-to-test-tests.log 2>&1; } 2>&1)
steps=$(grep -c 'Compiling' /tmp/edit-to-test-build.log || true)
echo "$file: build ${build} s ($steps compile steps), tests ($filter) ${tests} s, load $(cut -d' ' -f1-3 /proc/loadavg)"
tail -n 1 /tmp/edit-to-test-tests.log
