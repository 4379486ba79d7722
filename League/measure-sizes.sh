#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What each library adds to an app, measured the same way for every one (the approach of
# Examples/AppDiffing/measure-size.sh, generalised): one throwaway package per library, whose
# program (League/size/NAME.swift) diffs an app's rows with the library as the league's adapter
# calls it, built in release with this toolchain and stripped; the size added is its size minus that
# of League/size/empty.swift's program. The libraries resolve at the versions League/Package.swift
# pins (SwiftPM's mirrors where offline); Epoxy's files come from fetch-epoxy.sh.
# Writes League/sizes.json (whole or not at all), which make-league.sh puts on docs/league.md.
# With --only NAME,NAME,... it measures those programs alone (empty always) and prints their sizes,
# writing nothing (Examples/AppDiffing/measure-size.sh).
# Usage: League/measure-sizes.sh [--only NAMES]   (about 10 minutes on 2 cores for all)
set -euo pipefail
cd "$(dirname "$0")"
league=$(pwd)
root=$(cd .. && pwd)
only=
while [[ $# -gt 0 ]]; do
  case $1 in
    --only) only=${2:?--only needs program names}; shift 2 ;;
    *) echo "measure-sizes.sh: unknown argument $1 (expected --only NAMES)" >&2; exit 1 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -z $only || ,$only, == *,epoxy,* ]]; then ./fetch-epoxy.sh; fi

# NAME, then the library's URL, SwiftPM requirement and product (none for the baseline and Epoxy, whose
# files are copied into the program); RxDataSources also pins RxSwift as League/Package.swift does.
gh=https://github.com
programs=(
  "empty"
  "differencekit $gh/ra1028/DifferenceKit exact:1.3.0 DifferenceKit"
  "rxdatasources $gh/RxSwiftCommunity/RxDataSources exact:5.0.2 Differentiator"
  "deepdiff $gh/onmyway133/DeepDiff exact:2.3.3 DeepDiff"
  "differ $gh/tonyarnold/Differ exact:1.4.5 Differ"
  "flexiblediff $gh/RACCommunity/FlexibleDiff exact:0.0.9 FlexibleDiff"
  "listdiff $gh/lxcid/ListDiff revision:1390504170150f378aa1be17f92322e6d12533d8 ListDiff"
  "changeset $gh/osteslag/Changeset exact:3.2.0 Changeset"
  "epoxy"
  "diffbench-diffing $root path DiffBenchDiffing"
  "diffbench-diffing-guard $root path DiffBenchDiffing,DiffBenchDiffingGuard"
  "diffbench-diffing-guard-off $root path DiffBenchDiffing,DiffBenchDiffingGuard"
)

declare -A size
for entry in "${programs[@]}"; do
  read -r name url requirement product <<< "$entry"
  if [[ -n $only && $name != empty && ,$only, != *,$name,* ]]; then continue; fi
  if [[ -z $only && $name == diffbench-diffing-guard* ]]; then continue; fi  # not on the league's page
  dependencies="" products=""
  if [[ $requirement == path ]]; then
    dependencies=".package(name: \"DiffBench\", path: \"$url\")"
  elif [[ -n ${url:-} ]]; then
    dependencies=".package(url: \"$url\", ${requirement%%:*}: \"${requirement#*:}\")"
  fi
  if [[ $name == rxdatasources ]]; then dependencies+=", .package(url: \"$gh/ReactiveX/RxSwift\", exact: \"6.9.0\")"; fi
  if [[ -n ${product:-} ]]; then
    package_name=${url##*/}
    [[ $requirement == path ]] && package_name=DiffBench
    for one in ${product//,/ }; do
      products+="${products:+, }.product(name: \"$one\", package: \"$package_name\")"
    done
  fi
  # The package is named apart from its dependency (SwiftPM's identities ignore case).
  target=Program package=$work/size-$name
  mkdir -p "$package/Sources/$target"
  mode=.v6
  if [[ $name == epoxy ]]; then cp Fetched/EpoxyDiffing/*.swift "$package/Sources/$target/"; mode=.v5; fi
  cat > "$package/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "size-$name", dependencies: [$dependencies],
    targets: [.executableTarget(name: "$target", dependencies: [$products])], swiftLanguageModes: [$mode])
MANIFEST
  cp "size/$name.swift" "$package/Sources/$target/main.swift"
  echo "== $name" >&2
  swift build -c release --package-path "$package" > "$work/build.log" 2>&1 \
    || { grep -m 5 -A 3 'error' "$work/build.log" >&2; echo "measure-sizes.sh: $name does not build" >&2; exit 1; }
  tail -n 1 "$work/build.log" >&2
  bin=$(swift build -c release --package-path "$package" --show-bin-path)/$target
  strip -o "$work/$name.stripped" "$bin"
  size[$name]=$(stat -c %s "$work/$name.stripped")
  echo "$name: prints $("$bin" | tr '\n' ' '); stripped ${size[$name]} bytes" >&2
done

toolchain=$(swift --version 2>&1 | head -n 1)
if [[ -n $only ]]; then
  echo "stripped release executable, $toolchain"
  for entry in "${programs[@]}"; do
    name=${entry%% *}
    [[ -n ${size[$name]:-} ]] || continue
    printf '%-28s %10d bytes  %+10d bytes\n' "$name" "${size[$name]}" "$(( size[$name] - size[empty] ))"
  done
  exit 0
fi
{
  printf '{\n  "command": "League/measure-sizes.sh",\n  "toolchain": "%s",\n' "$toolchain"
  printf '  "platform": "%s %s, stripped release executables, the Swift runtime linked dynamically",\n' \
    "$(uname -m)" "$(sed -n 's/^PRETTY_NAME="\(.*\)"$/\1/p' /etc/os-release)"
  printf '  "date": "%s",\n  "empty_bytes": %d,\n  "added_bytes": {\n' "$(date -u +%Y-%m-%d)" "${size[empty]}"
  first=1
  for entry in "${programs[@]}"; do
    name=${entry%% *}
    [[ $name == empty || -z ${size[$name]:-} ]] && continue
    [[ $first -eq 1 ]] || printf ',\n'
    first=0
    printf '    "%s": %d' "$name" "$(( size[$name] - size[empty] ))"
  done
  printf '\n  }\n}\n'
} > "$work/sizes.json"
python3 -m json.tool "$work/sizes.json" > /dev/null
mv "$work/sizes.json" "$league/sizes.json"
cat "$league/sizes.json"
