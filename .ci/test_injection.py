#!/usr/bin/env python3
"""Names stay text in every report: `python3 .ci/test_injection.py BENCH`.

Rewrites Results/baseline.csv so that its differ and scenario names, run id, machine and commit
carry hostile payloads (scalars that join their neighbour into one grapheme before `<`, a closing
`</script>`, attribute breakers, pipes, line breaks, a 300-byte name), then checks what DiffBench
writes from it: the HTML page, opened in headless Chromium, runs none of the payloads and still
draws every cell; every SVG chart parses as XML; every Markdown table keeps its column count.
"""
import csv
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

bench = sys.argv[1] if len(sys.argv) > 1 else ".build/release/bench"
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
MARK = "data-pwned"
ACT = f"document.documentElement.setAttribute('{MARK}','1')"
PAYLOADS = [
    f"\u0600<img src=x onerror=\"{ACT}\">\u0600",
    f"<\u0301script>{ACT}</script\u0301>",
    f"</script><script>{ACT}</script>",
    f"\" onmouseover=\"{ACT}\" x=\"",
    f"'><svg onload=\"{ACT}\">",
    "a|b|c",
    "line\nbreak",
    "x" * 300,
    "Mixed!",
]


def rewrite(source, target):
    """Baseline rows with every name swapped for a payload (one payload per distinct name)."""
    rows = list(csv.DictReader(open(source, newline="", encoding="utf-8")))
    names = {}
    for column in ("algorithm", "scenario"):
        for value in dict.fromkeys(r[column] for r in rows):
            if value != "reload":
                names[(column, value)] = PAYLOADS[len(names) % len(PAYLOADS)] + f" {column[0]}{len(names)}"
    for r in rows:
        for column in ("algorithm", "scenario"):
            r[column] = names.get((column, r[column]), r[column])
        r["run_id"] = PAYLOADS[0] + " run"
        r["cpu_model"] = PAYLOADS[2]
        r["os"] = PAYLOADS[1]
        r["git_commit"] = PAYLOADS[3]
    with open(target, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return {(r["algorithm"], r["scenario"], r["size"], r["ids"]) for r in rows if r["algorithm"] != "reload"}


def pipes(line):
    """The unescaped pipes of a Markdown table line."""
    return len(re.findall(r"(?<!\\)\|", line))


def main():
    work = tempfile.mkdtemp(prefix="diffbench-injection-")
    try:
        results = os.path.join(work, "hostile.csv")
        cells = rewrite("Results/baseline.csv", results)
        folder = os.path.join(work, "report")
        subprocess.run([bench, "report", results, "--out", folder], check=True, capture_output=True)
        svgs = glob.glob(os.path.join(folder, "*.svg"))
        assert svgs, "the report drew no chart"
        for svg in svgs:
            ET.parse(svg)  # raises on ill-formed XML
            assert len(os.path.basename(svg).encode()) <= 100, f"chart file name too long: {svg}"
        markdown = open(os.path.join(folder, "README.md"), encoding="utf-8").read()
        for payload in ("<img", "<script", "<svg onload", "</script"):
            assert payload not in markdown, f"the Markdown report carries {payload!r} raw"
        tables = 0
        for block in re.split(r"\n\s*\n", markdown):
            lines = [line for line in block.splitlines() if line.startswith("|")]
            if len(lines) >= 2:
                tables += 1
                counts = {pipes(line) for line in lines}
                assert len(counts) == 1, f"a Markdown table changes its column count: {lines[:3]}"
        page = os.path.join(work, "report.html")
        subprocess.run([bench, "report", results, "--format", "html", "--out", page], check=True,
                       capture_output=True)
        checked = "not opened (no chromium)"
        if chromium:
            dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                                  "file://" + page], check=True, capture_output=True, text=True, timeout=120).stdout
            assert f'{MARK}="1"' not in dom, "a payload ran script in the HTML page"
            rows = dom.count('<tr class="cell">')
            assert rows == len(cells), f"the page draws {rows} cells, the results hold {len(cells)}"
            checked = f"{rows} cells drawn, no payload ran"
        print(f"injection: {len(PAYLOADS)} payloads in names; {len(svgs)} charts parse as XML, {tables} Markdown "
              f"tables keep their columns, HTML page: {checked}")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
