#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What linking DiffBench's app products adds to a stripped release executable, beside DifferenceKit:
# League/measure-sizes.sh's programs (League/size/*.swift) for DiffBenchDiffing (diff plus apply, no
# guard), the same with DiffBenchDiffingGuard a dependency and UpdateGuard.debugDefault passed (off:
# a release build), with the guard on (a debug build's) and DifferenceKit 1.3.0, each minus a program
# that diffs nothing. DifferenceKit resolves from GitHub (or from
# SwiftPM mirrors where offline).
# Usage: Examples/AppDiffing/measure-size.sh [--max-diffing BYTES]
#   --max-diffing: exit 1 when diff plus apply adds more than BYTES.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
max=
while [[ $# -gt 0 ]]; do
  case $1 in
    --max-diffing) max=${2:?--max-diffing needs a number of bytes}; shift 2 ;;
    *) echo "measure-size.sh: unknown argument $1 (expected --max-diffing BYTES)" >&2; exit 1 ;;
  esac
done
table=$("$root/League/measure-sizes.sh" --only diffbench-diffing,diffbench-diffing-guard-off,diffbench-diffing-guard,differencekit)
echo "$table"
added=$(awk '$1 == "diffbench-diffing" { gsub(/\+/, "", $4); print $4 }' <<<"$table")
if [[ -n $max ]] && (( added > max )); then
  echo "diff plus apply adds $added bytes, over the limit of $max"; exit 1
fi
