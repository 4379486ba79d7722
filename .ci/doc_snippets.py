#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every Swift snippet of the app library's pages, extracted from the pages, compiled and run.

    python3 .ci/doc_snippets.py [--updates N] [--keep DIR]

Pages: docs/use-in-your-app.md and the DocC articles of DiffBenchDiffing and DiffBenchDiffingGuard.
Every ```swift block of a page must follow a line `<!-- snippet: ROLE -->`:

  manifest  Package.swift's `dependencies:` and `targets:`: built as written, in a package beside a
            folder named DiffBench (the repository), its target holding the page's types;
  types     the app's types (Post, Day): compiled into everything below;
  table     a UITableViewController subclass `FeedViewController` with `show(_ newDays: [Day])`;
  rows      a UICollectionViewController subclass `InboxViewController` with `show(_ newPosts: [Post])`;
  test      Swift Testing tests, run as they are (the app's module they import, `@testable import
            Feed` as the manifest names it, is the page's module here).

The table and rows snippets are type-checked under Swift 6 against the UIKit interface stand-in
(Tests/InterfaceStandIns) and run on Linux against .ci/doc-snippets/UIKit.swift (a table and a
collection view that record their calls, DiffBenchDiffing's own reload), each driven through
N random feed updates (default 10,000) judged by table and by collection rules
(.ci/doc-snippets/Drive.swift). Exit 1 naming the page and snippet on any failure.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ROLES = {"manifest", "types", "table", "rows", "test"}


def pages():
    found = [os.path.join(ROOT, "docs/use-in-your-app.md")]
    for product in ("DiffBenchDiffing", "DiffBenchDiffingGuard"):
        folder = os.path.join(ROOT, "Sources", product, "Documentation.docc")
        if os.path.isdir(folder):
            found += sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".md"))
    return found


def snippets(path):
    """The page's snippets by role; exits on a Swift block without a role or a role twice."""
    lines = open(path, encoding="utf-8").read().split("\n")
    result, i, rel = {}, 0, os.path.relpath(path, ROOT)
    while i < len(lines):
        if lines[i].strip() == "```swift":
            j = i - 1
            while j >= 0 and not lines[j].strip():
                j -= 1
            marker = re.fullmatch(r"<!-- snippet: (\w+) -->", lines[j].strip()) if j >= 0 else None
            if not marker or marker.group(1) not in ROLES:
                sys.exit(f"{rel}:{i + 1}: a Swift snippet without <!-- snippet: ROLE --> ({', '.join(sorted(ROLES))})")
            role = marker.group(1)
            if role in result:
                sys.exit(f"{rel}:{i + 1}: a second `{role}` snippet on the page")
            end = lines.index("```", i + 1)
            result[role] = "\n".join(lines[i + 1:end]) + "\n"
            i = end
        i += 1
    return result


def run(command, cwd, what):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-4000:] + done.stderr[-4000:])
        sys.exit(f"{what}: failed ({' '.join(command)})")
    return done.stdout + done.stderr


def module_name(path):
    base = os.path.splitext(os.path.basename(path))[0]
    return "Page" + re.sub(r"[^A-Za-z0-9]", "", base.title())


