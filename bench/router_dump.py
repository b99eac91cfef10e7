"""Every router decision on the DataBench dev, databench_train and heldout questions, one line per
question: the set, the question and the decision (plan, lookup, kind, notes and abstain reason) as
JSON, timings left out. Two dumps taken before and after a speed change must be identical:

    python bench/router_dump.py > /tmp/before.txt   # ... change ...
    python bench/router_dump.py > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt

`--embedding` turns the embedding link on (the eval's default); off by default, as the bench.
`--sets` picks other eval sets (demo bugreports wtq: the wtq sample, about 15 minutes)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent.config import load_config  # noqa: E402
from agent.router.router import Router  # noqa: E402
from agent.table import load_table, table_from_text  # noqa: E402
from evals.cases import load_set  # noqa: E402

SETS = ("databench", "databench_train", "heldout")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedding", action="store_true")
    parser.add_argument("--sets", nargs="+", default=list(SETS), help=f"eval sets (default: {' '.join(SETS)})")
    args = parser.parse_args()
    config = load_config(env={})
    config.router.embedding_link = args.embedding
    routers: dict[str, Router] = {}
    for name in args.sets:
        for case in load_set(name):
            key = str(case.table_path) if case.table else f"inline:{case.id}"  # as evals/run.py keys tables
            if key not in routers:
                table = load_table(case.table_path) if case.table else table_from_text(case.csv or "", f"{case.id}.csv")
                routers[key] = Router(table, config.router)
            decision = routers[key].route(case.question)
            print(name, case.id, decision.model_dump_json(exclude={"elapsed_us", "embedding_us"}), sep="\t")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
