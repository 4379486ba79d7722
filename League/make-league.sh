#!/usr/bin/env bash
# Regenerates docs/league.md and its chart docs/league-time.svg (and the minimal failing cases in
# League/cases/) from one league run, one run of League/ids.suite, league verifies on every target
# and League/sizes.json. Never edit docs/league.md by hand.
#
# Usage: League/make-league.sh [--random N] [--suite NAME] [--measure-sizes] [--keep DIR]
#   (defaults: 10000, default; --measure-sizes first re-measures League/sizes.json with
#   League/measure-sizes.sh, about 5 minutes more; --keep DIR keeps the run's CSVs, the reports and the
#   verifies, with their per-case lines, in DIR)
# Takes about 10 minutes on a 2-core machine after the first build. Needs the peers to resolve
# (README.md, "Offline" for a machine without the internet) and python3.
set -euo pipefail
cd "$(dirname "$0")"
random=10000 suite=default measure=0 keep=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --random) random=${2:?--random needs a number}; shift 2 ;;
    --suite) suite=${2:?--suite needs a name}; shift 2 ;;
    --measure-sizes) measure=1; shift ;;
    --keep) keep=${2:?--keep needs a folder}; shift 2 ;;
    *) echo "make-league.sh: unknown argument $1 (expected --random N, --suite NAME, --measure-sizes or --keep DIR)" >&2
       exit 1 ;;
  esac
done
# Epoxy's diffing files are read from its tag at build time, never committed (fetch-epoxy.sh).
./fetch-epoxy.sh
if [[ $measure -eq 1 ]]; then ./measure-sizes.sh > /dev/null; fi
swift build -c release --product league 2>&1 | tail -n 1
league=.build/release/league
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The timed differs: DiffBench's own (a reference) and every library's; a way of calling a library that
# its own API exists to avoid ("illustration" in differs.json) is verified and shown apart, never timed.
ranked=$(python3 -c 'import json; print(",".join(["reload","heckel","lis","myers","stdlib"] + [d["name"]
  for d in json.load(open("differs.json"))["differs"] if not d.get("illustration")]))')
echo "== league run --suite $suite" >&2
# Exit 3 (wrong cells, timeouts) is a finding of the league here, not a failure of the script.
$league run --suite "$suite" --algorithms "$ranked" --out "$work/run.csv" --quiet > /dev/null 2> "$work/run.log" \
  || [[ $? -eq 3 ]] || { tail -n 5 "$work/run.log" >&2; exit 1; }
$league report "$work/run.csv" --format json > "$work/report.json"
echo "== league run --suite League/ids.suite" >&2
$league run --suite ids.suite --algorithms "$ranked" --out "$work/ids.csv" --quiet > /dev/null 2> "$work/run.log" \
  || [[ $? -eq 3 ]] || { tail -n 5 "$work/run.log" >&2; exit 1; }
$league report "$work/ids.csv" --format json > "$work/ids.json"
echo "== league run --suite League/app.suite (the app family)" >&2
$league run --suite app.suite --rounds 3 --algorithms differencekit-app,diffbench-heckel-app,diffbench-lis-app,floor-app \
  --out "$work/app.csv" --quiet > /dev/null 2> "$work/run.log" || [[ $? -eq 3 ]] || { tail -n 5 "$work/run.log" >&2; exit 1; }
$league report "$work/app.csv" --format json > "$work/app.json"
args=()
for target in table collection diffable; do
  # A library is judged only on the targets its own glue serves ("targets" in differs.json).
  peers=$(python3 -c 'import json, sys; print(",".join(d["name"] for d in json.load(open("differs.json"))["differs"]
    if sys.argv[1] in d.get("targets", [sys.argv[1]])))' "$target")
  rm -rf "cases/$target"
  if [[ -z $peers ]]; then echo "== $target: no library ships glue for it; not verified" >&2; continue; fi
  echo "== league verify --random $random --target $target ($peers)" >&2
  # Exit 3 (a differ failed) is the expected outcome here; anything else is an error. The per-case
  # lines (stderr with --format json) tell which cases every library takes.
  $league verify --random "$random" --target "$target" --algorithms "$peers" --format json \
    --out "$work/verify-$target.json" --save-minimal "cases/$target" --quiet 2> "$work/verify-$target.log" \
    || [[ $? -eq 3 ]] || { tail -n 5 "$work/verify-$target.log" >&2; exit 1; }
  $league verify ../Corpus/cases --target "$target" --algorithms "$peers" --format json \
    --out "$work/corpus-$target.json" --quiet 2> "$work/verify.log" \
    || [[ $? -eq 3 ]] || { tail -n 5 "$work/verify.log" >&2; exit 1; }
  args+=(--verify "$target=$work/verify-$target.json" --verify-lines "$target=$work/verify-$target.log"
    --corpus "$target=$work/corpus-$target.json")
done
python3 league_table.py --run "$work/run.csv" --report "$work/report.json" --ids-report "$work/ids.json" \
  --app-report "$work/app.json" --app-run "$work/app.csv" \
  "${args[@]}" --differs differs.json --sizes sizes.json --chart "$work/league-time.svg" \
  --command "League/make-league.sh --random $random --suite $suite$([[ $measure -eq 1 ]] && echo " --measure-sizes")" \
  > "$work/league.md"
if [[ -n $keep ]]; then mkdir -p "$keep" && cp "$work"/*.csv "$work"/*.json "$work"/verify-*.log "$keep"/; fi
mv "$work/league-time.svg" ../docs/league-time.svg
mv "$work/league.md" ../docs/league.md
echo "wrote docs/league.md and docs/league-time.svg" >&2
