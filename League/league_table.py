#!/usr/bin/env python3
"""Writes docs/league.md (and its chart) from a league run and league verifies (League/make-league.sh calls it).

Inputs, all made by the league binary (the bench command line with the peers registered) or by a
League script:
  --run CSV            league run --suite default (the results CSV)
  --report JSON        league report CSV --format json (diffbench-report/1, with per-case figures)
  --ids-report JSON    the same for the identity-kind run (League/ids.suite)
  --verify T=JSON      league verify --random N --target T --format json (diffbench-verify/1), per target
  --verify-lines T=LOG its per-case lines (FAIL/UNSUPPORTED/ERROR NAME LABEL: DETAIL, stderr with --format
                       json; Sources/DiffBenchKit/VerifyRun.swift), for the cases every library takes
  --corpus T=JSON      league verify on the corpus case files, per target
  --differs JSON       each adapter's library, version, glue, input and citations (League/differs.json)
  --sizes JSON         what each library adds to an app (League/measure-sizes.sh writes League/sizes.json)
  --chart SVG          where to write the chart of time per update against rows (the page links it by name)
  --command TEXT       the command that made the inputs, printed as it is

Nothing here is measured: every figure comes from the inputs, so the page cannot drift from a run.
"""
import argparse
import csv
import json
import math
import os
import re
import statistics
import sys

BUILT_IN = ["reload", "heckel", "lis", "myers", "stdlib"]
# A frame at 60 Hz and at 120 Hz, in nanoseconds.
FRAMES = (("8.3 ms (120 Hz)", 1e9 / 120), ("16.7 ms (60 Hz)", 1e9 / 60))
SIZES = (1000, 10_000, 100_000)
KINDS = ("crash", "wrong cell", "stale cell", "hazard")

# What each kind does on screen, where the page first names it.
KIND_TEXT = {
    "crash": "UIKit raises `NSInternalInconsistencyException` (an asserted exception): the app terminates",
    "wrong cell": "no exception; a cell shows another row's data, or the screen does not end on the new list, "
                  "until the next reload",
    "stale cell": "no exception; the right cell, or a section's header, keeps its old content until it is "
                  "reloaded or scrolled away",
    "hazard": "no UIKit assertion; third parties report crashes or corrupted state, and no source says on which "
              "iOS versions it still happens: counted apart, never as a crash",
}

# The sources for counting the table view's R3 and R9 as crashes although the checker reports them as a
# `fallback` (reloadData): both threads quote UIKit's exception on a UITableView, neither gives an iOS version.
TABLE_FALLBACK_SOURCES = (
    "[TLIndexPathTools #20](https://github.com/SwiftKickMobile/TLIndexPathTools/issues/20) (2014-03-17: moving the "
    "last row out of a table section raised \"cannot move a row from a deleted section\", R3) and "
    "[#13](https://github.com/SwiftKickMobile/TLIndexPathTools/issues/13) (2014-01-31: a UITableView raised "
    "\"NSInternalInconsistencyException\", reason \"cannot move a row into a newly inserted section (2)\", R9); "
    "neither names an iOS version. An Apple engineer (Apple Developer Forums "
    "[751732](https://developer.apple.com/forums/thread/751732)) says cases that fell back to reloadData now raise. "
    "No source shows the table view falling back")


def kind_of(rule, severity):
    """What a failure does on screen: crash, wrong cell, stale cell or hazard (None: not a failure)."""
    if severity == "exception" and rule == "BOUND":
        return "wrong cell"  # fewer relocations than the case needs: a cell lands where it should not
    if severity in ("exception", "fallback"):
        return "crash"  # fallback: the table view's R3 and R9, see TABLE_FALLBACK_SOURCES
    return {"misrender": "wrong cell", "stale": "stale cell", "hazard": "hazard"}.get(severity)


def fmt_time(ns):
    """A time per diff, three significant figures, in the unit that reads best."""
    if ns is None:
        return "-"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            value = ns / scale
            return f"{value:,.3g} {unit}" if value < 1000 else f"{value:,.0f} {unit}"
    return f"{ns:.3g} ns"


def fmt_ms(ns):
    """A time per update in milliseconds, as a frame budget reads."""
    if ns is None:
        return "-"
    ms = ns / 1e6
    return f"{ms:.3f}" if ms < 0.1 else f"{ms:.2f}" if ms < 10 else f"{ms:,.0f}" if ms >= 100 else f"{ms:.1f}"


def fmt_ratio(r):
    if r is None or (isinstance(r, float) and math.isnan(r)):
        return "-"
    return f"{r:.2f}x" if r < 10 else f"{r:.1f}x" if r < 100 else f"{r:,.0f}x"


def fmt_bytes(n):
    return "-" if n is None else f"{n / 1024:,.0f} KiB" if abs(n) >= 1024 else f"{n} bytes"


def plural(n, word):
    return f"{n:,} {word}" + ("" if n == 1 else "s")


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


def is_library(info):
    """A library the page compares: not a way of calling one that its own API exists to avoid, nor a yardstick."""
    return not info.get("illustration") and not info.get("pseudo")


def note_finding(note):
    """(rule, severity) of a wrong cell's note (`stage 0 R3 fallback: ...`), or (None, None)."""
    m = re.match(r"stage \d+ (\S+) (\S+): ", note or "")
    return (m.group(1), m.group(2)) if m else (None, None)


