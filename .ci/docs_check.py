#!/usr/bin/env python3
"""Docs that cannot drift: `python3 .ci/docs_check.py [ROOT] [BENCH]`.

Checks the facts that README.md and docs/*.md state about the tool against the tool itself:
- the default suite's cell and case counts in the generated excerpts (docs/make-excerpts.sh)
  equal `bench list`'s;
- every sentence that gives the forecast's skip factor gives the one `bench run --help` gives;
- every subcommand bench knows is in `bench --help` and has its section in docs/commands.md;
- every metric a run writes is named in docs/file-formats.md.
Exit 1 with one line per disagreement.
"""
import csv
import glob
import os
import re
import subprocess
import sys
import tempfile


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    bench = argv[2] if len(argv) > 2 else os.path.join(root, ".build/release/bench")

    def run(*args):
        done = subprocess.run([bench, *args], capture_output=True, text=True)
        return done.stdout + done.stderr

    pages = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    texts = {os.path.relpath(p, root): open(p, encoding="utf-8").read() for p in pages}
    faults = []

    # Cell and case counts of the default suite.
    listed = re.search(r"default\s+(\d+) cases x (\d+) algorithms = (\d+) cells", run("list"))
    if not listed:
        faults.append("bench list does not give the default suite's cells")
    else:
        cases, cells = int(listed.group(1)), int(listed.group(3))
        for page, text in texts.items():
            for block in re.findall(r"<!-- excerpt: [a-z-]+ -->\n(.*?)<!-- end excerpt -->", text, flags=re.S):
                for n in re.findall(r"\b(\d+) cells\b", block):
                    if int(n) != cells:
                        faults.append(f"{page}: an excerpt says {n} cells, the default suite has {cells} "
                                      "(docs/make-excerpts.sh)")
                for a, b in re.findall(r"\b(\d+) of (\d+)\b(?! scenarios)", block):
                    if int(b) != cases:
                        faults.append(f"{page}: an excerpt says {a} of {b} cells finished, the default suite has "
                                      f"{cases} cases per differ (docs/make-excerpts.sh)")
            if "<!-- excerpt: " in text and re.search(r"<!-- excerpt: [a-z-]+ -->\n<!-- end excerpt -->", text):
                faults.append(f"{page}: an excerpt is empty (run docs/make-excerpts.sh)")

    # The forecast's skip factor.
    # "past its budget" is a factor of 1 (since 2026-11-29); before, "at 1.5x the budget".
    factor = re.search(r"forecast, from smaller sizes of it, (?:at ([0-9.]+)x the budget|past its budget)",
                       " ".join(run("run", "--help").split()))
    if not factor:
        faults.append("bench run --help does not give the forecast's factor")
    else:
        said = factor.group(1) or "1"
        for page, text in texts.items():
            for sentence in re.split(r"(?<=[.;])\s", " ".join(text.split())):
                if "forecast" in sentence and "budget" in sentence:
                    for word in re.findall(r"\b(twice|double|[0-9.]+x) (?:its|the) budget", sentence):
                        if word != said + "x":
                            faults.append(f"{page}: \"{word} its budget\" for the forecast; bench run --help says "
                                          f"{said}x")

    # Subcommands.
    known = re.search(r"known: ([a-z, -]+);", run("zzzzzzzzzzzz"))
    commands = (texts.get("docs/commands.md") or "")
    if not known:
        faults.append("bench does not list its subcommands for an unknown one")
    else:
        top = run("--help")
        for name in known.group(1).split(", "):
            if f"bench {name}" not in top and f"bench [{name}]" not in top:
                faults.append(f"bench --help does not list the subcommand {name}")
            if not re.search(rf"^### bench {re.escape(name)}$", commands, flags=re.M):
                faults.append(f"docs/commands.md has no section for bench {name} (docs/make-commands.sh)")
        corpus = re.search(r"corpus needs ([a-z, -]+) \(", run("corpus"))
        if corpus:
            for name in re.split(r", | or ", corpus.group(1)):
                if name not in top:
                    faults.append(f"bench --help does not name `corpus {name}`")

    # Metric names.
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "m.csv")
        run("run", "--suite", "quick", "--scenarios", "mixed", "--sizes", "1000", "--algorithms", "heckel,reload",
            "--samples", "6", "--instructions", "off", "--out", out, "--quiet")
        if os.path.exists(out):
            metrics = {r["metric"] for r in csv.DictReader(open(out, newline=""))}
            formats = texts.get("docs/file-formats.md", "")
            for metric in sorted(metrics):
                if f"`{metric}`" not in formats:
                    faults.append(f"docs/file-formats.md does not name the metric {metric}")
        else:
            faults.append("a one-cell run wrote no results file")

    for fault in faults:
        print(fault)
    print(f"docs check: {len(faults)} disagreement(s) between the pages and the tool")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
