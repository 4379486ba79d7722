#!/usr/bin/env bash
# What CI runs: build release, run a suite, gate the exact metrics against Results/baseline.csv
# and, with --against REV, gate CPU time against REV measured in the same job, cell by cell
# (a paired run: base and head alternate, so both see the same phases of the machine).
set -euo pipefail
cd "$(dirname "$0")"

usage() {
  cat <<'USAGE'
USAGE: ./run-bench.sh [--suite NAME] [--against REV [--timing-only]] [--update-baseline]
       ./run-bench.sh [--suite NAME] --calibrate N

  --suite NAME        suite to run (default: quick)
  --against REV       first verify the suite (a wrong changeset fails before anything else), then
                      build REV (cached per commit under .build-against/) and measure head and
                      REV alternately, cell by cell, in one paired run (8 rounds of 3 samples);
                      its head side is also what the exact gate reads. Gate CPU time with
                      `bench compare` (see README, Compare and gate)
  --timing-only       with --against: no instructions and no exact gate, timing only
  --update-baseline   rewrite Results/baseline.csv from this checkout (on purpose only)
  --calibrate N       measure this build against a copy of itself N times (paired runs as
                      --against makes them; N >= 3, 10 or more recommended) and write
                      Results/thresholds.txt with `bench calibrate`: per cell, the threshold
                      that keeps its false-alarm rate under 1% on this machine, never below
                      10%; prints the false-alarm rate of the global rule. --against uses the
                      file when it exists (commit it, like the baseline, per machine kind)

Arguments are checked before anything is built. When the exact metrics of this checkout differ
from Results/baseline.csv in either direction, the run says so: worse is a regression (exit 2);
better means the baseline is stale, which fails under CI (CI=true, exit 4) with the command
that refreshes it.

Instructions are counted under callgrind (valgrind), which repeats exactly from run to run;
without valgrind they are not gated, and the summary says so.

BENCH=PATH uses that bench binary instead of building one.

Exit status: 0 pass, 1 usage or build error, 2 regression, 3 wrong output, 4 not comparable;
any other status of a bench it runs (a compare killed by a signal: 128 + N) fails the gate
with that status and says which command died.
Files: Results/<stamp>-*.csv (results and comparisons), ignored by git.
USAGE
}

suite=quick against="" update=0 timing_only=0 calibrate=0
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) [ $# -ge 2 ] || { echo "run-bench.sh: --suite needs a name" >&2; exit 1; }; suite="$2"; shift 2 ;;
    --against) [ $# -ge 2 ] || { echo "run-bench.sh: --against needs a revision" >&2; exit 1; }; against="$2"; shift 2 ;;
    --update-baseline) update=1; shift ;;
    --calibrate) [ $# -ge 2 ] || { echo "run-bench.sh: --calibrate needs a number of runs" >&2; exit 1; }
      calibrate="$2"; shift 2
      [[ "$calibrate" =~ ^[0-9]+$ ]] && [ "$calibrate" -ge 3 ] \
        || { echo "run-bench.sh: --calibrate $calibrate: expected a number of runs, at least 3" >&2; exit 1; } ;;
    --timing-only) timing_only=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run-bench.sh: unknown option $1 (see --help)" >&2; exit 1 ;;
  esac
done

# Every argument is checked before anything is built: a typo costs a second, not a build.
[ "$timing_only" = 0 ] || [ -n "$against" ] || { echo "run-bench.sh: --timing-only goes with --against" >&2; exit 1; }
[ "$update" = 0 ] || [ -z "$against" ] || { echo "run-bench.sh: --update-baseline does not go with --against" >&2; exit 1; }
[ "$calibrate" = 0 ] || { [ -z "$against" ] && [ "$update" = 0 ]; } \
  || { echo "run-bench.sh: --calibrate goes alone (not with --against or --update-baseline)" >&2; exit 1; }