def cell_text(d):
    """One differ's cell of a case: time and ratio, bold when tied for fastest, or why not timed; a failing
    changeset says what it does on screen (table view) and its rule."""
    status = d["status"]
    if status in ("skipped", "timeout", "error"):
        return status
    if d.get("correct") is False or status == "wrong":
        # Timed all the same: how fast a wrong answer comes is worth knowing, never worth ranking.
        rule, severity = note_finding(d.get("note"))
        label = f"{kind_of(rule, severity) or 'wrong'}, {rule}" if rule else "wrong"
        return f"{label} ({fmt_time(d['time_ns'])})" if d.get("time_ns") is not None else label
    text = f"{fmt_time(d.get('time_ns'))} ({fmt_ratio(d.get('ratio'))})"
    return f"**{text}**" if d.get("tied_fastest") else text


def left_out(algorithm):
    """The cells a score leaves out, by why: `wrong` (failed the checker), `skipped`, `timeout` ..."""
    outcomes = {k: int(v) for k, v in (algorithm.get("outcomes") or {}).items() if v}
    if not outcomes:
        return "none"
    total = sum(outcomes.values())
    return f"{total}: " + ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items()))


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


def serves(info, target):
    return target in info.get("targets", [target])


# ---------------------------------------------------------------------------------------------------------------
# The same cases

LINE = re.compile(r"^(FAIL|UNSUPPORTED|ERROR) (\S+) (.+?): (.*)$")


def read_lines(path):
    """Per case label, per differ: ("fail", rule, severity), ("unsupported",) or ("error",); a differ with no
    line on a case passed it (bench verify prints no line for a pass among random cases)."""
    cases = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = LINE.match(line.rstrip("\n"))
            if not m:
                continue
            verdict, name, label, detail = m.groups()
            if verdict == "FAIL":
                rule, severity = note_finding(detail)
                if rule is None:
                    rule, severity = ("FINAL", "misrender") if detail.startswith("does not end") else (
                        "BOUND", "exception")
                cases.setdefault(label, {})[name] = ("fail", rule, severity)
            else:
                cases.setdefault(label, {})[name] = (verdict.lower(),)
    return cases


def same_cases(doc, lines, names):
    """The random cases every one of `names` takes (no differ of them refused it), and per differ its
    verdicts on them: passed, failures per kind, errors."""
    names = [n for n in names if tally(doc, n)]
    refused = {label for label, by in lines.items() if any(by.get(n, ("",))[0] == "unsupported" for n in names)}
    common = doc["cases"] - len(refused)
    out = {}
    for n in names:
        kinds, rules, errors, failed = {k: 0 for k in KINDS}, {}, 0, 0
        for label, by in lines.items():
            if label in refused or n not in by:
                continue
            verdict = by[n]
            if verdict[0] == "error":
                errors += 1
            elif verdict[0] == "fail":
                failed += 1
                kinds[kind_of(verdict[1], verdict[2]) or "wrong cell"] += 1
                rules[verdict[1]] = rules.get(verdict[1], 0) + 1
        out[n] = {"cases": common, "passed": common - failed - errors, "kinds": kinds, "rules": rules,
                  "errors": errors}
    return common, out


def own_kinds(doc, name):
    """Failures per kind over all the random cases a differ takes (its own, from the verify JSON)."""
    d = tally(doc, name)
    kinds = {k: 0 for k in KINDS}
    for r in (d or {}).get("rules", []):
        kinds[kind_of(r["rule"], r["severity"]) or "wrong cell"] += r["count"]
    return kinds


def worst_kind(kinds):
    """0 no failure, 1 hazards only, 2 stale or wrong cells, 3 a crash: the order the page ranks libraries in."""
    return 3 if kinds["crash"] else 2 if kinds["wrong cell"] or kinds["stale cell"] else 1 if kinds["hazard"] else 0


def kinds_text(kinds, of=None, empty="none"):
    parts = [f"{kind} {n}" for kind, n in kinds.items() if n]
    if not parts:
        return empty
    return ", ".join(parts) + (f" of {of}" if of is not None else "")


def use_groups(differs):
    """The two uses: flat lists (every library) and sectioned lists (every library whose glue takes sections)."""
    libraries = [n for n, info in differs.items() if is_library(info)]
    return {"flat lists": libraries, "sectioned lists": [n for n in libraries if not differs[n].get("flat_only")]}


# ---------------------------------------------------------------------------------------------------------------
# Speed on the same cells

def is_unsupported(d):
    return d["status"] == "skipped" and (d.get("note") or "").startswith("unsupported input")


def speed_cells(report, names):
    """The run's cells (int ids) that every one of `names` takes as input, as {(scenario, size): {name: (ns, exact)}}:
    a time, or for a cell it ran out of budget on, a lower bound (its largest time at a smaller size of the same
    scenario: more rows never diff faster), or None when it has none."""
    cases = [c for c in report["cases"] if c["ids"] == "int"]
    taken = [c for c in cases if not any(is_unsupported(d) for d in c["differs"] if d["name"] in names)
             and all(any(d["name"] == n for d in c["differs"]) for n in names)]
    times = {}
    for c in cases:
        for d in c["differs"]:
            if d.get("time_ns") is not None and d["status"] not in ("skipped", "error"):
                times[(d["name"], c["scenario"], int(c["size"]))] = d["time_ns"]
    out = {}
    for c in taken:
        row = {}
        for d in c["differs"]:
            if d["name"] not in names:
                continue
            size = int(c["size"])
            t = times.get((d["name"], c["scenario"], size))
            if t is not None:
                row[d["name"]] = (t, True)
            else:
                smaller = [v for (n, s, z), v in times.items() if n == d["name"] and s == c["scenario"] and z < size]
                row[d["name"]] = (max(smaller), False) if smaller else (None, False)
        out[(c["scenario"], int(c["size"]))] = row
    return out


