"""Router time per question on the DataBench dev set (`make bench-router`): `router.route(q)` p50 and
p95 in microseconds, lexical linking alone (embedding link off) and with the MiniLM embedding link
on (its own time reported separately: how many questions needed it and what it cost them). Tables
and lexicons are built before timing; each question is routed `--repeat` times, the median kept."""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent.config import load_config  # noqa: E402
from agent.router.router import Router  # noqa: E402
from agent.table import load_table  # noqa: E402
from evals.cases import load_set  # noqa: E402


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def timed(routers: dict, cases, repeat: int) -> tuple[list[float], list[float]]:
    """(median elapsed µs per question, median embedding µs per question)."""
    total, embedding = [], []
    for case in cases:
        router = routers[case.table]
        runs = [router.route(case.question) for _ in range(repeat)]
        total.append(statistics.median(d.elapsed_us for d in runs))
        embedding.append(statistics.median(d.embedding_us for d in runs))
    return total, embedding


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = load_set("databench")
    tables = {c.table: load_table(c.table_path) for c in cases}
    rows = []
    for link in (False, True):
        config = load_config(env={})
        config.router.embedding_link = link
        routers = {name: Router(table, config.router) for name, table in tables.items()}
        for case in cases[:5]:
            routers[case.table].route(case.question)  # warm: lexicons built, the model loaded
        total, embedding = timed(routers, cases, args.repeat)
        used = [t for t, e in zip(total, embedding) if e > 0]
        rows.append((link, total, embedding, used))
    print(f"DataBench dev, {len(cases)} questions, median of {args.repeat} routes each (µs)\n")
    print("| linking | p50 µs | p95 µs | questions using embeddings | their p50 µs | embedding share of their time |")
    print("|---|---|---|---|---|---|")
    for link, total, embedding, used in rows:
        spent = [e for e in embedding if e > 0]
        share = f"{100 * sum(spent) / sum(used):.0f}%" if used else "-"
        print(f"| {'lexical + embedding' if link else 'lexical only'} | {pct(total, 50):,.0f} | {pct(total, 95):,.0f} | "
              f"{len(used)} | {pct(used, 50) if used else 0:,.0f} | {share} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