case "$suite" in
  */*|*.suite) [ -f "$suite" ] || { echo "run-bench.sh: --suite $suite: no such file" >&2; exit 1; } ;;
  *) [ -f "Corpus/suites/$suite.suite" ] || {
       known=$(cd Corpus/suites && for f in ./*.suite; do f=${f#./}; printf '%s ' "${f%.suite}"; done)
       echo "run-bench.sh: --suite $suite: no such suite (known: $known)" >&2; exit 1; } ;;
esac
if [ -n "$against" ]; then
  git rev-parse --verify --quiet "$against^{commit}" >/dev/null \
    || { echo "run-bench.sh: --against $against: no such revision" >&2; exit 1; }
fi

if [ -n "${BENCH:-}" ]; then
  # A bench built elsewhere (or a stand-in, as the tests of this script use): nothing is built.
  bench=$BENCH
else
  echo "== building release" >&2
  swift build -c release --product bench >&2 || exit 1
  bench=.build/release/bench
fi
mkdir -p Results
stamp=$(date -u +%Y%m%dT%H%M%SZ)

counter=off notes=() unavailable=()
if command -v valgrind >/dev/null 2>&1; then
  counter=callgrind
else
  notes+=("INSTRUCTIONS NOT GATED: valgrind is not installed (apt-get install valgrind); the baseline's instruction rows are skipped")
  unavailable=(--allow-unavailable instructions)
fi

if [ "$update" = 1 ]; then
  "$bench" run --suite "$suite" --instructions "$counter" --out Results/baseline.csv --force
  exit $?
fi

if [ "$calibrate" != 0 ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # One frozen binary on both sides, whatever is rebuilt meanwhile.
  cp "$bench" "$work/head"; cp "$bench" "$work/self"
  pairs=()
  for k in $(seq "$calibrate"); do
    echo "== calibration run $k of $calibrate: this build against itself, paired, 8 rounds of 3 samples" >&2
    "$work/head" run --suite "$suite" --rounds 8 --samples 3 --instructions off --paired-with "$work/self" \
      --paired-out "$work/base-$k.csv" --out "$work/head-$k.csv" --quiet >/dev/null || exit 1
    pairs+=("$work/base-$k.csv" "$work/head-$k.csv")
  done
  "$work/head" calibrate "${pairs[@]}" --out Results/thresholds.txt --force
  exit $?
fi

worst=0 unexpected=()
gate() { # keep the worst exit status: an unexpected one (a signal) over 3 (wrong) over 4 over 2 over 1 over 0
  local s=$1 what=${2:-bench}
  case "$s" in
    0|1|2|3|4)
      if [ "${#unexpected[@]}" = 0 ] && { [ "$s" = 3 ] || { [ "$s" = 4 ] && [ "$worst" != 3 ]; } \
        || { [ "$s" = 2 ] && [ "$worst" = 0 ]; } || { [ "$s" = 1 ] && [ "$worst" = 0 ]; }; }; then worst=$s; fi ;;
    *)
      # Anything else is no verdict: a compare killed by a signal (128 + N) must never read as a pass.
      if [ "$s" -gt 128 ] 2>/dev/null; then unexpected+=("$what died of signal $((s - 128)) (status $s)")
      else unexpected+=("$what exited with status $s"); fi
      worst=$s ;;
  esac
}
summary() { # print the verdict (and append it to a CI job page when there is one)
  local line=$1
  for n in "${notes[@]+"${notes[@]}"}"; do echo "run-bench.sh: $n" >&2; done
  echo "run-bench.sh: $line" >&2
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    { echo "### run-bench.sh: $line"; for n in "${notes[@]+"${notes[@]}"}"; do echo "- $n"; done
      for f in "${summaries[@]+"${summaries[@]}"}"; do [ -f "$f" ] && cat "$f"; done; } >> "$GITHUB_STEP_SUMMARY"
  fi
}
summaries=()

head1="Results/$stamp-head.csv"

# With --against: a wrong changeset fails the gate before the base is built or anything is
# timed; otherwise one paired run measures head and base alternately, and its head side (with
# instructions) is also what the exact gate reads, so the suite is not run twice.
paired=0
if [ -n "$against" ]; then
  rev=$(git rev-parse --verify "$against^{commit}") || { echo "run-bench.sh: --against $against: no such revision" >&2; exit 1; }
  short=${rev:0:12}
  echo "== bench verify --suite $suite (before anything is built or timed against $against)" >&2
  s=0; "$bench" verify --suite "$suite" --quiet >&2 || s=$?
  if [ "$s" != 0 ]; then
    gate "$s"
    notes+=("wrong output or a verify error: timing against $against not measured")
    against=""
  fi
fi
if [ -n "$against" ]; then
  cache=.build-against/$short
  base_bench="$PWD/$cache/build/release/bench"
  if [ ! -x "$base_bench" ]; then
    tree=$cache/tree
    git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
    git worktree add --detach "$tree" "$rev" >/dev/null
    echo "== building $against ($short) in $tree (cached for the next run)" >&2
    (cd "$tree" && swift build -c release --product bench --scratch-path ../build) >&2 || exit 1
    git worktree remove --force "$tree" >/dev/null 2>&1 || true
  else
    echo "== $against ($short): using the cached build in $cache" >&2
  fi
  if "$bench" _protocol "$base_bench" >/dev/null 2>&1; then paired=1; fi
fi

head_counter=$counter
[ "$timing_only" = 0 ] || head_counter=off
if [ "$paired" = 1 ]; then
  echo "== paired run: head (instructions $head_counter) and $against ($short) alternate cell by cell, 8 rounds" >&2
  s=0; "$bench" run --suite "$suite" --rounds 8 --samples 3 --instructions "$head_counter" \
    --paired-with "$base_bench" --paired-commit "$short" --paired-out "Results/$stamp-base.csv" --out "$head1" || s=$?
  gate "$s" "bench run (paired)"
elif [ "$timing_only" = 0 ]; then
  echo "== bench run --suite $suite --instructions $counter" >&2
  s=0; "$bench" run --suite "$suite" --instructions "$counter" --out "$head1" || s=$?; gate $s "bench run"
fi

if [ "$timing_only" = 1 ]; then
  notes+=("--timing-only: the exact gate was skipped")
elif [ -f Results/baseline.csv ]; then
  echo "== exact metrics against Results/baseline.csv" >&2
  strict=()
  [ "${CI:-}" != true ] || strict=(--stale-baseline-fails)
  s=0; "$bench" compare Results/baseline.csv "$head1" --metrics exact --out "Results/$stamp-vs-baseline.csv" \
    --markdown "Results/$stamp-vs-baseline.md" --report "Results/$stamp-vs-baseline-report" \
    "${strict[@]+"${strict[@]}"}" "${unavailable[@]+"${unavailable[@]}"}" || s=$?; gate $s "bench compare"
  summaries+=("Results/$stamp-vs-baseline.md")
  notes+=("report: Results/$stamp-vs-baseline-report/README.md")
  skipped=0
  if [ -f "Results/$stamp-vs-baseline.csv" ]; then
    skipped=$(awk -F, '$7 == "instructions" && $13 == "skipped"' "Results/$stamp-vs-baseline.csv" | wc -l)
  fi
  if [ "$skipped" -gt 0 ]; then
    notes+=("INSTRUCTIONS NOT GATED for $skipped cells (not counted on one side): see Results/$stamp-vs-baseline.csv")
  fi
  # A baseline that no longer matches the code in either direction hides what it should gate:
  # an improvement left in it lets a later regression of the same size pass unseen (under CI,
  # --stale-baseline-fails has already failed the gate with exit 4).
  improved=0
  if [ -f "Results/$stamp-vs-baseline.csv" ]; then
    improved=$(awk -F, '$8 == "exact" && $13 == "improvement"' "Results/$stamp-vs-baseline.csv" | wc -l)
  fi
  if [ "$improved" -gt 0 ]; then
    notes+=("BASELINE STALE: $improved exact metrics are better than Results/baseline.csv; refresh it with ./run-bench.sh --update-baseline and commit it")
  fi
else
  notes+=("no Results/baseline.csv: exact metrics not gated (make one with --update-baseline)")
fi

if [ -n "$against" ] && [ "$worst" = 3 ]; then
  notes+=("wrong output: timing against $against not compared")
elif [ -n "$against" ]; then
  out="Results/$stamp-vs-$short.csv"
  thresholds=()
  [ ! -f Results/thresholds.txt ] || thresholds=(--thresholds Results/thresholds.txt)
  compare_err=$(mktemp)
  if [ "$paired" = 1 ]; then
    s=0; "$bench" compare "Results/$stamp-base.csv" "$head1" --metrics timing --out "$out" \
      --markdown "Results/$stamp-vs-$short.md" --report "Results/$stamp-vs-$short-report" \
      "${thresholds[@]+"${thresholds[@]}"}" 2>"$compare_err" || s=$?; gate $s "bench compare"
  else
    echo "== $against predates paired runs: base, head, head, base" >&2
    run_base() { (cd "$cache" && "$base_bench" run --suite "$suite" --out "$OLDPWD/$1" --quiet >/dev/null) || true; }
    run_head() { "$bench" run --suite "$suite" --instructions off --out "$1" --quiet >/dev/null || true; }
    run_base "Results/$stamp-base1.csv"; run_head "Results/$stamp-head2.csv"
    run_head "Results/$stamp-head3.csv"; run_base "Results/$stamp-base2.csv"
    s=0; "$bench" compare "Results/$stamp-base1.csv" "Results/$stamp-base2.csv" -- "Results/$stamp-head2.csv" \
      "Results/$stamp-head3.csv" --metrics timing --out "$out" --markdown "Results/$stamp-vs-$short.md" \
      --report "Results/$stamp-vs-$short-report" "${thresholds[@]+"${thresholds[@]}"}" 2>"$compare_err" \
      || s=$?; gate $s "bench compare"
  fi
  cat "$compare_err" >&2
  # The one line on the thresholds file is compare's: applied, or not (another machine's).
  threshold_note=$(grep -m 1 "thresholds" "$compare_err" | sed 's/^bench: compare: //') || true
  [ -z "$threshold_note" ] || notes+=("$threshold_note")
  rm -f "$compare_err"
  summaries+=("Results/$stamp-vs-$short.md")
  notes+=("report: Results/$stamp-vs-$short-report/README.md")
fi

if [ "${#unexpected[@]}" -gt 0 ]; then
  summary "FAIL: ${unexpected[*]}"
  exit "$worst"
fi
case "$worst" in
  0) summary "PASS" ;;
  2) summary "FAIL: performance regression" ;;
  3) summary "FAIL: wrong output" ;;
  4) summary "FAIL: results not comparable" ;;
  *) summary "FAIL (status $worst)" ;;
esac
exit "$worst"
