#!/usr/bin/env python3
"""Writes docs/league.md from a league run and league verifies (League/make-league.sh calls it).

Inputs, all made by the league binary (the bench command line with the peers registered):
  --run CSV          league run --suite default (the results CSV)
  --report JSON      league report CSV --format json (diffbench-report/1, with per-case figures)
  --ids-report JSON  the same for the identity-kind run (League/ids.suite)
  --verify T=JSON    league verify --random N --target T --format json (diffbench-verify/1), per target
  --corpus T=JSON    league verify on the corpus case files, per target
  --differs JSON     name, library, version and the call each adapter models (League/differs.json)
  --command TEXT     the command that made the inputs, printed as it is

Nothing here is measured: every figure comes from the inputs, so the page cannot drift from a run.
"""
import argparse
import csv
import json
import math
import sys

BUILT_IN = ["reload", "heckel", "lis", "myers", "stdlib"]


def fmt_time(ns):
    """A time per diff, three significant figures, in the unit that reads best."""
    if ns is None:
        return "-"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            value = ns / scale
            return f"{value:,.3g} {unit}" if value < 1000 else f"{value:,.0f} {unit}"
    return f"{ns:.3g} ns"


def fmt_ratio(r):
    if r is None or (isinstance(r, float) and math.isnan(r)):
        return "-"
    return f"{r:.2f}x" if r < 10 else f"{r:.1f}x" if r < 100 else f"{r:,.0f}x"


def size_label(n):
    return f"{n // 1_000_000}M" if n >= 1_000_000 and n % 1_000_000 == 0 else (
        f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n))


def load_metadata(path):
    """The run's metadata from the CSV's first row (every row repeats it)."""
    with open(path, newline="", encoding="utf-8") as f:
        first = next(csv.DictReader(f), None)
    if first is None:
        sys.exit(f"league_table.py: {path}: no rows")
    return first


def cell_text(d):
    """One differ's cell of a case: time and ratio, bold when tied for fastest, or why not timed."""
    status = d["status"]
    if status in ("skipped", "timeout", "error"):
        return status
    if d.get("correct") is False or status == "wrong":
        # Timed all the same: how fast a wrong answer comes is worth knowing, never worth ranking.
        return f"wrong ({fmt_time(d['time_ns'])})" if d.get("time_ns") is not None else "wrong"
    text = f"{fmt_time(d.get('time_ns'))} ({fmt_ratio(d.get('ratio'))})"
    return f"**{text}**" if d.get("tied_fastest") else text


def left_out(algorithm):
    """The cells a score leaves out, by why: `wrong` (failed the checker), `skipped`, `timeout` ..."""
    outcomes = {k: int(v) for k, v in (algorithm.get("outcomes") or {}).items() if v}
    if not outcomes:
        return "none"
    total = sum(outcomes.values())
    return f"{total}: " + ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items()))


def speed_section(report, order):
    lines = ["## Speed", "",
             "CPU time of the diffing thread per diff, median, and its ratio to the case's fastest correct "
             "differ that animates fully, keeping every identity the case lets survive (DiffBench's own "
             "`heckel` and `lis` included). **Bold**: tied for fastest (the 95% interval of its ratio to the "
             "fastest lies below 1.05). `wrong`: the changeset failed the checker "
             "(see Conformance); `skipped` and `timeout`: see What each differ cannot take. A score is the "
             "geometric mean of its ratios over the cells it has a correct, timed answer for; the cells it "
             "leaves out are counted beside it, with why. Excess moves and identity preserved are averaged "
             "over correct changesets only: a changeset that throws animates nothing and is counted as wrong.",
             ""]
    lines.append("| differ | score (x fastest, 95% CI) | cells scored | left out of the score | "
                 "excess moves / 1k items | identity preserved | stages per diff |")
    lines.append("|---|---|---|---|---|---|---|")
    stages = {}
    for case in report["cases"]:
        for d in case["differs"]:
            if d.get("stages") is not None and d.get("correct"):
                stages.setdefault(d["name"], []).append(d["stages"])
    for a in sorted(report["algorithms"], key=lambda a: order.index(a["name"]) if a["name"] in order else 99):
        if a.get("baseline"):
            score = "no diff (reloadData)"
        elif a.get("score") is None:
            score = "-"
        else:
            lo, hi = a.get("score_ci_low"), a.get("score_ci_high")
            score = f"{a['score']:.2f}" + (f" ({lo:.2f}-{hi:.2f})" if lo is not None and hi is not None else "")
        st = stages.get(a["name"])
        mean_stages = f"{sum(st) / len(st):.2f}" if st else "-"
        excess = a.get("excess_moves_per_1000")
        identity = a.get("identity_preserved")
        name = a["name"] + (" (partial animation: not a yardstick)" if a.get("partial") else "")
        lines.append(f"| {name} | {score} | {a['cells_ok']} of {a['cells']} | {left_out(a)} | "
                     f"{'-' if excess is None else f'{excess:.1f}'} | "
                     f"{'-' if identity is None else f'{identity * 100:.1f}%'} | {mean_stages} |")
    lines += ["", "Per scenario and size:", ""]
    # reload computes no diff: its time says nothing about a differ, so it has no column.
    names = [n for n in order if n != "reload" and any(d["name"] == n for c in report["cases"] for d in c["differs"])]
    lines.append("| scenario | size | " + " | ".join(names) + " |")
    lines.append("|---|---|" + "---|" * len(names))
    for case in report["cases"]:
        by_name = {d["name"]: d for d in case["differs"]}
        label = case["scenario"] + ("" if case["ids"] == "int" else f" ({case['ids']} ids)")
        lines.append(f"| {label} | {size_label(int(case['size']))} | "
                     + " | ".join(cell_text(by_name[n]) if n in by_name else "" for n in names) + " |")
    return lines


