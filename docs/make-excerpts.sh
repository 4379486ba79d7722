#!/usr/bin/env bash
# Rewrites every excerpt of tool output in README.md and docs/reports.md from one real run of the
# default suite, between the markers `<!-- excerpt: NAME -->` and `<!-- end excerpt -->`, so that
# what the pages show is what the tool prints. Usage: docs/make-excerpts.sh [RESULTS.csv TABLE.txt]
# (an existing run and its stdout instead of a new run). .ci/docs_check.py checks the facts.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -ge 2 ]; then
  cp "$1" "$work/default.csv"; cp "$2" "$work/table.txt"; seconds=""
else
  swift build -c release --product bench >&2
  start=$(date +%s)
  .build/release/bench run --out "$work/default.csv" > "$work/table.txt"
  seconds=$(( $(date +%s) - start ))
fi
python3 - "$work/table.txt" "$work/default.csv" "$seconds" "$(git rev-parse --short HEAD)" <<'PY'
import csv, re, sys
table, results, seconds, commit = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
lines = open(table, encoding="utf-8").read().splitlines()
rows = list(csv.DictReader(open(results, newline="")))
date = rows[0]["timestamp_utc"][:10]
cells = len({(r["algorithm"], r["scenario"], r["size"], r["ids"]) for r in rows})
header = next(l for l in lines if l.startswith("scenario ") and l.rstrip().endswith("verdict"))
def cell_lines(scenario, size):
    return [l for l in lines if re.match(rf"{re.escape(scenario)}\s+{size}\s", l)]
start = next(i for i, l in enumerate(lines) if l.startswith("algorithm  score"))
summary = lines[start:lines.index("", start)]
answer = [l for l in lines if l.startswith(("Overall:", "Use per scenario:")) or " times faster than " in l]
took = f", {int(seconds) // 60}m{int(seconds) % 60:02d}s" if seconds else ""
blocks = {
    "readme-cells": [f"Per cell, an excerpt ({date}, {commit}, {cells} cells{took}):", "", "```", header]
                    + cell_lines("mixed", 100000) + ["```"],
    "summary": ["```"] + summary + ["```"],
    "answer": ["```"] + answer + ["```"],
    "reports-cells": [f"`bench run --out default.csv` on this project's 2-core machine ({date}, {commit}): "
                      f"{cells} cells{took}. Excerpt:", "", "```", header] + cell_lines("mixed", 100000) + [""]
                     + cell_lines("differencekit", 100000) + ["", "Per differ:"] + summary + ["```"],
}
for page in ("README.md", "docs/reports.md"):
    text = open(page, encoding="utf-8").read()
    def replace(match):
        name = match.group(1)
        return f"<!-- excerpt: {name} -->\n" + "\n".join(blocks[name]) + "\n<!-- end excerpt -->"
    new = re.sub(r"<!-- excerpt: ([a-z-]+) -->\n.*?<!-- end excerpt -->", replace, text, flags=re.S)
    open(page, "w", encoding="utf-8").write(new)
    print(f"{page}: {len(re.findall('<!-- excerpt: ', new))} excerpts from the run of {date}", file=sys.stderr)
PY
