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


def differ(name, time_ns, ratio, tied=False, status="ok", correct=True, note="", stages=1.0):
    return {"name": name, "status": status, "note": note, "correct": correct, "time_ns": time_ns,
            "ci_low": time_ns, "ci_high": time_ns, "ratio": ratio, "tied_fastest": tied, "close_call": False,
            "relocations": 3, "minimum_relocations": 3, "identity_preserved": 1, "stages": stages,
            "self_reported_ns": None}


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
        {"scenario": "mixed", "ids": "int", "size": 1000, "sections": 10, "seed": 1, "items_diffed": 1000,
         "yardstick": "heckel", "differs": [differ("reload", 11, 0.001), differ("heckel", 9464, 1, tied=True),
                                            differ("peer", 141_800, 14.98, stages=3.0)]},
        {"scenario": "shuffle", "ids": "int", "size": 100000, "sections": 1000, "seed": 1, "items_diffed": 1e5,
         "yardstick": "heckel", "differs": [differ("heckel", 1_200_000, 1, tied=True),
                                            differ("peer", None, None, status="skipped", correct=None,
                                                   note="input too large: forecasts 9.61 s per diff; use heckel")]},
    ],
}

VERIFY = {"format": "diffbench-verify/1", "target": "table", "cases": 100, "differs": [
    {"name": "good", "passed": 100, "failed": 0, "unsupported": 0, "errors": 0, "rules": [], "reasons": []},
    {"name": "flat", "passed": 40, "failed": 0, "unsupported": 60, "errors": 0, "rules": [],
     "reasons": [{"reason": "its glue takes one section", "count": 60}]},
    {"name": "raw", "passed": 50, "failed": 50, "unsupported": 0, "errors": 0,
     "rules": [{"rule": "R8", "severity": "exception", "count": 50, "message": "insert and move", "example": "x",
                "minimal_case": None}], "reasons": []},
    {"name": "peer", "passed": 90, "failed": 8, "unsupported": 2, "errors": 0,
     "rules": [{"rule": "R2", "severity": "exception", "count": 8,
                "message": "attempt to perform a delete and a move from the same index path (0-1)",
                "example": "random seed 4", "minimal_case": "cases/table/peer-r2.json"}],
     "reasons": [{"reason": "peer: # duplicate item identities", "count": 2}]}]}

DIFFERS = {"differs": [{"name": "good", "library": "Good", "url": "https://example.com/good", "version": "2.0",
                        "models": "`Good.diff`", "targets": ["table"]},
                       {"name": "peer", "library": "Peer", "url": "https://example.com/peer", "version": "1.0",
                        "models": "`Peer.diff`, one batch", "explanations": {"R2": "it reloads and moves a row."}},
                       {"name": "flat", "library": "Flat", "url": "https://example.com/flat", "version": "1.0",
                        "models": "`Flat.diff`", "targets": ["table"]},
                       {"name": "coll", "library": "Coll", "url": "https://example.com/coll", "version": "1.0",
                        "models": "`Coll.diff`", "targets": ["collection"],
                        "no_glue": {"table": "it drives collection views only"}},
                       {"name": "raw", "library": "Peer", "url": "https://example.com/peer", "version": "1.0",
                        "models": "raw", "illustration": True, "explanations": {"R8": "its raw result."}}],
           "not_built": [{"library": "Old", "url": "https://example.com/old", "version": "0.1",
                          "reason": "no Package.swift"}]}


