"""Split a `tally eval` results.json by set, and the wtq sets (the seeded sample `wtq` and the whole
training split `wtq_all`) by table into two halves (crc32 of the table's name, even = 'build', odd
= 'check'), so kinds built on one half are measured on the other.

Usage: python -m evals.halves results/<stamp>/results.json [--wrong SET] [--list VERDICT]"""

from __future__ import annotations

import json
import sys
import zlib
from collections import Counter

from evals.cases import load_set


def half(table: str) -> str:
    """'build' or 'check' for a wtq case's table path (stable across runs: crc32 of the name)."""
    return "build" if zlib.crc32(table.encode()) % 2 == 0 else "check"


WTQ_SETS = ("wtq", "wtq_all")


def wtq_tables(sets: set[str]) -> dict[str, str]:
    """{case id: table path} over both wtq sets when `sets` holds either (a `wtq_all` run labels
    its cases 'wtq'; ids are the dataset's own, shared by both); {} otherwise."""
    if not sets & set(WTQ_SETS):
        return {}
    return {c.id: c.table for name in WTQ_SETS for c in load_set(name)}


def main(argv: list[str]) -> None:
    """Print cases, correct and confidently wrong per set (wtq per half)."""
    results = json.loads(open(argv[0]).read())
    tables = wtq_tables({r["set"] for r in results})
    tally: dict[str, Counter] = {}
    for r in results:
        key = r["set"] + (f"/{half(tables[r['id']])}" if r["set"] in WTQ_SETS else "")
        tally.setdefault(key, Counter())[r["verdict"]] += 1
        tally[key]["n"] += 1
    for key in sorted(tally):
        t = tally[key]
        print(f"{key:18s} n={t['n']:5d} correct={t['correct']:4d} ({100 * t['correct'] / t['n']:.1f}%) "
              f"confident_wrong={t['confident_wrong']:3d} ({100 * t['confident_wrong'] / t['n']:.1f}%)")
    if "--list" in argv:
        verdict = argv[argv.index("--list") + 1]
        for r in results:
            if r["verdict"] == verdict:
                print(r["id"], r["set"], half(tables[r["id"]]) if r["id"] in tables else "", "|", r["question"],
                      "| got:", (r["answer"] or "")[:150], "| want:", r["expected"])


if __name__ == "__main__":
    main(sys.argv[1:])
