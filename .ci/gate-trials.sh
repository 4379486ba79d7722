#!/usr/bin/env bash
# Checks the timing gate on this machine, as README "Compare and gate" describes:
#   1. quiet vs loaded: two runs of one binary, the second with both cores busy; `bench compare`
#      must pass (exit 0): a load shift is not a regression.
#   2. a real slowdown: a throwaway commit makes heckel about 15% slower; `run-bench.sh --against`
#      must flag heckel's CPU time in the paired comparison.
#   3. (kind `self`, not part of `both`) the binary against a copy of itself in a paired run, as
#      run-bench.sh --against measures, with both cores busy; `bench compare` with the per-cell
#      thresholds of Results/thresholds.txt (run-bench.sh --calibrate N) when present must pass.
# USAGE: .ci/gate-trials.sh [TRIALS] [load|slowdown|both|self]
#        (default 20 of both kinds; prints a pass count per kind)
set -euo pipefail
cd "$(dirname "$0")/.."
trials=${1:-20}
kinds=${2:-both}
swift build -c release --product bench >/dev/null
work=$(mktemp -d)
cp .build/release/bench "$work/bench"   # one binary for every load trial, whatever is rebuilt meanwhile
bench=$work/bench
trap 'rm -rf "$work"; git worktree remove --force "$work/slow" >/dev/null 2>&1 || true' EXIT

busy() { timeout "$1" sh -c 'while :; do :; done' & timeout "$1" sh -c 'while :; do :; done' & }

if [ "$kinds" = self ]; then
  cp "$bench" "$work/self"
  thresholds=()
  [ -f Results/thresholds.txt ] && thresholds=(--thresholds Results/thresholds.txt)
  self_pass=0
  for t in $(seq "$trials"); do
    busy 600; sleep 1
    "$bench" run --suite quick --rounds 8 --samples 3 --instructions off --paired-with "$work/self" \
      --paired-out "$work/base.csv" --out "$work/head.csv" --force --quiet >/dev/null
    pkill -f 'while :; do :; done' || true; wait 2>/dev/null || true
    if "$bench" compare "$work/base.csv" "$work/head.csv" --metrics timing "${thresholds[@]+"${thresholds[@]}"}" \
      >"$work/cmp.txt" 2>&1; then
      self_pass=$((self_pass + 1))
    else
      grep -E '^\| regression|^- regression' "$work/cmp.txt" | sed "s/^/trial $t: /" >&2 || true
    fi
    echo "self trial $t: $self_pass passed" >&2
  done
  echo "gate trials: same binary, paired, both cores busy, ${thresholds[*]:-global 10% threshold}: passed $self_pass of $trials"
  exit 0
fi

quiet_pass=0
[ "$kinds" = slowdown ] || for t in $(seq "$trials"); do
  "$bench" run --suite quick --instructions off --out "$work/a.csv" --force --quiet >/dev/null
  busy 120; sleep 1
  "$bench" run --suite quick --instructions off --out "$work/b.csv" --force --quiet >/dev/null
  pkill -f 'while :; do :; done' || true; wait 2>/dev/null || true
  if "$bench" compare "$work/a.csv" "$work/b.csv" --metrics timing >"$work/cmp.txt" 2>&1; then
    quiet_pass=$((quiet_pass + 1))
  else
    grep '^| regression' "$work/cmp.txt" | sed "s/^/trial $t: /" >&2 || true
  fi
  echo "load trial $t: $quiet_pass passed" >&2
done

if [ "$kinds" = load ]; then echo "gate trials: load shift passed $quiet_pass of $trials"; exit 0; fi

# The slow variant: a commit on top of HEAD whose heckel does about 15% more work.
git worktree add --detach "$work/slow" HEAD >/dev/null
python3 - "$work/slow/Sources/DiffBenchAlgorithms/Differs/Heckel.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = "        heckelChangeset(old, new)\n    }"
assert old in text
text = text.replace(old, "        let result = heckelChangeset(old, new)\n"
                         "        trialCalls += 1\n"
                         "        if trialCalls % 20 < 3 { _ = heckelChangeset(old, new) }  // gate trial: 3 diffs in 20 twice\n"
                         "        return result\n    }")
text += "\n@usableFromInline nonisolated(unsafe) var trialCalls = 0\n"
open(path, "w").write(text)
PY
(cd "$work/slow" && git -c user.name=trial -c user.email=trial@localhost commit -qam "gate trial: heckel 15% slower")
base=$(git rev-parse HEAD)
caught=0
for t in $(seq "$trials"); do
  (cd "$work/slow" && ./run-bench.sh --against "$base" --timing-only >"$work/rb.txt" 2>&1) || true
  # shellcheck disable=SC2012  # the newest by time; the names are DiffBench's own run ids
  vs=$(ls -t "$work"/slow/Results/*-vs-"${base:0:12}".csv 2>/dev/null | head -n 1 || true)
  if [ -z "$vs" ]; then
    echo "slowdown trial $t: run-bench.sh wrote no comparison; its last lines:" >&2
    tail -n 5 "$work/rb.txt" >&2
    continue
  fi
  flagged=$(awk -F, '$1 == "heckel" && $7 == "cpu_ns" && $13 == "regression"' "$vs" | wc -l)
  others=$(awk -F, '$1 != "heckel" && $7 == "cpu_ns" && $13 == "regression"' "$vs" | wc -l)
  cells=$(awk -F, '$1 == "heckel" && $7 == "cpu_ns"' "$vs" | wc -l)
  [ "$flagged" -gt 0 ] && caught=$((caught + 1))
  echo "slowdown trial $t: heckel flagged in $flagged of $cells cells, other algorithms flagged: $others" >&2
done
[ "$kinds" = slowdown ] || echo "gate trials: load shift passed $quiet_pass of $trials"
echo "gate trials: 15% heckel slowdown caught $caught of $trials"
