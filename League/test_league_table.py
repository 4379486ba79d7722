#!/usr/bin/env python3
"""The league table generator on hand-made results: `python3 League/test_league_table.py`."""
import contextlib
import io
import json
import os
import tempfile
import unittest

import league_table

CSV_HEADER = ("schema_version,run_id,timestamp_utc,git_commit,git_dirty,swift_version,build_config,os,kernel,arch,"
              "cpu_model,cpu_count,mem_total_mb,host,machine_id,harness_version,corpus_id,algorithm,scenario,size,"
              "sections,seed,ids,metric,unit,direction,kind,n,batch,warmup,min,p25,median,p75,p90,max,mean,stddev,"
              "mad,ci_low,ci_high,outliers,status,note,samples\n")
CSV_ROW = ("2,r1,2026-11-28T00:00:00Z,abc123def456,false,6.3.1,release,Debian 12,6.1,x86_64,Test CPU,2,24000,h,m,1,"
           "c,heckel,mixed,1000,10,1,int,cpu_ns,ns,lower,timing,6,1,1,1,1,1,1,1,1,1,0,0,1,1,0,ok,,1\n")


def differ(name, time_ns, ratio=None, tied=False, status="ok", correct=True, note="", stages=1.0):
    return {"name": name, "status": status, "note": note, "correct": correct, "time_ns": time_ns,
            "ci_low": time_ns, "ci_high": time_ns, "ratio": ratio, "tied_fastest": tied, "close_call": False,
            "relocations": 3, "minimum_relocations": 3, "identity_preserved": 1, "stages": stages,
            "self_reported_ns": None}


def case(scenario, size, *differs):
    return {"scenario": scenario, "ids": "int", "size": size, "sections": 10, "seed": 1, "items_diffed": size,
            "yardstick": "heckel", "differs": list(differs)}


UNSUPPORTED = "unsupported input: its glue takes one section"
PAST = "predicted past the budget of 4 s: 2.0 ms per diff at size 1000, growing as n^2, forecasts 20 s per diff"

REPORT = {
    "format": "diffbench-report/1", "time": "cpu", "reference": None, "overall": None,
    "algorithms": [
        {"name": "reload", "score": None, "score_ci_low": None, "score_ci_high": None,
         "excess_moves_per_1000": 650.8, "identity_preserved": 0, "cells_ok": 2, "cells": 2, "outcomes": {},
         "baseline": True},
        {"name": "heckel", "score": 1.0, "score_ci_low": 1.0, "score_ci_high": 1.01,
         "excess_moves_per_1000": 97.2, "identity_preserved": 0.998, "cells_ok": 2, "cells": 2, "outcomes": {},
         "baseline": False},
        {"name": "peer", "score": 14.98, "score_ci_low": 12.0, "score_ci_high": 18.5,
         "excess_moves_per_1000": 97.2, "identity_preserved": 0.998, "cells_ok": 1, "cells": 2,
         "outcomes": {"skipped": 1}, "baseline": False},
        {"name": "good", "score": 30.5, "score_ci_low": 29.0, "score_ci_high": 32.0,
         "excess_moves_per_1000": 97.2, "identity_preserved": 0.998, "cells_ok": 2, "cells": 2, "outcomes": {},
         "baseline": False},
    ],
    "scenarios": [],
    "cases": [
        case("mixed", 1000, differ("reload", 11, 0.001), differ("heckel", 9464, 1, tied=True),
             differ("peer", 141_800, 14.98, stages=3.0), differ("good", 40_000, 4.2), differ("fast", 12_000, 1.3),
             differ("flat", None, status="skipped", correct=None, note=UNSUPPORTED),
             differ("coll", 50_000, 5.3)),
        case("append", 1000, differ("heckel", 2000, 1, tied=True), differ("good", 30_000, 15),
             differ("fast", 15_000, 7.5), differ("flat", 90_000, 45), differ("coll", 45_000, 22),
             differ("peer", 2_000_000, None, status="wrong", correct=False,
                    note="stage 0 R3 fallback: cannot move a row from a deleted section (1); UITableView falls back "
                         "to reloadData")),
        case("append", 100000, differ("heckel", 200_000, 1, tied=True), differ("good", 3_000_000, 15),
             differ("fast", 1_500_000, 7.5), differ("flat", 9_000_000, 45), differ("coll", 4_000_000, 20),
             differ("peer", None, status="skipped", correct=None, note=PAST)),
        case("shuffle", 100000, differ("heckel", 1_200_000, 1, tied=True), differ("good", 5_000_000, 4.2),
             differ("fast", 1_300_000, 1.1), differ("flat", None, status="skipped", correct=None, note=UNSUPPORTED),
             differ("coll", 6_000_000, 5),
             differ("peer", None, None, status="skipped", correct=None,
                    note="input too large: forecasts 9.61 s per diff; use heckel")),
    ],
}


