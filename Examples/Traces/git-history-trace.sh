#!/usr/bin/env bash
# Turns a git repository's history into a DiffBench trace (diffbench-trace/1): real, irregular,
# non-synthetic updates to time differs on, from data anyone can share.
#
#   Examples/Traces/git-history-trace.sh [--repo DIR] [--commits N] [--out FILE]
#
# One snapshot per commit on the first-parent line, oldest first (the last N commits, default
# 200). Sections are directories (id: the directory's path, "." for the top), items are files
# (id: the file's path), and an item's content revision is the first 48 bits of its blob hash,
# so an edited file is an update, a renamed one a delete and an insert, and a file moved between
# directories a delete and an insert too (its id changes with its path). Sections are in path
# order, items in path order within their section. Needs only git and awk.
#
#   Examples/Traces/git-history-trace.sh --commits 100 --out /tmp/history.json
#   swift run -c release bench run /tmp/history.json
set -euo pipefail

repo=. commits=200 out=-
while [ $# -gt 0 ]; do
    case "$1" in
        --repo) repo=${2:?--repo needs a folder}; shift 2 ;;
        --commits) commits=${2:?--commits needs a number}; shift 2 ;;
        --out) out=${2:?--out needs a file}; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "git-history-trace.sh: unknown argument $1 (see --help)" >&2; exit 1 ;;
    esac
done
case "$commits" in
    ''|*[!0-9]*) echo "git-history-trace.sh: --commits $commits: expected a whole number of at least 2" >&2; exit 1 ;;
esac
if [ "$commits" -lt 2 ]; then
    echo "git-history-trace.sh: --commits $commits: a trace needs at least 2 commits" >&2; exit 1
fi
if ! git -C "$repo" rev-parse --verify -q HEAD > /dev/null 2>&1; then
    echo "git-history-trace.sh: $repo: not a git repository with a commit" >&2; exit 1
fi
list=$(git -C "$repo" rev-list --first-parent --max-count="$commits" HEAD | awk '{ line[NR] = $0 } END { for (k = NR; k >= 1; k--) print line[k] }')
count=$(printf '%s\n' "$list" | grep -c .)
if [ "$count" -lt 2 ]; then
    echo "git-history-trace.sh: $repo has $count commit on its first-parent line; a trace needs at least 2" >&2
    exit 1
fi
name="git history of $(basename "$(cd "$repo" && pwd)") ($count commits to $(git -C "$repo" rev-parse --short HEAD))"
name=$(printf "%s" "$name" | sed 's/\\/\\\\/g; s/"/\\"/g')

write() {
    printf '{ "format": "diffbench-trace/1",\n  "name": "%s",\n  "snapshots": [' "$name"
    first=1
    for commit in $list; do
        [ $first -eq 1 ] || printf ','
        first=0
        printf '\n    '
        # path<TAB>blob hash, grouped by directory (a stable sort keeps path order inside).
        git -C "$repo" ls-tree -r --full-tree "$commit" \
            | awk -F'\t' '{ split($1, meta, " "); path = $2; dir = path; sub(/\/[^\/]*$/, "", dir)
                            if (dir == path) dir = "."; print dir "\t" path "\t" meta[3] }' \
            | LC_ALL=C sort -t "$(printf '\t')" -k1,1 -s \
            | awk -F'\t' '
                function json(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
                function rev(hash,   k, value) {
                    value = 0
                    for (k = 1; k <= 12; k++) value = value * 16 + index("0123456789abcdef", substr(hash, k, 1)) - 1
                    return sprintf("%.0f", value)
                }
                BEGIN { printf "[" }
                $1 != dir { if (NR > 1) printf "]},"; dir = $1; printf "\n      {\"id\": %s, \"items\": [", json(dir); n = 0 }
                { printf "%s{\"id\": %s, \"rev\": %s}", (n++ ? ", " : ""), json($2), rev($3) }
                END { if (NR > 0) printf "]}\n    "; printf "]" }'
    done
    printf '\n  ] }\n'
}

if [ "$out" = - ]; then
    write
else
    tmp="$out.$$.tmp"
    trap 'rm -f "$tmp"' EXIT
    write > "$tmp"
    mv "$tmp" "$out"
    trap - EXIT
    echo "git-history-trace.sh: wrote $out: $name" >&2
fi
