#!/usr/bin/env bash
# Builds the release bench and checks every case in Corpus/cases/ (the harness issue extends
# this to the quick suite, the baseline comparison and the gate).
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product bench >&2
exec .build/release/bench verify --quiet