def same_cells_scores(cells, names):
    """Per differ: geometric mean over the cells of its time over the fastest of `names` in the cell, how many of
    its terms are lower bounds (cells it ran out of budget on), and how many cells it has no time or bound for."""
    logs, bounded, missing = {n: [] for n in names}, {n: 0 for n in names}, {n: 0 for n in names}
    for row in cells.values():
        exact = [t for t, ok in row.values() if ok and t]
        if not exact:
            continue
        best = min(exact)
        for n in names:
            t, ok = row.get(n, (None, False))
            if t is None:
                missing[n] += 1
                continue
            logs[n].append(math.log(t / best))
            bounded[n] += 0 if ok else 1
    return {n: (math.exp(sum(v) / len(v)) if v else None, bounded[n], missing[n]) for n, v in logs.items()}


def score_text(score):
    """A same-cells score: `≥` when a term is a lower bound, with the cells behind it."""
    s, bounded, missing = score
    if s is None:
        return "no score"
    text = ("≥ " if bounded else "") + f"{s:.2f}"
    notes = ([f"{plural(bounded, 'cell')} past the budget, at a lower bound"] if bounded else []) + (
        [f"{plural(missing, 'cell')} without a time"] if missing else [])
    return text + (f" ({'; '.join(notes)})" if notes else "")


def per_size(cells, name):
    """Per size, over the cells: the median and slowest time per update of `name`, and how many of its scenarios
    ran out of budget. A scenario past the budget counts as slower than every one that finished (a finished cell
    took at least 3 diffs within the budget; one past it was killed, or forecast past it, for one diff), so the
    median stays exact while fewer than half are past it; `slowest` is None when any is."""
    out = {}
    for size in SIZES:
        values = [row[name] for (s, z), row in cells.items() if z == size and name in row]
        if not values:
            continue
        exact = sorted(t for t, ok in values if ok and t is not None)
        past = len(values) - len(exact)
        ordered = exact + [math.inf] * past
        median = statistics.median(ordered)
        out[size] = {"median": None if math.isinf(median) else median,
                     "slowest": None if past else (exact[-1] if exact else None),
                     "past": past, "count": len(values)}
    return out


def ms_cell(figures):
    """`median (slowest)` in ms over a size's scenarios, or how many ran out of the time budget."""
    if figures is None:
        return "-"
    past, count = figures["past"], figures["count"]
    if figures["median"] is None:
        return f"past the budget on {past} of {count} scenarios"
    slowest = f"past the budget on {past} of {count}" if past else fmt_ms(figures["slowest"])
    return f"{fmt_ms(figures['median'])} ({slowest})"


def times_text(figures):
    """The median ms per update at each size, in words."""
    parts = [f"{fmt_ms(figures[z]['median'])} ms at {size_label(z)} rows" for z in SIZES
             if z in figures and figures[z]["median"] is not None]
    return ", ".join(parts) + " (median)" if parts else "no time on these cells"


def fits(figures, budget):
    """The largest size up to which the slowest update, and the median one, stay within `budget` nanoseconds
    (a size counts only if every smaller one fits too)."""
    def largest(key):
        best = None
        for z in SIZES:
            if z not in figures:
                continue
            value = figures[z][key]
            if value is None or value > budget:
                break
            best = z
        return best
    every, median = largest("slowest"), largest("median")
    if every is None and median is None:
        return "no size"
    text = f"every update up to {size_label(every)}" if every else "no size for every update"
    if median and median != every:
        text += f"; the median one up to {size_label(median)}"
    return text


# ---------------------------------------------------------------------------------------------------------------
# The chart

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
           "#7f7f7f", "#393b79", "#637939"]


