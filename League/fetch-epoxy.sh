#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Brings Epoxy's diffing (airbnb/epoxy-ios at the pinned tag: the five files of
# Sources/EpoxyCore/Diffing and Sources/EpoxyCore/Logging/EpoxyLogger.swift, Apache-2.0) into
# League/Fetched/EpoxyDiffing, which git ignores: they are read from the tag at build time and never
# committed. The whole EpoxyCore target cannot be a package dependency here: it imports SwiftUI,
# which Linux does not have, and Epoxy's manifest names airbnb/swift (a formatting plugin).
# The URL is fetched from where SwiftPM would fetch it: its mirror when one is configured
# (~/.swiftpm/configuration/mirrors.json, README.md "Offline"), else GitHub.
# Package.swift builds the `epoxy` differ when the files are there; make-league.sh runs this first.
# Usage: League/fetch-epoxy.sh
set -euo pipefail
cd "$(dirname "$0")"
url=https://github.com/airbnb/epoxy-ios tag=0.11.0
files=(Sources/EpoxyCore/Diffing/Collection+Diff.swift Sources/EpoxyCore/Diffing/Diffable.swift
  Sources/EpoxyCore/Diffing/DiffableSection.swift Sources/EpoxyCore/Diffing/IndexChangeset.swift
  Sources/EpoxyCore/Diffing/SectionedChangeset.swift Sources/EpoxyCore/Logging/EpoxyLogger.swift)
dest=Fetched/EpoxyDiffing
if [[ -f $dest/PROVENANCE ]] && grep -q "^$url $tag " "$dest/PROVENANCE"; then
  echo "fetch-epoxy.sh: $dest already holds $url at $tag" >&2
  exit 0
fi
source=$(swift package config get-mirror --original "$url" 2>/dev/null) || source=$url
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git init --quiet --bare "$work/repo"
git --git-dir="$work/repo" fetch --quiet --depth 1 "$source" "refs/tags/$tag:refs/tags/$tag" \
  || { echo "fetch-epoxy.sh: cannot fetch $tag from $source" >&2; exit 1; }
commit=$(git --git-dir="$work/repo" rev-parse "$tag^{commit}")
mkdir "$work/out"
for f in "${files[@]}"; do git --git-dir="$work/repo" show "$tag:$f" > "$work/out/$(basename "$f")"; done
echo "$url $tag $commit (from $source)" > "$work/out/PROVENANCE"
mkdir -p Fetched
rm -rf "$dest"
mv "$work/out" "$dest"
echo "fetch-epoxy.sh: $dest holds ${#files[@]} files of $url at $tag ($commit)" >&2
