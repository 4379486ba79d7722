#!/usr/bin/env python3
"""The HTML report in a real browser: `python3 .ci/test_html_report.py BENCH`.

Runs a small suite with BENCH, writes `bench report --format html`, lets headless Chromium run
the page's script and dump its DOM, and checks that the DOM holds one table row per cell of the
run (every differ but reload, every case), the filters for every differ, and the charts inline.
"""
import csv
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
                    "mixed,shuffle", "--instructions", "off", "--samples", "6", "--out", results, "--quiet"],
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
    print(f"html report: {rows} cell rows in the DOM after the script ran, as many as the run's cells; "
          f"{dom.count('<svg')} inline charts")
finally:
    shutil.rmtree(work)