def verify(target, peer_failed, coll=False):
    differs = [
        {"name": "good", "passed": 10, "failed": 0, "unsupported": 0, "errors": 0, "rules": [], "reasons": []},
        {"name": "fast", "passed": 10, "failed": 0, "unsupported": 0, "errors": 0, "rules": [], "reasons": []},
        {"name": "flat", "passed": 6, "failed": 0, "unsupported": 4, "errors": 0, "rules": [],
         "reasons": [{"reason": "its glue takes one section", "count": 4}]},
        {"name": "peer", "passed": 9 - peer_failed, "failed": peer_failed, "unsupported": 1, "errors": 0,
         "rules": [{"rule": "R3", "severity": "fallback" if target == "table" else "exception", "count": 1,
                    "message": "cannot move a row from a deleted section (1)", "example": "random seed 5",
                    "minimal_case": f"cases/{target}/peer-r3.json"},
                   {"rule": "R18", "severity": "hazard", "count": 1, "message": "the batch deletes row 1 of moved "
                    "section 2", "example": "random seed 6", "minimal_case": None}],
         "reasons": [{"reason": "peer: # duplicate item identities", "count": 1}]},
        {"name": "raw", "passed": 9, "failed": 1, "unsupported": 0, "errors": 0,
         "rules": [{"rule": "R8", "severity": "exception", "count": 1, "message": "insert and move", "example": "x",
                    "minimal_case": None}], "reasons": []}]
    if coll:
        differs.append({"name": "coll", "passed": 10, "failed": 0, "unsupported": 0, "errors": 0, "rules": [],
                        "reasons": []})
    return {"format": "diffbench-verify/1", "target": target, "cases": 10, "differs": differs}


def lines(target, coll=False):
    text = [
        "UNSUPPORTED flat random seed 1: its glue takes one section",
        "UNSUPPORTED peer random seed 1: peer: 2 duplicate item identities",
        "UNSUPPORTED flat mixed n=12 sections=3 seed=2: its glue takes one section",
        "UNSUPPORTED flat random seed 3: its glue takes one section",
        "UNSUPPORTED flat random seed 4: its glue takes one section",
        f"FAIL peer random seed 5: stage 0 R3 {'fallback' if target == 'table' else 'exception'}: cannot move a row "
        "from a deleted section (1)",
        "FAIL peer random seed 6: stage 0 R18 hazard: the batch deletes row 1 of moved section 2",
        "FAIL raw random seed 7: stage 0 R8 exception: insert and move",
        "verify: 10 cases x 5 algorithms: ...",
    ]
    return "\n".join(text) + "\n"


DIFFERS = {"differs": [
    {"name": "good", "library": "Good", "url": "https://example.com/good", "version": "2.0", "models": "`Good.diff`",
     "glue_checked": "its own glue, run in apps", "glue_in_apps": True, "input": "as it is"},
    {"name": "fast", "library": "Fast", "url": "https://example.com/fast", "version": "1.0", "models": "`Fast.diff`",
     "glue_checked": "never run on iOS", "glue_in_apps": False},
    {"name": "peer", "library": "Peer", "url": "https://example.com/peer", "version": "1.0",
     "models": "`Peer.diff`, one batch", "glue_in_apps": True,
     "explanations": {"R3": "it moves rows out of deleted sections."}},
    {"name": "flat", "library": "Flat", "url": "https://example.com/flat", "version": "1.0", "models": "`Flat.diff`",
     "flat_only": True, "glue_in_apps": True},
    {"name": "coll", "library": "Coll", "url": "https://example.com/coll", "version": "1.0", "models": "`Coll.diff`",
     "targets": ["collection"], "no_glue": {"table": "it drives collection views only"}, "glue_in_apps": True},
    {"name": "raw", "library": "Peer", "url": "https://example.com/peer", "version": "1.0", "models": "raw",
     "illustration": True, "explanations": {"R8": "its raw result."}}],
    "not_built": [{"library": "Old", "url": "https://example.com/old", "version": "0.1",
                   "reason": "no Package.swift"}]}

SIZES = {"command": "League/measure-sizes.sh", "toolchain": "Swift version 6.3.1", "platform": "x86_64 Test OS",
         "date": "2026-12-01", "empty_bytes": 12000, "added_bytes": {"good": 160_000, "fast": 1_200_000,
                                                                    "peer": 80_000, "flat": 50_000, "coll": 30_000}}


