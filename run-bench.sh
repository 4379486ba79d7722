#!/usr/bin/env bash
# What CI runs: build release, run a suite, gate the exact metrics against Results/baseline.csv
# and, with --against REV, gate timing against REV measured in the same job (A B B A).
set -euo pipefail
cd "$(dirname "$0")"

usage() {
  cat <<'USAGE'
USAGE: ./run-bench.sh [--suite NAME] [--against REV] [--update-baseline]

  --suite NAME        suite to run (default: quick)
  --against REV       also build REV in a git worktree and run base and head interleaved
                      (A B B A); gate timing with `bench compare` (10%, Mann-Whitney p < 0.01),
                      re-measuring once (B A) before failing
  --update-baseline   rewrite Results/baseline.csv from this checkout (on purpose only)

Exit status: 0 pass, 1 usage or build error, 2 regression, 3 wrong output, 4 not comparable.
Files: Results/<stamp>-*.csv (results and comparisons), ignored by git.
USAGE
}

suite=quick against="" update=0
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) [ $# -ge 2 ] || { echo "run-bench.sh: --suite needs a name" >&2; exit 1; }; suite="$2"; shift 2 ;;
    --against) [ $# -ge 2 ] || { echo "run-bench.sh: --against needs a revision" >&2; exit 1; }; against="$2"; shift 2 ;;
    --update-baseline) update=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run-bench.sh: unknown option $1 (see --help)" >&2; exit 1 ;;
  esac
done

echo "== building release" >&2
swift build -c release --product bench >&2 || exit 1
bench=.build/release/bench
mkdir -p Results
stamp=$(date -u +%Y%m%dT%H%M%SZ)

if [ "$update" = 1 ]; then
  "$bench" run --suite "$suite" --out Results/baseline.csv --force
  exit $?
fi

worst=0
gate() { # keep the worst exit status: 3 (wrong) over 4 over 2 over 0
  local s=$1
  if [ "$s" = 3 ] || { [ "$s" = 4 ] && [ "$worst" != 3 ]; } || { [ "$s" = 2 ] && [ "$worst" = 0 ]; } || { [ "$s" = 1 ] && [ "$worst" = 0 ]; }; then worst=$s; fi
}

head1="Results/$stamp-head.csv"
echo "== bench run --suite $suite" >&2
s=0; "$bench" run --suite "$suite" --out "$head1" || s=$?; gate $s

if [ -f Results/baseline.csv ]; then
  echo "== exact metrics against Results/baseline.csv" >&2
  s=0; "$bench" compare Results/baseline.csv "$head1" --metrics exact --out "Results/$stamp-vs-baseline.csv" || s=$?; gate $s
else
  echo "run-bench.sh: no Results/baseline.csv; make one with --update-baseline" >&2
fi

if [ -n "$against" ]; then
  rev=$(git rev-parse --verify "$against^{commit}") || { echo "run-bench.sh: --against $against: no such revision" >&2; exit 1; }
  tree=.build-against/tree
  git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
  git worktree add --detach "$tree" "$rev" >/dev/null
  trap 'git worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
  echo "== building $against ($rev) in $tree" >&2
  (cd "$tree" && swift build -c release --product bench --scratch-path ../build) >&2 || exit 1
  base_bench="$PWD/.build-against/build/release/bench"
  run_base() { (cd "$tree" && "$base_bench" run --suite "$suite" --out "$OLDPWD/$1" --quiet >/dev/null) || true; }
  run_head() { "$bench" run --suite "$suite" --out "$1" --quiet >/dev/null || true; }
  echo "== interleaved timing: base, head, head, base" >&2
  run_base "Results/$stamp-base1.csv"; run_head "Results/$stamp-head2.csv"
  run_head "Results/$stamp-head3.csv"; run_base "Results/$stamp-base2.csv"
  bases=("Results/$stamp-base1.csv" "Results/$stamp-base2.csv")
  heads=("$head1" "Results/$stamp-head2.csv" "Results/$stamp-head3.csv")
  s=0; "$bench" compare "${bases[@]}" -- "${heads[@]}" --metrics timing --out "Results/$stamp-vs-$against.csv" || s=$?
  if [ "$s" = 2 ]; then
    echo "== flagged cells: measuring once more (head, base) before failing" >&2
    run_head "Results/$stamp-head4.csv"; run_base "Results/$stamp-base3.csv"
    bases+=("Results/$stamp-base3.csv"); heads+=("Results/$stamp-head4.csv")
    s=0; "$bench" compare "${bases[@]}" -- "${heads[@]}" --metrics timing --out "Results/$stamp-vs-$against.csv" || s=$?
  fi
  gate $s
fi

case "$worst" in
  0) echo "run-bench.sh: PASS" >&2 ;;
  2) echo "run-bench.sh: FAIL: performance regression" >&2 ;;
  3) echo "run-bench.sh: FAIL: wrong output" >&2 ;;
  4) echo "run-bench.sh: FAIL: results not comparable" >&2 ;;
  *) echo "run-bench.sh: FAIL (status $worst)" >&2 ;;
esac
exit "$worst"
