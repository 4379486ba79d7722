#!/usr/bin/env python3
"""Every source file's tests findable from its name: `python3 .ci/test_map.py [ROOT] [--write]`.

A source file `Sources/<Module>/.../<Name>.swift` is findable when its module's test target holds
`Tests/<Module>Tests/.../<Name>Tests.swift`, or when docs/architecture.md's table "Where each
source file is tested" (between the markers below) has its line. `--write` regenerates that table:
for each file without a test file of its name, the test files of its own module's target that name
one of its types (an extension file: one of its functions), else those of other targets, else
"none names its types". Without `--write` it checks that every source file is findable, that each
line names an existing source file, and that every test file a line names exists.
Exit 1 with one line per fault.
"""
import glob
import os
import re
import sys

BEGIN = "<!-- test map: .ci/test_map.py --write -->"
END = "<!-- end test map -->"
TYPE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated)\s+)*"
    r"(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
FUNC = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|static|mutating|private|fileprivate|nonisolated)\s+)*"
    r"func\s+([a-zA-Z_]\w*)", re.M)


def sources(root):
    return sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "Sources/*/**/*.swift"),
                                                             recursive=True))


def named_test(root, path):
    module, name = path.split("/")[1], os.path.basename(path)[:-len(".swift")]
    return glob.glob(os.path.join(root, f"Tests/{module}Tests/**/{name}Tests.swift"), recursive=True)


def mentions(root, path, pattern):
    """The test files under `pattern` that name one of `path`'s types (or functions, for an extension)."""
    text = open(os.path.join(root, path), encoding="utf-8").read()
    name = os.path.basename(path)[:-len(".swift")]
    if "+" in name:
        words = [f for f in set(FUNC.findall(text)) if len(f) > 4] or [name.split("+")[0]]
    else:
        words = sorted(set(TYPE.findall(text)) | {name})
    found = []
    for test in sorted(glob.glob(os.path.join(root, pattern), recursive=True)):
        body = open(test, encoding="utf-8").read()
        if any(re.search(rf"\b{re.escape(w)}\b", body) for w in words):
            found.append(os.path.relpath(test, root))
    if not found and path.startswith("Sources/DiffBenchKit/") and name.endswith("Command"):
        command = name[:-len("Command")].lower()
        for test in sorted(glob.glob(os.path.join(root, "Tests/DiffBenchKitTests/*.swift"))):
            if f'["{command}"' in open(test, encoding="utf-8").read():
                found.append(os.path.relpath(test, root))
    return found


def table(root):
    lines = ["| source file | tested in |", "|---|---|"]
    for path in sources(root):
        if named_test(root, path):
            continue
        module = path.split("/")[1]
        own = mentions(root, path, f"Tests/{module}Tests/**/*.swift")
        if own:
            where = ", ".join(f"`{t}`" for t in own[:4])
        else:
            other = mentions(root, path, "Tests/*Tests/**/*.swift")
            where = ("another module's target: " + ", ".join(f"`{t}`" for t in other[:3])) if other \
                else "none names its types"
        lines.append(f"| `{path}` | {where} |")
    return "\n".join(lines) + "\n"


def check(root):
    page = open(os.path.join(root, "docs/architecture.md"), encoding="utf-8").read()
    if BEGIN not in page or END not in page:
        return ["docs/architecture.md has no test map (python3 .ci/test_map.py --write)"]
    block = page.split(BEGIN, 1)[1].split(END, 1)[0]
    listed = {}
    for source, where in re.findall(r"^\| `(Sources/[^`]+)` \| (.*) \|$", block, flags=re.M):
        listed[source] = where
    faults = []
    for source, where in listed.items():
        if not os.path.exists(os.path.join(root, source)):
            faults.append(f"docs/architecture.md: the test map names {source}, which does not exist")
        for test in re.findall(r"`(Tests/[^`]+)`", where):
            if not os.path.exists(os.path.join(root, test)):
                faults.append(f"docs/architecture.md: the test map names {test} for {source}: no such file")
    for source in sources(root):
        if not named_test(root, source) and source not in listed:
            module, name = source.split("/")[1], os.path.basename(source)[:-len(".swift")]
            faults.append(f"{source}: no Tests/{module}Tests/.../{name}Tests.swift and no line in docs/architecture.md's "
                          "test map (python3 .ci/test_map.py --write)")
    return faults


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if "--write" in argv:
        path = os.path.join(root, "docs/architecture.md")
        page = open(path, encoding="utf-8").read()
        before, rest = page.split(BEGIN, 1)
        after = rest.split(END, 1)[1]
        open(path, "w", encoding="utf-8").write(before + BEGIN + "\n" + table(root) + END + after)
    faults = check(root)
    for fault in faults:
        print(fault)
    named = sum(1 for s in sources(root) if named_test(root, s))
    print(f"test map: {len(sources(root))} source files, {named} with a test file of their name, "
          f"{len(faults)} fault(s)")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