def ids_section(report, order):
    if report is None:
        return []
    lines = ["## Ids as apps have them", "",
             "The same cases with the identities apps use: dense integers (`int`), sparse 63-bit integers "
             "like database keys (`sparse`), UUID strings (`string`), short string keys (`key`) and "
             "Foundation `UUID`s (`uuid`). CPU time per diff, and in brackets the ratio to `heckel` on the "
             "same ids (`wrong`: timed, but the changeset failed the checker): dense integers alone flatter a "
             "differ that indexes them directly.", ""]
    kinds = []
    for case in report["cases"]:
        if case["ids"] not in kinds:
            kinds.append(case["ids"])
    scenarios = []
    for case in report["cases"]:
        key = (case["scenario"], int(case["size"]))
        if key not in scenarios:
            scenarios.append(key)
    names = [n for n in order if n != "reload" and any(d["name"] == n for c in report["cases"] for d in c["differs"])]
    for scenario, size in scenarios:
        lines.append(f"{scenario}, {size_label(size)} items:")
        lines.append("")
        lines.append("| differ | " + " | ".join(kinds) + " |")
        lines.append("|---|" + "---|" * len(kinds))
        cases = {c["ids"]: c for c in report["cases"] if c["scenario"] == scenario and int(c["size"]) == size}
        for n in names:
            cells = []
            for k in kinds:
                case = cases.get(k)
                by_name = {d["name"]: d for d in case["differs"]} if case else {}
                d, h = by_name.get(n), by_name.get("heckel")
                if d is None:
                    cells.append("")
                elif d["status"] in ("skipped", "timeout", "error") or d.get("time_ns") is None:
                    cells.append(d["status"])
                else:
                    rel = d["time_ns"] / h["time_ns"] if h and h.get("time_ns") else None
                    wrong = ", wrong" if d.get("correct") is False else ""
                    cells.append(f"{fmt_time(d['time_ns'])} ({fmt_ratio(rel)}{wrong})")
            lines.append(f"| {n} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines


def tally(doc, name):
    """One differ's entry in a verify document, or None."""
    if doc is None:
        return None
    return next((d for d in doc["differs"] if d["name"] == name), None)


def counts_text(d):
    if d is None:
        return "-"
    judged = d["passed"] + d["failed"] + d["errors"]
    extra = f", {d['unsupported']} unsupported" if d["unsupported"] else ""
    return f"{d['passed']} of {judged}{extra}"


def no_glue(info, target):
    """Why a differ is not judged on `target`: its library ships no glue for it."""
    return (info.get("no_glue") or {}).get(target, "no glue for this target")


def conformance_section(verifies, corpus, differs, explanations, order):
    lines = ["## Conformance", "",
             "Each library's changesets, sent as its own glue sends them (Who plays), replayed under UIKit's "
             "batch-update rules by DiffBench's checker (`bench rules`; [conformance-rules.md](conformance-rules.md)"
             "), on seeded random cases (half small mixed cases, half drawn from every scenario; duplicates in "
             "some) and on the corpus' case files (`Corpus/cases/`). Passed of cases the target takes; "
             "`unsupported`: input the differ or its glue does not take (it threw, with its reason under What "
             "each differ cannot take), or that the target cannot hold. `n/a (no glue)`: the library ships no "
             "glue for that target, so nothing of its own is sent there to judge.", ""]
    targets = list(verifies)
    header = "| differ | " + " | ".join(f"{t}: random" for t in targets) + " | " + \
        " | ".join(f"{t}: corpus" for t in corpus) + " |"
    lines.append(header)
    lines.append("|---|" + "---|" * (len(targets) + len(corpus)))

    def cell(doc, name, target):
        info = differs.get(name, {})
        if target not in info.get("targets", [target]):
            return "n/a (no glue)"
        return counts_text(tally(doc, name))
    ranked = [n for n in order if not differs.get(n, {}).get("illustration")]
    names = [n for n in ranked if any(tally(doc, n) for doc in verifies.values())
             or n in differs]
    for n in names:
        lines.append(f"| {n} | " + " | ".join(cell(verifies[t], n, t) for t in targets) + " | "
                     + " | ".join(cell(corpus[t], n, t) for t in corpus) + " |")
    notes = [(n, t, no_glue(differs[n], t)) for n in names if n in differs
             for t in targets if t not in differs[n].get("targets", [t])]
    if notes:
        lines.append("")
        for n, t, why in notes:
            lines.append(f"- {n}, {t}: n/a: {why}")
    lines += ["", "### Every rule a library's glue breaks", "",
              "The rule that heads each failing changeset, how often (random cases, per target), the checker's "
              "finding on the first case (the rule's id links its public sources), and a minimal failing case: "
              "the first failing case shrunk while the same rule still fails (`bench verify --save-minimal`), "
              "committed under `League/cases/`. From `League/`, `swift run -c release league verify "
              "cases/TARGET/FILE --target TARGET` shows the failure and `league diff cases/TARGET/FILE "
              "--algorithm NAME` prints the changeset.", ""]
    lines += rule_tables(names, verifies, differs, explanations, targets)
    shown = [n for n in order if differs.get(n, {}).get("illustration")
             and any(tally(doc, n) for doc in verifies.values())]
    if shown:
        lines += ["### Shown apart: calls a library's own API exists to avoid", "",
                  "Not ranked, not scored: how a library fails when an app skips the API it offers to prevent "
                  "exactly this.", ""]
        lines.append("| differ | " + " | ".join(f"{t}: random" for t in targets) + " |")
        lines.append("|---|" + "---|" * len(targets))
        for n in shown:
            lines.append(f"| {n} | " + " | ".join(counts_text(tally(verifies[t], n)) for t in targets) + " |")
        lines.append("")
        lines += rule_tables(shown, verifies, differs, explanations, targets)
    return lines


def rule_link(rule):
    return f"[{rule}](conformance-rules.md)" if rule not in ("BOUND",) else rule


def rule_tables(names, verifies, differs, explanations, targets):
    lines = []
    for n in names:
        broken = []
        for t in targets:
            for d in verifies[t]["differs"]:
                if d["name"] == n:
                    broken += [(t, r) for r in d["rules"]]
        if not broken:
            continue
        info = differs.get(n, {})
        lines.append(f"#### {n}")
        lines.append("")
        if info.get("models"):
            lines.append(f"Models: {info['models']}")
            lines.append("")
        lines.append("| target | rule | severity | cases | the checker's finding (first case) | minimal case |")
        lines.append("|---|---|---|---|---|---|")
        for t, r in broken:
            case = r.get("minimal_case")
            link = f"[{case.split('League/')[-1]}](../League/{case.split('League/')[-1]})" if case else "-"
            message = r["message"].replace("|", "\\|")
            lines.append(f"| {t} | {rule_link(r['rule'])} | {r['severity']} | {r['count']} | {message} | {link} |")
        lines.append("")
        for rule in dict.fromkeys(r["rule"] for _, r in broken):
            text = explanations.get(n, {}).get(rule)
            if text:
                lines.append(f"- **{rule}**: {text}")
            else:
                lines.append(f"- **{rule}**: no explanation written yet (League/differs.json).")
        lines.append("")
    return lines


def answer_section(report, verifies, corpus, differs, order):
    """Which library to ship, from the data: who passes every rule where its glue runs, the fastest of
    those, what the others trade, and DiffBench's own differs as the reference."""
    scores = {a["name"]: a for a in report["algorithms"]}
    targets = list(verifies)

    def verdict(name):
        """(passes everything it takes, cases it does not take, rules broken) over its targets."""
        info = differs.get(name, {})
        rules, unsupported, judged, clean = {}, 0, 0, True
        for t in targets:
            if t not in info.get("targets", [t]):
                continue
            for doc in (verifies.get(t), corpus.get(t)):
                d = tally(doc, name)
                if d is None:
                    continue
                judged += d["passed"] + d["failed"] + d["errors"] + d["unsupported"]
                clean = clean and d["failed"] == 0 and d["errors"] == 0
            d = tally(verifies.get(t), name)
            if d:
                unsupported = max(unsupported, d["unsupported"])
                for r in d["rules"]:
                    rules.setdefault(r["rule"], {})[t] = r["count"]
        return clean and judged > 0, unsupported, rules

    def score_text(name):
        a = scores.get(name)
        if not a or a.get("score") is None:
            return "no score"
        return f"score {a['score']:.2f}"

    libraries = [n for n in order if n in differs and not differs[n].get("illustration")]
    verdicts = {n: verdict(n) for n in libraries}
    random_cases = max((doc["cases"] for doc in verifies.values()), default=0)
    # A library with no verify run on its targets is not judged here, so it is left out of the answer.
    libraries = [n for n in libraries
                 if any(tally(verifies.get(t), n) for t in differs[n].get("targets", targets))]
    whole = [n for n in libraries if verdicts[n][0] and verdicts[n][1] == 0]
    partial = [n for n in libraries if verdicts[n][0] and verdicts[n][1] > 0]
    failing = [n for n in libraries if not verdicts[n][0]]
    by_score = sorted(whole, key=lambda n: (scores.get(n) or {}).get("score") or math.inf)

    def where(n):
        return ", ".join(differs[n].get("targets", targets))

    lines = ["## Which library to ship", "",
             "From the data below: a library is judged on what its own glue sends, on the targets it ships glue "
             "for. Scores are times the fastest differ per case (geometric mean; lower is faster).", ""]
    if by_score:
        best = by_score[0]
        version = differs[best]['version']
        version = f" {version}" if version[:1].isdigit() else f" ({version})"
        lines.append(f"- **{differs[best]['library']}{version}** ({best}): passes every rule on "
                     f"every case ({where(best)}; {random_cases} random cases and the corpus), and is the fastest "
                     f"library that does ({score_text(best)}).")
        for n in by_score[1:]:
            lines.append(f"- {differs[n]['library']} ({n}): also passes every case ({where(n)}), slower "
                         f"({score_text(n)}).")
    else:
        lines.append("- No library passes every rule on every case it is given.")
    for n in partial:
        reasons = [r["reason"] for t in targets for r in (tally(verifies.get(t), n) or {}).get("reasons", [])]
        why = f" ({reasons[0]})" if reasons else ""
        lines.append(f"- {differs[n]['library']} ({n}): passes every case it takes ({where(n)}), but its glue does "
                     f"not take {verdicts[n][1]} of {random_cases} random cases{why}; {score_text(n)} over the "
                     "cells it takes.")
    for n in failing:
        worst = sorted(verdicts[n][2].items(), key=lambda x: -max(x[1].values()))
        rules = ", ".join(f"{r} in {max(c.values())}" for r, c in worst)
        lines.append(f"- {differs[n]['library']} ({n}): its own glue's batches break {rules} of {random_cases} "
                     f"random cases ({where(n)}; see Every rule a library's glue breaks); {score_text(n)}.")
    own = [n for n in ("heckel", "lis") if n in scores]
    shipped = [n for n in own if f"diffbench-{n}" in libraries]
    if own:
        lines.append("- For reference, DiffBench's own " + " and ".join(f"`{n}` ({score_text(n)})" for n in own)
                     + ": built into DiffBench and measured beside the libraries"
                     + (", the same differs as the library `DiffBenchDiffing` ships (" + ", ".join(
                         f"`diffbench-{n}`" for n in shipped) + ": an app's own types, through its glue)."
                        if shipped else ", not shipped as a library an app can add yet."))
    lines.append("")
    return lines


def limits_section(report, verifies, order):
    lines = ["## What each differ cannot take", "",
             "Cells of the speed run that did not finish, with the harness's whole reason, and the input "
             "each differ rejected in the random cases.", ""]
    rows = []
    for case in report["cases"]:
        for d in case["differs"]:
            if d["status"] in ("skipped", "timeout", "error"):
                label = case["scenario"] + ("" if case["ids"] == "int" else f" ({case['ids']} ids)")
                rows.append((order.index(d["name"]) if d["name"] in order else 99, d["name"],
                             f"{label} {size_label(int(case['size']))}", d["status"], d["note"]))
    if rows:
        lines.append("| differ | cell | status | reason |")
        lines.append("|---|---|---|---|")
        for _, name, cell, status, note in sorted(rows, key=lambda r: (r[0], r[2])):
            lines.append(f"| {name} | {cell} | {status} | {note.replace('|', '/')} |")
        lines.append("")
    else:
        lines += ["Every cell finished.", ""]
    table = verifies.get("table")
    if table:
        for d in table["differs"]:
            for reason in d.get("reasons", []):
                lines.append(f"- {d['name']}: {reason['count']} random cases unsupported: {reason['reason']} "
                             "(`#` stands for the numbers that vary)")
        lines.append("")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--ids-report")
    parser.add_argument("--verify", action="append", default=[], metavar="TARGET=JSON")
    parser.add_argument("--corpus", action="append", default=[], metavar="TARGET=JSON")
    parser.add_argument("--differs", required=True)
    parser.add_argument("--command", default="League/make-league.sh")
    args = parser.parse_args(argv)

    def pairs(values, flag):
        out = {}
        for v in values:
            if "=" not in v:
                sys.exit(f"league_table.py: {flag} {v}: expected TARGET=FILE")
            target, path = v.split("=", 1)
            with open(path, encoding="utf-8") as f:
                out[target] = json.load(f)
        return out

    with open(args.report, encoding="utf-8") as f:
        report = json.load(f)
    ids_report = None
    if args.ids_report:
        with open(args.ids_report, encoding="utf-8") as f:
            ids_report = json.load(f)
    with open(args.differs, encoding="utf-8") as f:
        catalog = json.load(f)
    differs = {d["name"]: d for d in catalog["differs"]}
    explanations = {d["name"]: d.get("explanations", {}) for d in catalog["differs"]}
    verifies, corpus = pairs(args.verify, "--verify"), pairs(args.corpus, "--corpus")
    meta = load_metadata(args.run)
    order = BUILT_IN + [d["name"] for d in catalog["differs"]]

    lines = ["# The league", "",
             "[README](../README.md) › the league.", "",
             "<!-- Generated by League/make-league.sh from a league run and league verifies: do not edit. -->", "",
             "The differs that apps ship, built from their public repositories and run by DiffBench beside its "
             "own: the same corpus, the same timing in child processes, the same statistics and the same UIKit "
             "checker. How to run it yourself: [League/README.md](../League/README.md).", ""]
    lines += answer_section(report, verifies, corpus, differs, order)
    lines += ["## How this page was made", "",
              f"- Command: `{args.command}`",
              f"- DiffBench commit `{meta['git_commit']}`, {meta['timestamp_utc']}, Swift {meta['swift_version']} "
              f"({meta['build_config']})",
              f"- Machine: {meta['cpu_model']}, {meta['cpu_count']} cores, {meta['mem_total_mb']} MB, "
              f"{meta['os']} {meta['kernel']} ({meta['arch']})", ""]
    lines += ["## Who plays", "",
              "| differ | library | version | what the adapter calls and sends to UIKit | the glue it follows |",
              "|---|---|---|---|---|"]
    for d in catalog["differs"]:
        glue = d.get("glue", "-")
        name = d["name"] + (" (shown apart)" if d.get("illustration") else "")
        lines.append(f"| {name} | [{d['library']}]({d['url']}) | {d['version']} | {d['models']} | {glue} |")
    lines.append("")
    for d in catalog.get("not_built", []):
        lines.append(f"- **{d['library']}** ({d['url']}, {d['version']}): not in the league. {d['reason']}")
    lines.append("")
    lines += speed_section(report, order)
    lines.append("")
    lines += ids_section(ids_report, order)
    lines += conformance_section(verifies, corpus, differs, explanations, order)
    lines += limits_section(report, verifies, order)
    sys.stdout.write("\n".join(lines).rstrip() + "\n")


if __name__ == "__main__":
    main()
