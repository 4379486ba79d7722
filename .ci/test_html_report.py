#!/usr/bin/env python3
"""The HTML report in a real browser: `python3 .ci/test_html_report.py BENCH`.

Runs a small suite with BENCH, writes `bench report --format html`, lets headless Chromium run
the page's script and dump its DOM, and checks that the DOM holds one table row per cell of the
run (every differ but reload, every case), the filters for every differ, and the charts inline.
"""
import csv
import html as html_lib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

bench = sys.argv[1] if len(sys.argv) > 1 else ".build/release/bench"
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium is None:
    sys.exit("html report: chromium is not installed (apt-get install chromium)")
work = tempfile.mkdtemp(prefix="diffbench-html-")
try:
    results = os.path.join(work, "run.csv")
    subprocess.run([bench, "run", "--suite", "quick", "--algorithms", "heckel,lis,myers", "--scenarios",
                    "mixed,shuffle", "--instructions", "off", "--samples", "6", "--rounds", "1", "--out", results,
                    "--quiet"],
                   check=True, stdout=subprocess.DEVNULL)
    page = os.path.join(work, "report.html")
    subprocess.run([bench, "report", results, "--format", "html", "--out", page], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    html = open(page, encoding="utf-8").read()
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html, \
        "the page must not load anything from the network"
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + page],
                         check=True, capture_output=True, text=True, timeout=120).stdout
    cells = {(r["algorithm"], r["scenario"], r["size"], r["ids"]) for r in csv.DictReader(open(results, newline=""))
             if r["algorithm"] != "reload"}
    rows = dom.count('<tr class="cell">')
    assert rows == len(cells), f"the DOM holds {rows} cell rows, the run has {len(cells)} cells"
    for name in ("heckel", "lis", "myers"):
        assert re.search(r"<label><input type=\"checkbox\">\s*" + name + "</label>", dom), f"no filter for {name}"
    assert dom.count("<svg") >= 3, "the charts are not inline"
    # The page's x fastest is the terminal's and the report JSON's (per round when timed side by side).
    report = json.loads(subprocess.run([bench, "report", results, "--format", "json"], check=True,
                                       capture_output=True, text=True).stdout)
    expected = {}
    for case in report["cases"]:
        label = case["scenario"] + ("" if case["ids"] == "int" else f" ({case['ids']} ids)")
        for d in case["differs"]:
            if d["ratio"] is not None:
                expected[(d["name"], label, str(int(case["size"])))] = d["ratio"]
    compared = 0
    for row in re.findall(r'<tr class="cell">(.*?)</tr>', dom, flags=re.S):
        tds = [html_lib.unescape(t) for t in re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)]
        key = (tds[0], tds[1], tds[2])
        if key in expected:
            assert tds[5] != "-" and abs(float(tds[5]) - expected[key]) <= 0.005 + 1e-9, \
                f"the page says {tds[5]} for {key}, the report JSON {expected[key]:.4f}"
            compared += 1
    assert compared >= len(expected) > 0, f"compared {compared} ratios of {len(expected)}"
    assert "▲" in dom or "▼" in dom, "the sorted column shows no direction"
    print(f"html report: {rows} cell rows in the DOM after the script ran, as many as the run's cells; "
          f"{dom.count('<svg')} inline charts; {compared} ratios equal to the report JSON's")
finally:
    shutil.rmtree(work)
