#!/usr/bin/env bash
# Rewrites the second half of docs/commands.md, "Every option", from `bench SUBCOMMAND --help`,
# so that the page says what the binary says. Usage: docs/make-commands.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product bench >&2
bench=.build/release/bench
page=docs/commands.md
marker="## Every option"
head=$(awk -v m="$marker" '$0 == m { exit } { print }' "$page")
{
  printf '%s\n\n%s\n\n' "$head" "$marker"
  echo "The text of \`bench SUBCOMMAND --help\` for every subcommand (regenerate with docs/make-commands.sh)."
  for sub in run verify check diff compare calibrate history merge report export corpus rules clean list; do
    printf '\n### bench %s\n\n```\n' "$sub"
    "$bench" "$sub" --help
    printf '```\n'
  done
} > "$page.tmp"
mv "$page.tmp" "$page"
echo "$page regenerated at commit $(git rev-parse --short HEAD)" >&2