def main(argv):
    updates, keep = 10_000, None
    args = list(argv[1:])
    while args:
        flag = args.pop(0)
        if flag == "--updates":
            updates = int(args.pop(0))
        elif flag == "--keep":
            keep = args.pop(0)
        else:
            sys.exit(f"doc_snippets.py: unknown argument {flag} (expected --updates N or --keep DIR)")
    work = keep or tempfile.mkdtemp(prefix="doc-snippets-")
    os.makedirs(work, exist_ok=True)
    link = os.path.join(work, "DiffBench")
    if not os.path.lexists(link):
        os.symlink(ROOT, link)
    found = {path: page for path, page in ((path, snippets(path)) for path in pages()) if page}
    total = sum(len(s) for s in found.values())
    print(f"{total} Swift snippets on {len(found)} pages")

    # The manifests, as written, beside a folder named DiffBench.
    for path, page in found.items():
        if "manifest" not in page:
            continue
        package = os.path.join(work, "Manifest" + module_name(path))
        shutil.rmtree(package, ignore_errors=True)
        os.makedirs(os.path.join(package, "Sources", "Feed"))
        with open(os.path.join(package, "Package.swift"), "w") as f:
            f.write("// swift-tools-version:6.0\nimport PackageDescription\n"
                    "let package = Package(\n    name: \"Feed\",\n" + page["manifest"] + ")\n")
        with open(os.path.join(package, "Sources", "Feed", "Types.swift"), "w") as f:
            f.write(page.get("types", "") or "// no types on the page\n")
        run(["swift", "build"], package, f"{os.path.relpath(path, ROOT)}: the manifest snippet")
        print(f"ok: {os.path.relpath(path, ROOT)}: the manifest builds as written")

    # One package runs every page: a target of the page's types and view controllers (against the
    # runnable UIKit stand-in), and its tests: the page's own and the drive through random updates.
    runner = os.path.join(work, "Runner")
    shutil.rmtree(os.path.join(runner, "Sources"), ignore_errors=True)
    shutil.rmtree(os.path.join(runner, "Tests"), ignore_errors=True)
    os.makedirs(os.path.join(runner, "Sources", "UIKit"))
    shutil.copy(os.path.join(ROOT, ".ci/doc-snippets/UIKit.swift"), os.path.join(runner, "Sources", "UIKit"))
    drive = open(os.path.join(ROOT, ".ci/doc-snippets/Drive.swift")).read()
    products = ('.product(name: "DiffBenchDiffing", package: "DiffBench"), '
                '.product(name: "DiffBenchDiffingGuard", package: "DiffBench")')
    targets = [f'.target(name: "UIKit", dependencies: [{products}])']
    for path, page in found.items():
        name = module_name(path)
        if "types" not in page:
            sys.exit(f"{os.path.relpath(path, ROOT)}: Swift snippets but no `types` snippet to compile them with")
        os.makedirs(os.path.join(runner, "Sources", name))
        for role in ("types", "table", "rows"):
            if role in page:
                with open(os.path.join(runner, "Sources", name, f"{role.title()}.swift"), "w") as f:
                    f.write(page[role])
        os.makedirs(os.path.join(runner, "Tests", name + "Tests"))
        if "test" in page:
            # As written, but for the app's module: `Feed` on the page (the manifest's target), the
            # page's own module here.
            if "@testable import Feed\n" not in page["test"]:
                sys.exit(f"{os.path.relpath(path, ROOT)}: the test snippet does not import the app (@testable import Feed)")
            with open(os.path.join(runner, "Tests", name + "Tests", "PageTests.swift"), "w") as f:
                f.write(page["test"].replace("@testable import Feed\n", f"@testable import {name}\n"))
        text = drive.replace("DOCMODULE", name).replace("UPDATES", str(updates))
        for role in ("table", "rows"):
            marker = role.upper()
            pattern = rf"//{marker}\n(.*?)//END {marker}\n"
            text = re.sub(pattern, (r"\1" if role in page else ""), text, flags=re.S)
        with open(os.path.join(runner, "Tests", name + "Tests", "Drive.swift"), "w") as f:
            f.write(text)
        targets.append(f'.target(name: "{name}", dependencies: ["UIKit", {products}])')
        targets.append(f'.testTarget(name: "{name}Tests", dependencies: ["{name}", "UIKit", {products}])')
    with open(os.path.join(runner, "Package.swift"), "w") as f:
        f.write("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(\n"
                "    name: \"DocSnippets\",\n    dependencies: [.package(name: \"DiffBench\", path: \"../DiffBench\")],\n"
                "    targets: [\n        " + ",\n        ".join(targets) + "\n    ],\n    swiftLanguageModes: [.v6]\n)\n")
    out = run(["swift", "build", "--build-tests", "-c", "release", "-Xswiftc", "-enable-testing"], runner,
              "the snippets' runner")
    out = run(["swift", "test", "--skip-build", "-c", "release"], runner, "the snippets' tests")
    for line in out.splitlines():
        if line.startswith(("table:", "rows:")) or "Test run with" in line:
            print("ok: " + line.strip())

    # The view controllers against the UIKit interface stand-in, in Swift 6 mode.
    check = os.path.join(work, "TypeCheck")
    shutil.rmtree(check, ignore_errors=True)
    os.makedirs(check)
    standins = os.path.join(ROOT, "Tests/InterfaceStandIns")
    objc = ["-Xfrontend", "-enable-objc-interop", "-Xcc", "-fblocks", "-I", os.path.join(standins, "ObjC")]
    run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", "UIKit", *objc,
         os.path.join(standins, "UIKit/UIKit.swift"), "-emit-module-path", os.path.join(check, "UIKit.swiftmodule")],
        check, "the UIKit stand-in")
    # DiffBenchDiffing and its guard as an app on iOS links them: built with the UIKit stand-in, so
    # that their UIKit glue is in them (the modules they import come from this package's build).
    run(["swift", "build", "--target", "DiffBenchDiffingGuard"], ROOT, "DiffBench's debug build")
    modules = run(["swift", "build", "--show-bin-path"], ROOT, "DiffBench's build path").strip() + "/Modules"
    package_name = os.path.basename(ROOT).lower()
    for product in ("DiffBenchDiffing", "DiffBenchDiffingGuard"):
        sources = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(ROOT, "Sources", product))
                         for f in fs if f.endswith(".swift"))
        run(["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-package-name", package_name,
             "-module-name", product, "-I", check, "-I", modules, *objc, *sources,
             "-emit-module-path", os.path.join(check, product + ".swiftmodule")], check, f"{product} with UIKit")
    for path, page in found.items():
        files = []
        for role in ("types", "table", "rows"):
            if role in page:
                file = os.path.join(check, f"{module_name(path)}{role.title()}.swift")
                open(file, "w").write(page[role])
                files.append(file)
        if len(files) < 2:
            continue
        run(["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", module_name(path),
             "-I", check, "-I", modules, *objc, *files], check, f"{os.path.relpath(path, ROOT)}: the view controllers against UIKit")
        print(f"ok: {os.path.relpath(path, ROOT)}: the view controllers type-check under Swift 6 against the UIKit stand-in")
    if not keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv)
