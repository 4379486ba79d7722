#!/usr/bin/env python3
"""A differ in Python for `bench verify --external`: reads a diffbench-case/1 case on stdin,
writes a diffbench-changeset/1 changeset on stdout.

Keyed and staged like the Swift differs: identities are paired in order of appearance, a kept
section or row stays in place when its old position is after the previous kept one (greedy, so
not move-minimal), every other surviving row moves. Batches: section reloads, row reloads, deletes,
then inserts and moves (move sources counted after the deletes, as DifferenceKit's stages do).

  python3 differ.py                  one case on stdin, one changeset on stdout
  python3 differ.py --lines          one case per line in, one changeset per line out
  python3 differ.py --merge-stages   deliberately broken: all batches in one
  python3 differ.py --reload-sections-with-rows
                                     section reloads in the next batch (with row reloads, deletes or
                                     inserts), as IGListKit calls unsafe and UIKit accepts
  python3 differ.py --hang           never answers (to see the timeout)
"""
import json
import sys
import time
from collections import defaultdict, deque


def pair_in_order(old_ids, new_ids, old_ok, new_ok):
    """For each new position, the old position of the same identity (the next unused one, in
    order of appearance), or None. Only positions allowed by old_ok / new_ok take part."""
    queues = defaultdict(deque)
    for i, key in enumerate(old_ids):
        if old_ok(i):
            queues[key].append(i)
    return [queues[key].popleft() if new_ok(j) and queues[key] else None for j, key in enumerate(new_ids)]


def kept_in_order(sources):
    """Which paired positions stay in place: greedy, each kept source after the previous one."""
    kept, last = [False] * len(sources), -1
    for j, i in enumerate(sources):
        if i is not None and i > last:
            kept[j], last = True, i
    return kept


def diff(case):
    old, new = case["old"], case["new"]
    rev = lambda element: element.get("rev", 0)
    key = lambda element: json.dumps(element["id"])  # 7 and "7" are different identities

    section_source = pair_in_order([key(s) for s in old], [key(s) for s in new], lambda i: True, lambda j: True)
    section_kept = kept_in_order(section_source)
    new_of_old = {i: j for j, i in enumerate(section_source) if i is not None and section_kept[j]}

    old_rows = [(s, r) for s, section in enumerate(old) if s in new_of_old for r in range(len(section["items"]))]
    new_rows = [(s, r) for s, section in enumerate(new) if section_kept[s] for r in range(len(section["items"]))]
    row_source = pair_in_order([key(old[s]["items"][r]) for s, r in old_rows],
                               [key(new[s]["items"][r]) for s, r in new_rows], lambda i: True, lambda j: True)
    # Within each kept section, rows from the same old section stay in place in order; the rest move.
    in_place = [False] * len(new_rows)
    by_section = defaultdict(list)
    for n, (s, _) in enumerate(new_rows):
        by_section[s].append(n)
    for s, members in by_section.items():
        own = [row_source[n] if row_source[n] is not None and old_rows[row_source[n]][0] == section_source[s] else None
               for n in members]
        for n, keep in zip(members, kept_in_order(own)):
            in_place[n] = keep

    # Batches 1 and 2: section reloads alone, then row reloads alone, at old positions (UIKit
    # and IGListKit treat a section reload mixed with anything else as unsafe).
    after_reload = json.loads(json.dumps(old))
    reload_sections, reload_rows = [], []
    for j, i in enumerate(section_source):
        if i is not None and section_kept[j] and rev(old[i]) != rev(new[j]):
            reload_sections.append(i)
            after_reload[i]["rev"] = rev(new[j])
    for n, o in enumerate(row_source):
        if o is None:
            continue
        (os_, or_), (ns, nr) = old_rows[o], new_rows[n]
        if rev(old[os_]["items"][or_]) != rev(new[ns]["items"][nr]):
            after_reload[os_]["items"][or_]["rev"] = rev(new[ns]["items"][nr])
            if os_ not in reload_sections:
                reload_rows.append([os_, or_])

    # Batch 2: deletes, at old positions.
    surviving = {o for o in row_source if o is not None}
    delete_sections = [i for i in range(len(old)) if i not in new_of_old]
    delete_rows = [[s, r] for o, (s, r) in enumerate(old_rows) if o not in surviving]
    gone = {tuple(p) for p in delete_rows}
    after_delete, position = [], {}
    for s, section in enumerate(after_reload):
        if s not in new_of_old:
            continue
        items = []
        for r, item in enumerate(section["items"]):
            if (s, r) not in gone:
                position[(s, r)] = [len(after_delete), len(items)]
                items.append(item)
        after_delete.append({"id": section["id"], "rev": section.get("rev", 0), "items": items})

    # Batch 3: inserts and moves, sources counted after the deletes, destinations in the new list.
    insert_sections = [j for j in range(len(new)) if not section_kept[j]]
    insert_rows = [[s, r] for n, (s, r) in enumerate(new_rows) if row_source[n] is None]
    move_rows = [[position[old_rows[row_source[n]]], [s, r]]
                 for n, (s, r) in enumerate(new_rows) if row_source[n] is not None and not in_place[n]]

    stages = []
    if reload_sections:
        after_sections = json.loads(json.dumps(old))
        for i in reload_sections:
            after_sections[i] = after_reload[i]
        stages.append({"reloadSections": reload_sections, "after": after_sections})
    if reload_rows:
        stages.append({"reloadItems": reload_rows, "after": after_reload})
    if delete_sections or delete_rows:
        stages.append({"deleteSections": delete_sections, "deleteItems": delete_rows, "after": after_delete})
    if insert_sections or insert_rows or move_rows:
        stages.append({"insertSections": insert_sections, "insertItems": insert_rows, "moveItems": move_rows})
    if stages:
        stages[-1].pop("after", None)
    return stages


def merged(stages):
    """The broken variant: every batch's operations in one batch, indices left as they were."""
    batch = defaultdict(list)
    for stage in stages:
        for name, value in stage.items():
            if name != "after":
                batch[name] += value
    return [dict(batch)] if batch else []


def reloads_with_rows(stages):
    """Section reloads moved into the next batch. Row reloads and deletes name old positions,
    which a section reload leaves as they were; inserts come next only when nothing was deleted."""
    if len(stages) < 2 or "reloadSections" not in stages[0]:
        return stages
    first, rest = stages[0], stages[1:]
    rest[0] = dict(rest[0], reloadSections=first["reloadSections"])
    return rest


def answer(text, merge, sections_with_rows=False):
    case = json.loads(text)
    start = time.perf_counter_ns()
    stages = diff(case)
    elapsed = time.perf_counter_ns() - start
    if merge:
        stages = merged(stages)
    if sections_with_rows:
        stages = reloads_with_rows(stages)
    return json.dumps({"format": "diffbench-changeset/1", "stages": stages, "elapsed_ns": elapsed},
                      separators=(",", ":"))


def main(argv):
    if "--hang" in argv:
        time.sleep(3600)
    merge = "--merge-stages" in argv
    mixed = "--reload-sections-with-rows" in argv
    if "--lines" in argv:
        for line in sys.stdin:
            if line.strip():
                print(answer(line, merge, mixed), flush=True)
    else:
        print(answer(sys.stdin.read(), merge, mixed))


if __name__ == "__main__":
    main(sys.argv[1:])
