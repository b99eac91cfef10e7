"""Eval figures that must not move through an engine refactor: the per-case outcome of router mode
on every set, recorded once (`evals/baselines/router.json`) and compared case by case.

    python -m evals.unchanged record   # write the baseline from a fresh router-mode run
    python -m evals.unchanged check    # run again and list every case whose outcome differs

A case's outcome is its verdict, status, who answered, the route taken, the scored value (`got`)
and the answer text; latency is left out. Exit status 1 when any case differs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

SETS = ("demo", "bugreports", "databench", "heldout")
BASELINE = Path(__file__).parent / "baselines" / "router.json"
FIELDS = ("verdict", "status", "answered_by", "route_actual", "got", "answer")


def outcomes(results: list[dict]) -> dict[str, dict[str, object]]:
    """{case id: {field: value}} of router-mode results (dicts shaped like CaseResult)."""
    return {r["id"]: {f: r.get(f) for f in FIELDS} for r in results if r.get("mode", "router") == "router"}


def differences(before: dict[str, dict], after: dict[str, dict]) -> list[str]:
    """One line per case whose outcome differs (or that is missing on one side), sorted by id."""
    lines = []
    for case in sorted(set(before) | set(after)):
        old, new = before.get(case), after.get(case)
        if old is None or new is None:
            lines.append(f"{case}: only in the {'new run' if old is None else 'baseline'}")
            continue
        for field in FIELDS:
            if old[field] != new[field]:
                lines.append(f"{case}: {field} {old[field]!r} -> {new[field]!r}")
    return lines


def current() -> dict[str, dict[str, object]]:
    """Router-mode outcomes of every case of SETS, run now in this process."""
    from agent.config import load_config
    from evals.cases import load_set
    from evals.run import run

    cases = [c for name in SETS for c in load_set(name)]
    config = load_config(env={})
    return outcomes([r.model_dump(mode="json") for r in run(cases, ["router"], config)])


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    now = current()
    if command == "record":
        BASELINE.parent.mkdir(parents=True, exist_ok=True)
        BASELINE.write_text(json.dumps(now, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
        print(f"{len(now)} cases written to {BASELINE}")
        return 0
    changed = differences(json.loads(BASELINE.read_text()), now)
    print("\n".join(changed) or f"all {len(now)} cases unchanged")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