def chart_svg(series, title, budget_note):
    """One SVG: time per update (log) against rows (log), the frame budgets drawn, one line per library.
    `series`: [(name, {size: median ns, or None past the budget})]."""
    width, height = 1100, 720
    left, right, top, bottom = 90, 300, 70, 90
    pw, ph = width - left - right, height - top - bottom
    values = [t for _, pts in series for t in pts.values() if t]
    lo = 10 ** math.floor(math.log10(min(values + [1e3])))
    hi = 10 ** math.ceil(math.log10(max(values + [FRAMES[1][1] * 10])))
    xs = {z: left + pw * k / (len(SIZES) - 1) for k, z in enumerate(SIZES)}

    def y(ns):
        return top + ph * (1 - (math.log10(ns) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="30" font-size="17" font-weight="bold">{title}</text>',
           f'<text x="{left}" y="50" fill="#444">{budget_note}</text>']
    exponent = round(math.log10(lo))
    while 10 ** exponent <= hi:
        ns = 10 ** exponent
        yy = y(ns)
        out.append(f'<line x1="{left}" y1="{yy:.1f}" x2="{left + pw}" y2="{yy:.1f}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{left - 8}" y="{yy + 4:.1f}" text-anchor="end">{fmt_time(ns)}</text>')
        exponent += 1
    for z, xx in xs.items():
        out.append(f'<line x1="{xx:.1f}" y1="{top}" x2="{xx:.1f}" y2="{top + ph}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{xx:.1f}" y="{top + ph + 22}" text-anchor="middle">{z:,} rows</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>')
    out.append(f'<text x="{left + pw / 2:.1f}" y="{height - 30}" text-anchor="middle">rows in the list '
               '(log scale)</text>')
    out.append(f'<text transform="translate(24 {top + ph / 2:.1f}) rotate(-90)" text-anchor="middle">'
               'CPU time per update, median over the scenarios (log scale)</text>')
    for (label, ns), dash in zip(FRAMES, ("6 4", "2 3")):
        yy = y(ns)
        out.append(f'<line x1="{left}" y1="{yy:.1f}" x2="{left + pw}" y2="{yy:.1f}" stroke="black" '
                   f'stroke-width="1.5" stroke-dasharray="{dash}"/>')
        out.append(f'<text x="{left + 6}" y="{yy - 5:.1f}" font-weight="bold">frame budget {label}</text>')
    for k, (name, pts) in enumerate(series):
        color = PALETTE[k % len(PALETTE)]
        known = [(xs[z], y(t)) for z, t in sorted(pts.items()) if t]
        if len(known) > 1:
            path = " ".join(f"{x:.1f},{yy:.1f}" for x, yy in known)
            out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2.2"/>')
        for x, yy in known:
            out.append(f'<circle cx="{x:.1f}" cy="{yy:.1f}" r="4" fill="{color}"/>')
        ly = top + 10 + k * 22
        out.append(f'<line x1="{left + pw + 20}" y1="{ly:.1f}" x2="{left + pw + 44}" y2="{ly:.1f}" '
                   f'stroke="{color}" stroke-width="3"/>')
        missing = [size_label(z) for z, t in sorted(pts.items()) if not t]
        extra = f" (past the budget at {', '.join(missing)})" if missing else ""
        out.append(f'<text x="{left + pw + 50}" y="{ly + 4:.1f}">{name}{extra}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------------------------
# Sections

def decision_section(report, verifies, lines, differs, sizes, chart_name):
    """Which library to ship, per use: what an iOS developer acts on."""
    groups = use_groups(differs)
    targets = list(verifies)
    out = ["## Which library to ship", "",
           "Per use, from the data below: a library is judged only on the cases **every** library of that use takes "
           "(the same cases, below), on the views its glue serves, as its own glue sends them. Times are CPU time "
           "of the diff and the app's work around it per update on this machine (How this page was made), not on "
           "a phone, and not UIKit's own layout and animation, which the frame must also hold: a diff that fits a "
           "frame here is a necessary condition, not a sufficient one. Sizes are what the library adds to a "
           "stripped release executable (App size).", ""]
    if chart_name:
        out += [f"![CPU time per update against rows, per library, with the 8.3 ms and 16.7 ms frame budgets]"
                f"({chart_name})", "",
                f"[{chart_name}]({chart_name}): the median over the flat-list scenarios every library takes, one "
                "line per library; a library whose median update ran out of the time budget at a size has no point "
                "there.", ""]
    for use, names in groups.items():
        present = [n for n in names if any(tally(v, n) for v in verifies.values())]
        cells = speed_cells(report, present)
        scores = same_cells_scores(cells, present)
        verdicts = {}
        for t in targets:
            if t in lines:
                _, verdicts[t] = same_cases(verifies[t], lines[t], [n for n in present if serves(differs[n], t)])

        def kinds_over(n):
            total = {k: 0 for k in KINDS}
            for t in targets:
                for k, c in ((verdicts.get(t) or {}).get(n) or {}).get("kinds", {}).items():
                    total[k] += c
            return total

        def tier(n):
            return worst_kind(kinds_over(n))

        def score(n):
            s = scores.get(n, (None, 0, 0))[0]
            return s if s is not None else math.inf

        def added(n):
            return (sizes or {}).get("added_bytes", {}).get(differs[n].get("size_program", n))

        ordered = sorted(present, key=lambda n: (tier(n), score(n)))
        both = [n for n in ordered if tier(n) == 0 and all(serves(differs[n], t) for t in ("table", "collection"))]
        in_apps = [n for n in both if differs[n].get("glue_in_apps")]
        scenarios = sorted({s for s, _ in cells})
        out += [f"### {use.capitalize()}", ""]
        if use == "flat lists":
            out.append("Lists whose sections stay the same (one section, or several that keep their identities, "
                       "order and headers), without a repeated identity: the cases every library's glue takes, "
                       "DeepDiff's and Changeset's included, which take nothing else (flat lists only).")
        else:
            out.append("Lists whose sections change too (inserted, deleted, moved, renamed), without a repeated "
                       "identity: the cases every library whose glue takes sections takes (not DeepDiff, not "
                       "Changeset).")
        out.append("")
        if both:
            best = both[0]
            out.append(f"- **Ship {differs[best]['library']}** (`{best}`): no failure on the same cases on table and "
                       "collection views, and the fastest library that has none: "
                       f"{times_text(per_size(cells, best))}, within a 120 Hz frame "
                       f"({fits(per_size(cells, best), FRAMES[0][1])}); it adds {fmt_bytes(added(best))} to an app. "
                       f"Its glue: {differs[best].get('glue_checked', '-')}.")
            if in_apps and in_apps[0] != best:
                alt = in_apps[0]
                out.append(f"- **Or, for glue that apps run on iOS today: {differs[alt]['library']}** (`{alt}`): no "
                           f"failure on the same cases either: {times_text(per_size(cells, alt))}, within a 120 Hz "
                           f"frame ({fits(per_size(cells, alt), FRAMES[0][1])}); it adds {fmt_bytes(added(alt))}.")
        else:
            out.append("- No library that serves table and collection views has no failure on these cases.")
        coll_only = [n for n in ordered if tier(n) == 0 and not serves(differs[n], "table")]
        for n in coll_only:
            out.append(f"- On collection views only: {differs[n]['library']} (`{n}`) has no failure either "
                       f"(its glue serves no table view): {times_text(per_size(cells, n))}; it adds "
                       f"{fmt_bytes(added(n))}.")
        out.append("")
        sizes_run = ", ".join(size_label(z) for z in sorted({z for _, z in cells}))
        out.append(f"Ordered by what fails on screen (none, hazards only, stale or wrong cells, crashes), then by "
                   f"speed on the same cells ({plural(len(cells), 'cell')} of the run: "
                   f"{plural(len(scenarios), 'scenario')} at {sizes_run} rows). ms per update: the median over those "
                   "scenarios, and in brackets the slowest; a scenario that ran out of the run's time budget is "
                   "counted as slower than every one that finished.")
        out.append("")
        out.append("| library | ms per update at 1k rows | at 10k | at 100k | within 8.3 ms (120 Hz) | within 16.7 ms "
                   "(60 Hz) | failures on screen, same cases | adds to an app | its glue has been checked against |")
        out.append("|---|---|---|---|---|---|---|---|---|")
        for n in ordered:
            figures = per_size(cells, n)
            fail = []
            for t in targets:
                v = (verdicts.get(t) or {}).get(n)
                if v is None:
                    continue
                none = f"no failure in {v['cases']}"
                fail.append(f"{t}: {kinds_text(v['kinds'], of=v['cases'], empty=none)}")
            size = added(n)
            flat = " (flat lists only)" if differs[n].get("flat_only") else ""
            times = " | ".join(ms_cell(figures.get(z)) for z in SIZES)
            out.append(f"| {differs[n]['library']} (`{n}`){flat} | {times} | {fits(figures, FRAMES[0][1])} | "
                       f"{fits(figures, FRAMES[1][1])} | {'; '.join(fail) or '-'} | {fmt_bytes(size)} | "
                       f"{differs[n].get('glue_checked', '-')} |")
        out.append("")
    return out


def same_cases_section(report, verifies, lines, differs):
    """Pass rates and scores on the cases every library of a use takes."""
    out = ["## The same cases", "",
           "Each library on the cases **every** library of the use takes, so that no library is ranked on cases "
           "another skips. Random cases: `league verify --random` (How this page was made), the cases none of the "
           "use's libraries refused, per view. Passed: of those cases; then the failing ones by what they do on "
           "screen (Failures by what they do on screen). Score: over the run's cells every library of the use "
           "takes, the geometric mean of its time over the fastest library's in each cell (1.00: the fastest on "
           "every cell; ≥: a lower bound: in a cell where a library ran out of the run's time budget, its time "
           "counts as its time at the size below, since more rows never diff faster).", ""]
    targets = [t for t in verifies if t in lines]
    for use, names in use_groups(differs).items():
        present = [n for n in names if any(tally(v, n) for v in verifies.values())]
        cells = speed_cells(report, present)
        scores = same_cells_scores(cells, present)
        verdicts, common = {}, {}
        for t in targets:
            common[t], verdicts[t] = same_cases(verifies[t], lines[t], [n for n in present if serves(differs[n], t)])
        out += [f"### {use.capitalize()}", "",
                "Cases: " + "; ".join(f"{t}: {common[t]} of {verifies[t]['cases']} random cases" for t in targets)
                + f"; cells of the run: {len(cells)}.", ""]
        out.append("| library | score on the same cells | " + " | ".join(f"{t}: passed" for t in targets) + " | "
                   + " | ".join(f"{t}: failing, by kind" for t in targets) + " |")
        out.append("|---|---|" + "---|" * (2 * len(targets)))
        rows = []
        for n in present:
            s = scores.get(n, (None, 0, 0))[0]
            stext = score_text(scores.get(n, (None, 0, 0)))
            cols, kinds = [], []
            for t in targets:
                v = verdicts[t].get(n)
                if v is None:
                    cols.append("n/a (no glue)")
                    kinds.append("n/a")
                    continue
                rate = 100 * v["passed"] / v["cases"] if v["cases"] else 0
                cols.append(f"{v['passed']} of {v['cases']} ({rate:.1f}%)")
                kinds.append(kinds_text(v["kinds"]) + (f", {v['errors']} errors" if v["errors"] else ""))
            worst = max((worst_kind(verdicts[t][n]["kinds"]) for t in targets if n in verdicts[t]), default=0)
            rows.append((worst, s if s is not None else math.inf, n, stext, cols, kinds))
        # The order of the headline: what fails on screen, then speed.
        for _, _, n, stext, cols, kinds in sorted(rows, key=lambda r: (r[0], r[1])):
            flat = " (flat lists only)" if differs[n].get("flat_only") else ""
            out.append(f"| {n}{flat} | {stext} | " + " | ".join(cols) + " | " + " | ".join(kinds) + " |")
        out.append("")
    return out


def failures_section(verifies, differs, order):
    """Failures by what they do on screen, over each library's own random cases."""
    targets = list(verifies)
    out = ["## Failures by what they do on screen", "",
           "Every failing changeset is counted once, by the rule that heads it (`bench verify`), and by what that "
           "rule does on screen:", ""]
    out += [f"- **{k}**: {KIND_TEXT[k]}." for k in KINDS]
    out += ["", "Crashes are the rules UIKit asserts (severity `exception`), and on table views R3 and R9, which the "
            "checker reports as a `fallback` to `reloadData`: " + TABLE_FALLBACK_SOURCES + ". Wrong cells are "
            "R20, R21 and FINAL (`misrender`); stale cells R22; hazards R18 (and repeated operations on a "
            "collection view, R7 and R13).", "",
            "Over all the random cases each library takes (its own, not the same for every library):", ""]
    out.append("| library | " + " | ".join(f"{t}: {k}" for t in targets for k in KINDS) + " |")
    out.append("|---|" + "---|" * (len(targets) * len(KINDS)))
    for n in order:
        info = differs.get(n)
        if not info or not is_library(info) or not any(tally(verifies[t], n) for t in targets):
            continue
        cols = []
        for t in targets:
            if not serves(info, t):
                cols += ["n/a"] * len(KINDS)
                continue
            k = own_kinds(verifies[t], n)
            cols += [str(k[kind]) if k[kind] else "-" for kind in KINDS]
        out.append(f"| {n} | " + " | ".join(cols) + " |")
    out.append("")
    return out


def speed_section(report, order):
    lines = ["## Speed", "",
             "Every cell of the run, each differ on its own cells: CPU time of the diffing thread per diff, median, "
             "and its ratio to the case's fastest correct differ that animates fully, keeping every identity the case "
             "lets survive (DiffBench's own `heckel` and `lis` included). **Bold**: tied for fastest (the 95% "
             "interval of its ratio to the fastest lies below 1.05). A failing changeset is marked by what it does on "
             "screen and its rule (`crash, R2`, `wrong cell, R21`, `stale cell, R22`, `hazard, R18`; the run judges "
             "every differ as a table view's batch), with its time: how fast a wrong answer comes is worth knowing, "
             "never worth ranking. `skipped` and `timeout`: see What each differ cannot take. A score is the "
             "geometric mean of its ratios over the cells it has a correct, timed answer for; the cells it leaves "
             "out are counted beside it, with why: each differ's score covers its own cells, so compare libraries on "
             "The same cases instead. Excess moves (per 1,000 items: moves beyond the fewest the case needs) and "
             "identity preserved (the share of surviving items animated as themselves rather than deleted and "
             "inserted) are averaged over correct changesets. Stages per diff: the batches "
             "(`performBatchUpdates` calls) one update sends, mean over correct changesets: DifferenceKit's staged "
             "changesets send several, DeepDiff's and Changeset's glue one (DeepDiff two, with its reloads) per "
             "section whose rows change, hundreds on the 100- and 1,000-section cases.", ""]
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


def conformance_section(verifies, corpus, differs, explanations, order):
    lines = ["## Conformance", "",
             "Each library's changesets on all the cases it takes, sent as its own glue sends them (Who plays), "
             "replayed under UIKit's batch-update rules by DiffBench's checker (`bench rules`; "
             "[conformance-rules.md](conformance-rules.md)), on seeded random cases (half small mixed cases, half "
             "drawn from every scenario; duplicates in some) and on the corpus' case files (`Corpus/cases/`). Passed "
             "of cases the target takes; `unsupported`: input the library's glue does not take, or that its users "
             "do not give it (its reason under What each differ cannot take), or that the target cannot hold. "
             "`n/a (no glue)`: the library ships no glue for that target, so nothing of its own is sent there to "
             "judge.", ""]
    targets = list(verifies)
    header = "| differ | " + " | ".join(f"{t}: random" for t in targets) + " | " + \
        " | ".join(f"{t}: corpus" for t in corpus) + " |"
    lines.append(header)
    lines.append("|---|" + "---|" * (len(targets) + len(corpus)))

    def cell(doc, name, target):
        info = differs.get(name, {})
        if not serves(info, target):
            return "n/a (no glue)"
        return counts_text(tally(doc, name))
    ranked = [n for n in order if is_library(differs.get(n, {}))]
    names = [n for n in ranked if any(tally(doc, n) for doc in verifies.values()) or n in differs]
    for n in names:
        lines.append(f"| {n} | " + " | ".join(cell(verifies[t], n, t) for t in targets) + " | "
                     + " | ".join(cell(corpus[t], n, t) for t in corpus) + " |")
    notes = [(n, t, no_glue(differs[n], t)) for n in names if n in differs
             for t in targets if not serves(differs[n], t)]
    if notes:
        lines.append("")
        for n, t, why in notes:
            lines.append(f"- {n}, {t}: n/a: {why}")
    lines += ["", "### Every rule a library's glue breaks", "",
              "The rule that heads each failing changeset, how often (random cases, per target), what it does on "
              "screen, the checker's finding on the first case (the rule's id links its public sources), and a "
              "minimal failing case: the first failing case shrunk while the same rule still fails (`bench verify "
              "--save-minimal`), committed under `League/cases/`. Severity is the checker's word for it (`fallback`: "
              "its reading of older table views, counted as a crash here: Failures by what they do on screen). "
              "From `League/`, `swift run -c release league verify cases/TARGET/FILE --target TARGET` shows the "
              "failure and `league diff cases/TARGET/FILE --algorithm NAME` prints the changeset.", ""]
    lines += rule_tables(names, verifies, differs, explanations, targets)
    shown = [n for n in order if differs.get(n, {}).get("illustration")
             and any(tally(doc, n) for doc in verifies.values())]
    if shown:
        lines += ["### Shown apart: calls a library's own API exists to avoid", "",
                  "Not ranked, never timed, not scored (`league run` refuses them): how a library fails when an app "
                  "skips the API it offers to prevent exactly this.", ""]
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
        lines.append("| target | rule | severity | on screen | cases | the checker's finding (first case) | "
                     "minimal case |")
        lines.append("|---|---|---|---|---|---|---|")
        for t, r in broken:
            case = r.get("minimal_case")
            link = f"[{case.split('League/')[-1]}](../League/{case.split('League/')[-1]})" if case else "-"
            message = r["message"].replace("|", "\\|")
            lines.append(f"| {t} | {rule_link(r['rule'])} | {r['severity']} | {kind_of(r['rule'], r['severity'])} "
                         f"| {r['count']} | {message} | {link} |")
        lines.append("")
        for rule in dict.fromkeys(r["rule"] for _, r in broken):
            text = explanations.get(n, {}).get(rule)
            if text:
                lines.append(f"- **{rule}**: {text}")
            else:
                lines.append(f"- **{rule}**: no explanation written yet (League/differs.json).")
        lines.append("")
    return lines


def headline_section(report, verifies, lines, differs, order):
    """The libraries in one list, ordered on the same cases: failures per kind and view, apart."""
    targets = list(verifies)
    out = ["### Every library, on the same cases", "",
           "Ordered by what fails on screen on the cases every library of its use takes, then by speed on the "
           "same cells. Counts are per view (table, collection), never added or mixed across views.", ""]
    entries = []
    for use, names in use_groups(differs).items():
        present = [n for n in names if any(tally(v, n) for v in verifies.values())]
        scores = same_cells_scores(speed_cells(report, present), present)
        verdicts = {t: same_cases(verifies[t], lines[t], [n for n in present if serves(differs[n], t)])
                    for t in targets if t in lines}
        for n in present:
            parts, worst = [], 0
            for t, (common, per) in verdicts.items():
                v = per.get(n)
                if v is None:
                    continue
                worst = max(worst, worst_kind(v["kinds"]))
                parts.append(f"{t}: {kinds_text(v['kinds'], of=common, empty=f'no failure in {common}')}")
            s = scores.get(n, (None, 0, 0))[0]
            entries.append((use, worst, s if s is not None else math.inf, n, parts, scores.get(n, (None, 0, 0))))
    for use in use_groups(differs):
        out.append(f"{use.capitalize()}:")
        out.append("")
        for _, worst, _, n, parts, score in sorted([e for e in entries if e[0] == use], key=lambda e: (e[1], e[2])):
            score = "no score" if score[0] is None else f"score {score_text(score)} on the same cells"
            flat = ", flat lists only" if differs[n].get("flat_only") else ""
            out.append(f"- {differs[n]['library']} (`{n}`{flat}): {'; '.join(parts)}; {score}.")
        out.append("")
    own = [n for n in ("heckel", "lis") if any(a["name"] == n for a in report["algorithms"])]
    if own:
        out.append("DiffBench's built-in " + " and ".join(f"`{n}`" for n in own)
                   + (" are the same algorithms" if len(own) > 1 else " is the same algorithm") + " as its "
                   "product `DiffBenchDiffing` (`diffbench-heckel`, `diffbench-lis`): they are timed in the Speed "
                   "table as a reference, and never set against their own product.")
        out.append("")
    return out


def limits_section(report, verifies, differs, order):
    lines = ["## What each differ cannot take", "",
             "Cells of the speed run that did not finish, with the harness's whole reason, and the input "
             "each library refused in the random cases, with what its documented users do to their data.", ""]
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
    for t, doc in verifies.items():
        for d in doc["differs"]:
            for reason in d.get("reasons", []):
                vary = " (`#` stands for the numbers that vary)" if "#" in reason["reason"] else ""
                lines.append(f"- {d['name']} ({t}): {reason['count']} of {doc['cases']} random cases unsupported: "
                             f"{reason['reason']}{vary}")
    lines.append("")
    lines += ["What each library's documented users do to their data before the diff (the input the league gives "
              "it):", ""]
    for n in order:
        info = differs.get(n)
        if info and info.get("input"):
            lines.append(f"- {n}: {info['input']}.")
    lines.append("")
    return lines


def sizes_section(sizes, differs):
    if not sizes:
        return []
    out = ["## App size", "",
           f"What linking each library adds to an app: `{sizes['command']}` builds, for every library, one program "
           "that diffs an app's rows with it as the league's adapter calls it (League/size/), in release, strips it, "
           f"and subtracts the size of a program that diffs nothing ({sizes['empty_bytes']:,} bytes). "
           f"{sizes['toolchain']}, {sizes['platform']}, {sizes['date']}. An iOS app's arm64 code differs in size; "
           "these compare the libraries with one another.", "",
           "| library | adds (stripped bytes) |", "|---|---|"]
    for program, added in sorted(sizes["added_bytes"].items(), key=lambda kv: kv[1]):
        names = [n for n, info in differs.items() if info.get("size_program", n) == program and is_library(info)]
        out.append(f"| {', '.join(names) or program} | {added:,} ({fmt_bytes(added)}) |")
    out.append("")
    return out


APP_FAMILY = ["differencekit-app", "diffbench-heckel-app", "diffbench-lis-app", "floor-app"]


def app_rows_section(report, run_csv):
    """DifferenceKit and DiffBenchDiffing on an app's own rows (League/app.suite), beside the floor."""
    moves = {}
    if run_csv:
        with open(run_csv, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                if row["metric"] in ("item_moves", "section_ops"):
                    key = (int(row["size"]), row["algorithm"])
                    moves.setdefault(key, {})[row["metric"]] = row["median"]
    out = ["## On an app's own rows", "",
           "The cells above diff the corpus's own rows (an identity and a revision number). An app's rows hold "
           "strings: League/app.suite times DifferenceKit and DiffBenchDiffing on a feed of `Post` rows (a `UUID`, "
           "a title and a body past 15 bytes, a like count; League/Sources/DiffBenchLeague/AppFeed.swift) in 100 "
           "`Day` sections, updated while it is read (`live-feed`: 1% of the rows change content, 0.05% are "
           "deleted and 0.05% inserted, 0.2% move to another day, two days swap places; the new list is the old "
           "one updated in place, as an app applies a feed's changes, so unchanged rows share their strings). "
           "The four are timed side by side in one process, a batch each per round in rotating order (CPU time "
           "per update, median). `floor-app` is not a differ: it hashes each identity once and compares each "
           "kept pair's content once with the leanest table it can (its changeset, `lis`'s, is made untimed), "
           "the least any differ of these rows does. A ratio is the quotient of two differs' paired ratios to "
           "the case's fastest.", "",
           "| rows | DifferenceKit | DiffBenchDiffing heckel | DiffBenchDiffing lis | floor | DifferenceKit / heckel "
           "| DifferenceKit / lis | heckel / floor | lis / floor | row moves sent (DifferenceKit, heckel, lis) |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for case in sorted(report["cases"], key=lambda c: c["size"]):
        by = {d["name"]: d for d in case["differs"]}
        if not all(n in by and by[n].get("time_ns") for n in APP_FAMILY):
            continue
        dk, heckel, lis, floor = (by[n] for n in APP_FAMILY)
        def ratio(a, b):
            return f"{a['ratio'] / b['ratio']:.1f}x"
        sent = ", ".join(moves.get((case["size"], n), {}).get("item_moves", "-") for n in APP_FAMILY[:3])
        out.append(f"| {size_label(case['size'])} | {fmt_time(dk['time_ns'])} | {fmt_time(heckel['time_ns'])} | "
                   f"{fmt_time(lis['time_ns'])} | {fmt_time(floor['time_ns'])} | {ratio(dk, heckel)} | "
                   f"{ratio(dk, lis)} | {ratio(heckel, floor)} | {ratio(lis, floor)} | {sent} |")
    out += ["", "What is left between DiffBenchDiffing and the floor is the changeset: the batches, each batch's "
            "data in the app's own `Day` values, and, with 100 sections of 10 rows at 1k, work per section that "
            "the floor does not do.", ""]
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--ids-report")
    parser.add_argument("--verify", action="append", default=[], metavar="TARGET=JSON")
    parser.add_argument("--verify-lines", action="append", default=[], metavar="TARGET=LOG")
    parser.add_argument("--corpus", action="append", default=[], metavar="TARGET=JSON")
    parser.add_argument("--differs", required=True)
    parser.add_argument("--sizes")
    parser.add_argument("--chart")
    parser.add_argument("--app-report")
    parser.add_argument("--app-run")
    parser.add_argument("--command", default="League/make-league.sh")
    args = parser.parse_args(argv)

    def read_json(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)

    def pairs(values, flag, read=read_json):
        out = {}
        for v in values:
            if "=" not in v:
                sys.exit(f"league_table.py: {flag} {v}: expected TARGET=FILE")
            target, path = v.split("=", 1)
            out[target] = read(path)
        return out

    with open(args.report, encoding="utf-8") as f:
        report = json.load(f)
    ids_report = None
    if args.ids_report:
        with open(args.ids_report, encoding="utf-8") as f:
            ids_report = json.load(f)
    with open(args.differs, encoding="utf-8") as f:
        catalog = json.load(f)
    sizes = None
    if args.sizes:
        with open(args.sizes, encoding="utf-8") as f:
            sizes = json.load(f)
    differs = {d["name"]: d for d in catalog["differs"]}
    explanations = {d["name"]: d.get("explanations", {}) for d in catalog["differs"]}
    verifies, corpus = pairs(args.verify, "--verify"), pairs(args.corpus, "--corpus")
    lines = pairs(args.verify_lines, "--verify-lines", read=read_lines)
    meta = load_metadata(args.run)
    order = BUILT_IN + [d["name"] for d in catalog["differs"]]
    chart_name = os.path.basename(args.chart) if args.chart else None

    page = ["# The league", "",
            "[README](../README.md) › the league.", "",
            "<!-- Generated by League/make-league.sh from a league run and league verifies: do not edit. -->", "",
            "The differs that apps ship, built from their public repositories and run by DiffBench beside its "
            "own: the same corpus, the same timing in child processes, the same statistics and the same UIKit "
            "checker. How to run it yourself: [League/README.md](../League/README.md).", ""]
    page += decision_section(report, verifies, lines, differs, sizes, chart_name)
    if lines:
        page += headline_section(report, verifies, lines, differs, order)
    page += ["## How this page was made", "",
             f"- Command: `{args.command}`",
             f"- DiffBench commit `{meta['git_commit']}`, {meta['timestamp_utc']}, Swift {meta['swift_version']} "
             f"({meta['build_config']})",
             f"- Machine: {meta['cpu_model']}, {meta['cpu_count']} cores, {meta['mem_total_mb']} MB, "
             f"{meta['os']} {meta['kernel']} ({meta['arch']})", ""]
    page += ["## Who plays", "",
             "| differ | library | version | what the adapter calls and sends to UIKit | the glue it follows |",
             "|---|---|---|---|---|"]
    for d in catalog["differs"]:
        glue = d.get("glue", "-")
        name = d["name"] + (" (shown apart)" if d.get("illustration") else "") + (
            " (flat lists only)" if d.get("flat_only") else "")
        page.append(f"| {name} | [{d['library']}]({d['url']}) | {d['version']} | {d['models']} | {glue} |")
    page.append("")
    for d in catalog.get("not_built", []):
        page.append(f"- **{d['library']}** ({d['url']}, {d['version']}): not in the league. {d['reason']}")
    page.append("")
    if lines:
        page += same_cases_section(report, verifies, lines, differs)
    page += failures_section(verifies, differs, order)
    page += speed_section(report, order)
    page.append("")
    page += ids_section(ids_report, order)
    page += conformance_section(verifies, corpus, differs, explanations, order)
    page += limits_section(report, verifies, differs, order)
    page += sizes_section(sizes, differs)
    if args.app_report:
        page += app_rows_section(read_json(args.app_report), args.app_run)
    if args.chart:
        groups = use_groups(differs)
        present = [n for n in groups["flat lists"] if any(tally(v, n) for v in verifies.values())]
        cells = speed_cells(report, present)
        series = []
        for n in present:
            figures = per_size(cells, n)
            series.append((n, {z: f["median"] for z, f in figures.items()}))
        svg = chart_svg(series, "Time per update against rows, flat lists (the cells every library takes)",
                        f"CPU time of the diff per update on {meta['cpu_model']} ({meta['os']}); frame budgets "
                        "dashed; from docs/league.md's run")
        with open(args.chart, "w", encoding="utf-8") as f:
            f.write(svg)
    sys.stdout.write("\n".join(page).rstrip() + "\n")


if __name__ == "__main__":
    main()
