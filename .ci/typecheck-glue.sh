#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Type-checks the Apple-only glue on Linux, against interface stand-ins of UIKit and AppKit
# (Tests/InterfaceStandIns: the SDK's declarations the glue uses, main-actor isolated as the SDK
# declares them): every module of Sources/ holding an `#if canImport(UIKit)` or
# `#if canImport(AppKit)` file is type-checked whole, under -swift-version 6 with warnings as
# errors, once per stand-in. A negative control (glue that is not main-actor isolated) must fail.
# With --control DIR (a checkout of DifferenceKit 1.3.0, as the league resolves it), DifferenceKit's
# own UIKitExtension.swift and AppKitExtension.swift must type-check against the same stand-ins
# under Swift 5 and 6: the stand-ins' positive control.
# Nothing here compiles code for Apple's platforms or runs it: see Tests/InterfaceStandIns/README.md.
# Usage: .ci/typecheck-glue.sh [--control DIFFERENCEKIT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
control=
while [[ $# -gt 0 ]]; do
  case $1 in
    --control) control=${2:?--control needs a DifferenceKit checkout}; shift 2 ;;
    *) echo "typecheck-glue.sh: unknown argument $1 (expected --control DIR)" >&2; exit 1 ;;
  esac
done
standins=Tests/InterfaceStandIns
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Objective-C interoperability is on for type-checking only: it lets the stand-ins declare
# Objective-C classes and protocols with optional requirements, as the SDK's are.
objc=(-Xfrontend -enable-objc-interop -Xcc -fblocks -I "$standins/ObjC")
for kit in UIKit AppKit; do
  mkdir -p "$work/$kit"
  swiftc -emit-module -parse-as-library -module-name "$kit" "${objc[@]}" "$standins/$kit/$kit.swift" \
    -emit-module-path "$work/$kit/$kit.swiftmodule"
done
declarations=$(cat "$standins"/ObjC/*.h "$standins"/UIKit/*.swift "$standins"/AppKit/*.swift | grep -c 'https://developer.apple.com')

# The modules that hold Apple-only files, and what they import from this package.
mapfile -t modules < <(grep -rlE '#if canImport\((UIKit|AppKit)\)' Sources | cut -d/ -f2 | sort -u)
[[ ${#modules[@]} -gt 0 ]] || { echo "no #if canImport(UIKit) or canImport(AppKit) file in Sources"; exit 1; }
for module in "${modules[@]}"; do swift build --target "$module" >/dev/null; done
modules_dir=$(swift build --show-bin-path)/Modules
# SwiftPM's package identity: the checkout folder's name, lowercased (the -package-name of its modules).
package_name=$(basename "$PWD" | tr '[:upper:]' '[:lower:]')
files=0
for module in "${modules[@]}"; do
  mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
  files=$((files + $(grep -lE '#if canImport\((UIKit|AppKit)\)' "${sources[@]}" | wc -l)))
  for kit in UIKit AppKit; do
    swiftc -typecheck -swift-version 6 -warnings-as-errors -package-name "$package_name" -module-name "$module" \
      -I "$modules_dir" -I "$work/$kit" "${objc[@]}" "${sources[@]}"
    echo "ok: $module (${#sources[@]} files) type-checks under Swift 6 against the $kit stand-in"
  done
done
for kit in UIKit AppKit; do
  if out=$(swiftc -typecheck -swift-version 6 -I "$work/$kit" "${objc[@]}" "$standins/Controls/NonisolatedGlue.swift" 2>&1); then
    echo "the negative control type-checked against the $kit stand-in: it does not check main-actor isolation"; exit 1
  fi
  grep -q "main actor-isolated" <<<"$out" || { echo "the negative control failed for another reason:"; echo "$out" | head; exit 1; }
  echo "ok: the negative control (nonisolated glue) fails against the $kit stand-in with" \
    "$(grep -cE '^[^ ].*error: .*main actor-isolated' <<<"$out") main-actor errors"
done
echo "ok: $files Apple-only files in ${#modules[@]} module(s), against $declarations documented declarations"

if [[ -n $control ]]; then
  [[ -f $control/Sources/Extensions/UIKitExtension.swift ]] || { echo "$control: no DifferenceKit checkout"; exit 1; }
  mkdir -p "$work/DifferenceKit"
  # DifferenceKit's core, as a module (its glue files compile to nothing on Linux).
  swiftc -emit-module -parse-as-library -module-name DifferenceKit "$control"/Sources/*.swift \
    -emit-module-path "$work/DifferenceKit/DifferenceKit.swiftmodule"
  for kit in UIKit AppKit; do
    # Its glue file, importing the core, with its `#if os(iOS) || os(tvOS)` / `#if os(macOS)` line
    # read as the stand-in's platform.
    { echo "import DifferenceKit"
      sed '1s/^#if os(iOS) || os(tvOS)$/#if canImport(UIKit)/; 1s/^#if os(macOS)$/#if canImport(AppKit)/' \
        "$control/Sources/Extensions/${kit}Extension.swift"; } > "$work/${kit}Extension.swift"
    for version in 5 6; do
      swiftc -typecheck -swift-version "$version" -warnings-as-errors -module-name DifferenceKitGlue \
        -I "$work/DifferenceKit" -I "$work/$kit" "${objc[@]}" "$work/${kit}Extension.swift"
      echo "ok (control): DifferenceKit's ${kit}Extension.swift type-checks under Swift $version against the $kit stand-in"
    done
  done
fi