class LeagueTableTests(unittest.TestCase):
    def render(self, differs=DIFFERS, with_lines=True, chart=False):
        with tempfile.TemporaryDirectory() as d:
            paths = {}
            files = (("run.csv", CSV_HEADER + CSV_ROW), ("report.json", json.dumps(REPORT)),
                     ("verify-table.json", json.dumps(verify("table", 2))),
                     ("verify-collection.json", json.dumps(verify("collection", 2, coll=True))),
                     ("lines-table.log", lines("table")), ("lines-collection.log", lines("collection")),
                     ("differs.json", json.dumps(differs)), ("sizes.json", json.dumps(SIZES)))
            for name, content in files:
                paths[name] = os.path.join(d, name)
                with open(paths[name], "w", encoding="utf-8") as f:
                    f.write(content)
            args = ["--run", paths["run.csv"], "--report", paths["report.json"],
                    "--verify", "table=" + paths["verify-table.json"],
                    "--verify", "collection=" + paths["verify-collection.json"],
                    "--corpus", "table=" + paths["verify-table.json"],
                    "--differs", paths["differs.json"], "--sizes", paths["sizes.json"], "--command", "make-league.sh"]
            if with_lines:
                args += ["--verify-lines", "table=" + paths["lines-table.log"],
                         "--verify-lines", "collection=" + paths["lines-collection.log"]]
            if chart:
                args += ["--chart", os.path.join(d, "league-time.svg")]
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                league_table.main(args)
            svg = None
            if chart:
                with open(os.path.join(d, "league-time.svg"), encoding="utf-8") as f:
                    svg = f.read()
            return (out.getvalue(), svg) if chart else out.getvalue()

    def section(self, page, title, end="\n## "):
        return page.split(title, 1)[1].split(end, 1)[0]

    def test_provenance_comes_from_the_run(self):
        page = self.render()
        self.assertIn("DiffBench commit `abc123def456`, 2026-11-28T00:00:00Z", page)
        self.assertIn("Machine: Test CPU, 2 cores, 24000 MB", page)

    def test_what_a_failure_does_on_screen(self):
        kind = league_table.kind_of
        self.assertEqual(kind("R2", "exception"), "crash")
        # The table view's R3 and R9: a reloadData fallback to the checker, an exception in the sources.
        self.assertEqual(kind("R3", "fallback"), "crash")
        self.assertEqual(kind("R18", "hazard"), "hazard")
        self.assertEqual(kind("R22", "stale"), "stale cell")
        self.assertEqual(kind("FINAL", "misrender"), "wrong cell")
        self.assertIsNone(kind("R23", "lint"))

    def test_per_case_lines_are_read(self):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
            f.write(lines("table") + "FAIL good random seed 9: does not end in the new snapshot\n"
                    "ERROR fast random seed 9: did not finish within 60 s (--timeout)\n")
        try:
            cases = league_table.read_lines(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(cases["random seed 5"]["peer"], ("fail", "R3", "fallback"))
        self.assertEqual(cases["mixed n=12 sections=3 seed=2"]["flat"], ("unsupported",))
        self.assertEqual(cases["random seed 9"]["good"], ("fail", "FINAL", "misrender"))
        self.assertEqual(cases["random seed 9"]["fast"], ("error",))

    def test_the_same_cases_leave_out_what_any_library_refuses(self):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
            f.write(lines("table"))
        try:
            per_case = league_table.read_lines(f.name)
        finally:
            os.unlink(f.name)
        common, per = league_table.same_cases(verify("table", 2), per_case, ["good", "peer", "flat"])
        self.assertEqual(common, 6)  # seeds 1-4 refused by flat (1 by peer too)
        self.assertEqual(per["peer"]["passed"], 4)
        self.assertEqual(per["peer"]["kinds"], {"crash": 1, "wrong cell": 0, "stale cell": 0, "hazard": 1})
        common, per = league_table.same_cases(verify("table", 2), per_case, ["good", "peer"])
        self.assertEqual((common, per["good"]["passed"], per["peer"]["passed"]), (9, 9, 7))

    def test_same_cases_table_per_use(self):
        page = self.render()
        same = self.section(page, "## The same cases")
        flat = self.section(same, "### Flat lists", "### ")
        self.assertIn("Cases: table: 6 of 10 random cases; collection: 6 of 10 random cases", flat)
        self.assertIn("| peer | ", flat)
        self.assertIn("4 of 6 (66.7%) | 4 of 6 (66.7%) | crash 1, hazard 1 | crash 1, hazard 1 |", flat)
        self.assertIn("| flat (flat lists only) |", flat)
        sectioned = self.section(same, "### Sectioned lists", "### ")
        self.assertNotIn("| flat", sectioned)
        self.assertIn("Cases: table: 9 of 10 random cases", sectioned)
        self.assertIn("| coll | ", sectioned)
        self.assertIn("n/a (no glue)", sectioned)
        self.assertNotIn("| raw", same)

    def test_a_library_with_more_hazards_ranks_before_one_with_a_crash(self):
        # haz fails more cases than peer, but with hazards only: the order is what fails on screen, then speed.
        differs = {d["name"]: d for d in json.loads(json.dumps(DIFFERS))["differs"]}
        differs["haz"] = {"name": "haz", "library": "Haz", "glue_in_apps": True}
        doc = verify("table", 2)
        doc["differs"].append({"name": "haz", "passed": 7, "failed": 3, "unsupported": 0, "errors": 0, "rules": [],
                               "reasons": []})
        per_case = {}
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
            f.write(lines("table") + "".join(f"FAIL haz random seed {k}: stage 0 R18 hazard: x\n" for k in (8, 9, 10)))
        try:
            per_case = league_table.read_lines(f.name)
        finally:
            os.unlink(f.name)
        report = json.loads(json.dumps(REPORT))
        for c in report["cases"]:
            c["differs"].append(differ("haz", 99_000_000, 99))
        out = "\n".join(league_table.same_cases_section(report, {"table": doc}, {"table": per_case}, differs))
        sectioned = out.split("### Sectioned lists")[1]
        rows = [r.split(" |")[0][2:] for r in sectioned.splitlines() if r.startswith("| ") and " of " in r]
        self.assertEqual(rows, ["fast", "good", "haz", "peer"])

    def test_a_lower_bound_where_a_library_ran_out_of_budget(self):
        cells = league_table.speed_cells(REPORT, ["good", "fast", "peer"])
        # mixed is taken by all three (flat is not asked); peer's append 100k is its 1k time, a lower bound.
        self.assertEqual(cells[("append", 100000)]["peer"], (2_000_000, False))
        self.assertEqual(cells[("append", 1000)]["peer"], (2_000_000, True))
        self.assertNotIn(("shuffle", 100000), league_table.speed_cells(REPORT, ["good", "flat"]))
        scores = league_table.same_cells_scores(cells, ["good", "fast", "peer"])
        self.assertEqual(scores["fast"][1], 0)
        self.assertEqual(scores["peer"][1], 1)
        self.assertTrue(league_table.score_text(scores["peer"]).startswith("≥ "))

    def test_the_decision_names_the_fastest_library_without_failures_and_the_one_apps_run(self):
        page = self.render()
        decision = self.section(page, "## Which library to ship")
        sectioned = decision.split("### Sectioned lists")[1]
        self.assertIn("**Ship Fast** (`fast`): no failure on the same cases on table and collection views", sectioned)
        self.assertIn("**Or, for glue that apps run on iOS today: Good** (`good`)", sectioned)
        self.assertIn("On collection views only: Coll (`coll`)", sectioned)
        self.assertIn("within 8.3 ms (120 Hz) | within 16.7 ms (60 Hz)", sectioned)
        # A library with a crash comes after every library with none, whatever its speed.
        rows = [r for r in sectioned.splitlines() if r.startswith("| ") and "`" in r]
        self.assertEqual([r.split("`")[1] for r in rows], ["fast", "good", "coll", "peer"])
        self.assertIn("table: crash 1, hazard 1 of 9", rows[-1])
        self.assertIn("1,172 KiB", rows[0])
        self.assertNotIn("raw", decision)

    def test_ms_per_update_and_frame_fits(self):
        cells = league_table.speed_cells(REPORT, ["good", "fast", "peer"])
        figures = league_table.per_size(cells, "fast")
        self.assertEqual(figures[1000]["median"], 13_500)
        self.assertEqual(league_table.ms_cell(figures[100000]), "1.40 (1.50)")
        self.assertEqual(league_table.fits(figures, 1e9 / 120), "every update up to 100k")
        self.assertEqual(league_table.fits(league_table.per_size(cells, "good"), 4e6),
                         "every update up to 1k; the median one up to 100k")
        # peer ran out of budget on both 100k scenarios: no median there, and no slowest while one is past it.
        peer = league_table.per_size(cells, "peer")
        self.assertEqual(league_table.ms_cell(peer[100000]), "past the budget on 2 of 2 scenarios")
        self.assertIsNone(peer[100000]["median"])
        self.assertEqual(league_table.fits(peer, 1e9), "every update up to 1k")

    def test_the_headline_counts_failures_by_kind_and_view(self):
        page = self.render()
        headline = self.section(page, "### Every library, on the same cases")
        self.assertIn("- Peer (`peer`): table: crash 1, hazard 1 of 9; collection: crash 1, hazard 1 of 9;", headline)
        self.assertIn("- Coll (`coll`): collection: no failure in 9;", headline)
        self.assertIn("never set against their own product", headline)

    def test_failures_by_kind_over_each_librarys_own_cases(self):
        page = self.render()
        failures = self.section(page, "## Failures by what they do on screen")
        self.assertIn("TLIndexPathTools #20", failures)
        self.assertIn("| peer | 1 | - | - | 1 | 1 | - | - | 1 |", failures)
        self.assertIn("| coll | n/a | n/a | n/a | n/a | - | - | - | - |", failures)

    def test_scores_and_quality_per_differ(self):
        page = self.render()
        self.assertIn("| peer | 14.98 (12.00-18.50) | 1 of 2 | 1: 1 skipped | 97.2 | 99.8% | 3.00 |", page)
        self.assertIn("| reload | no diff (reloadData) |", page)
        self.assertIn("Stages per diff: the batches", page)

    def test_cells_show_time_ratio_ties_and_what_a_failure_does(self):
        page = self.render()
        self.assertIn("| scenario | size | heckel | good | fast | peer | flat | coll |", page)
        self.assertIn("| mixed | 1k | **9.46 µs (1.00x)** | 40 µs (4.20x) | 12 µs (1.30x) | 142 µs (15.0x) | "
                      "skipped |", page)
        self.assertIn("| crash, R3 (2 ms) |", page)

    def test_whole_reasons_and_what_users_do_to_their_data(self):
        page = self.render()
        self.assertIn("| peer | shuffle 100k | skipped | input too large: forecasts 9.61 s per diff; use heckel |",
                      page)
        self.assertIn("- peer (table): 1 of 10 random cases unsupported: peer: # duplicate item identities (`#` stands",
                      page)
        self.assertIn("- flat (table): 4 of 10 random cases unsupported: its glue takes one section\n", page)
        self.assertIn("- good: as it is.", page)

    def test_rules_with_what_they_do_on_screen_case_and_explanation(self):
        page = self.render()
        self.assertIn("| table | [R3](conformance-rules.md) | fallback | crash | 1 | cannot move a row from a deleted "
                      "section (1) | [cases/table/peer-r3.json](../League/cases/table/peer-r3.json) |", page)
        self.assertIn("| table | [R18](conformance-rules.md) | hazard | hazard | 1 |", page)
        self.assertIn("- **R3**: it moves rows out of deleted sections.", page)
        self.assertIn("- **R18**: no explanation written yet", page)

    def test_an_illustration_is_shown_apart_and_a_target_without_glue_is_na(self):
        page = self.render()
        self.assertIn("| coll | n/a (no glue) | 10 of 10 | n/a (no glue) |", page)
        self.assertIn("- coll, table: n/a: it drives collection views only", page)
        apart = page.split("### Shown apart")[1]
        self.assertIn("| raw | 9 of 10 | 9 of 10 |", apart)
        self.assertIn("never timed, not scored", apart)

    def test_sizes_and_what_could_not_be_built(self):
        page = self.render()
        sizes = self.section(page, "## App size")
        self.assertIn("`League/measure-sizes.sh`", sizes)
        self.assertIn("| coll | 30,000 (29 KiB) |", sizes)
        self.assertIn("- **Old** (https://example.com/old, 0.1): not in the league. no Package.swift", page)

    def test_the_chart_draws_both_frames_and_one_line_per_library(self):
        _, svg = self.render(chart=True)
        self.assertIn("frame budget 8.3 ms (120 Hz)", svg)
        self.assertIn("frame budget 16.7 ms (60 Hz)", svg)
        # Flat lists: the cells every library takes (append); a line for each library with two points; peer
        # ran out of budget at 100k, so it has one point and says so.
        self.assertEqual(svg.count("<polyline"), 4)
        self.assertIn("peer (past the budget at 100k)", svg)
        self.assertTrue(svg.startswith("<svg") and svg.rstrip().endswith("</svg>"))

    def test_without_per_case_lines_the_page_still_renders(self):
        page = self.render(with_lines=False)
        self.assertNotIn("## The same cases", page)
        self.assertIn("## Which library to ship", page)


if __name__ == "__main__":
    unittest.main()
