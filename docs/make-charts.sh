#!/usr/bin/env bash
# Regenerates the charts the README shows: the `mixed` scenario at 1k, 10k and 100k items, every
# algorithm, measured on this machine, drawn by `bench report`. Usage: docs/make-charts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
swift build -c release --product bench >&2
.build/release/bench run --scenarios mixed --sizes 1000,10000,100000 --out "$tmp/mixed.csv" --quiet > /dev/null
.build/release/bench report "$tmp/mixed.csv" --out "$tmp/report" > /dev/null
cp "$tmp/report/scaling-mixed.svg" "$tmp/report/relocations-mixed.svg" docs/
echo "docs/scaling-mixed.svg, docs/relocations-mixed.svg regenerated at commit $(git rev-parse --short HEAD)" >&2