class LeagueTableTests(unittest.TestCase):
    def render(self, verify=VERIFY, differs=DIFFERS):
        with tempfile.TemporaryDirectory() as d:
            paths = {}
            for name, content in (("run.csv", CSV_HEADER + CSV_ROW), ("report.json", json.dumps(REPORT)),
                                  ("verify.json", json.dumps(verify)), ("differs.json", json.dumps(differs))):
                paths[name] = os.path.join(d, name)
                with open(paths[name], "w", encoding="utf-8") as f:
                    f.write(content)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                league_table.main(["--run", paths["run.csv"], "--report", paths["report.json"],
                                   "--verify", "table=" + paths["verify.json"],
                                   "--corpus", "table=" + paths["verify.json"],
                                   "--differs", paths["differs.json"], "--command", "make-league.sh"])
            return out.getvalue()

    def test_provenance_comes_from_the_run(self):
        page = self.render()
        self.assertIn("DiffBench commit `abc123def456`, 2026-11-28T00:00:00Z", page)
        self.assertIn("Machine: Test CPU, 2 cores, 24000 MB", page)

    def test_scores_and_quality_per_differ(self):
        page = self.render()
        self.assertIn("| peer | 14.98 (12.00-18.50) | 1 of 2 | 1: 1 skipped | 97.2 | 99.8% | 3.00 |", page)
        self.assertIn("| reload | no diff (reloadData) |", page)

    def test_cells_show_time_ratio_and_ties(self):
        page = self.render()
        self.assertIn("| scenario | size | heckel | peer |", page)
        self.assertIn("| mixed | 1k | **9.46 µs (1.00x)** | 142 µs (15.0x) |", page)
        self.assertIn("| shuffle | 100k | **1.2 ms (1.00x)** | skipped |", page)

    def test_whole_reasons_for_cells_that_did_not_finish(self):
        page = self.render()
        self.assertIn("| peer | shuffle 100k | skipped | input too large: forecasts 9.61 s per diff; use heckel |",
                      page)
        self.assertIn("peer: 2 random cases unsupported: peer: # duplicate item identities", page)

    def test_rules_with_message_case_and_explanation(self):
        page = self.render()
        self.assertIn("| peer | 90 of 98, 2 unsupported | 90 of 98, 2 unsupported |", page)
        self.assertIn("| table | [R2](conformance-rules.md) | exception | 8 | attempt to perform a delete and a move from "
                      "the same index path "
                      "(0-1) | [cases/table/peer-r2.json](../League/cases/table/peer-r2.json) |", page)
        self.assertIn("- **R2**: it reloads and moves a row.", page)

    def test_a_rule_without_explanation_says_so(self):
        differs = json.loads(json.dumps(DIFFERS))
        differs["differs"][1]["explanations"] = {}
        self.assertIn("- **R2**: no explanation written yet", self.render(differs=differs))

    def test_the_answer_names_the_fastest_library_that_passes_and_the_trade_offs(self):
        page = self.render()
        answer = page.split("## Which library to ship")[1].split("## How this page was made")[0]
        self.assertIn("**Good 2.0** (good): passes every rule on every case (table; 100 random cases and the corpus)"
                      ", and is the fastest library that does (score 30.50)", answer)
        self.assertIn("Flat (flat): passes every case it takes (table), but its glue does not take 60 of 100 random "
                      "cases (its glue takes one section)", answer)
        self.assertIn("Peer (peer): its own glue's batches break R2 in 8 of 100 random cases", answer)
        self.assertNotIn("raw", answer)
        self.assertLess(page.index("## Which library to ship"), page.index("## How this page was made"))

    def test_a_target_without_glue_is_na_and_an_illustration_is_shown_apart(self):
        page = self.render()
        self.assertIn("| coll | n/a (no glue) | n/a (no glue) |", page)
        self.assertIn("- coll, table: n/a: it drives collection views only", page)
        ranked = page.split("## Conformance")[1].split("### Shown apart")[0]
        self.assertNotIn("| raw |", ranked)
        self.assertNotIn("Coll", page.split("## Which library to ship")[1].split("## How")[0])
        apart = page.split("### Shown apart")[1]
        self.assertIn("| raw | 50 of 100 |", apart)
        self.assertIn("- **R8**: its raw result.", apart)

    def test_what_could_not_be_built(self):
        self.assertIn("- **Old** (https://example.com/old, 0.1): not in the league. no Package.swift", self.render())


if __name__ == "__main__":
    unittest.main()
