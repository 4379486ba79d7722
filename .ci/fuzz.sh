#!/usr/bin/env bash
# The fuzzer: mutated case, changeset, results and suite files through every reader and the
# checker (`bench _fuzz`). CI runs a short smoke; run the long mode locally:
#   .ci/fuzz.sh 1000000        # a million inputs (about ten minutes on 2 cores)
#   .ci/fuzz.sh 1000000 7      # another seed
# A crash leaves the input in Results/fuzz-crash.bin (first line: case, changeset, results or suite).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
seed=${2:-1}
swift build -c release --product bench >&2
crash=Results/fuzz-crash.bin
status=0
.build/release/bench _fuzz --count "$count" --seed "$seed" --crash-file "$crash" || status=$?
if [ "$status" != 0 ]; then
  echo "fuzz: bench exited with status $status; the input is in $crash (its kind: $(head -n 1 "$crash" 2>/dev/null))" >&2
  exit 1
fi
