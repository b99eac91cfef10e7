"""Record-search speed in one run: index build rate (rows/s, embedding + Qdrant upserts) and query
latency p50/p95 (lookup questions from evals.retrieval with the router's pre-filter, BM25 fusion and
a rerank of k=20 candidates), per table.

Run: .venv/bin/python bench/search.py FILE... [--queries 35]. Writes bench/search_results.md.
A table whose index is not built yet is built first (timed); an existing index is reused and its
build rate read from a fresh build of the first 2,048 rows in a scratch folder."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import pandas as pd

from agent.config import load_config
from agent.plan import SearchArgs
from agent.router.router import Router
from agent.search.searcher import RecordSearch
from agent.table import load_table, table_from_text
from evals.retrieval import generate


def build_rate(table, config, money: list[str], rows: int = 2048) -> float:
    """Rows/s of a fresh build of the first `rows` rows (embedding + upserts) in a scratch folder."""
    with open(table.path) as f:
        text = "".join(next(f) for _ in range(rows + 1))
    head = table_from_text(text, table.name)
    with tempfile.TemporaryDirectory() as scratch:
        search = RecordSearch(head, config.model_copy(update={"cache_dir": scratch}), money=money)
        started = time.perf_counter()
        search.store.build()
        rate = head.rows / (time.perf_counter() - started)
        search.store.close()
    return rate


def p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0]


def bench(path: Path, queries: int) -> list[str]:
    config = load_config()
    table = load_table(path)
    router = Router(table, config.router, config.search)
    money = router.lexicon.measure_candidates
    search = RecordSearch(table, config.search, money=money)
    out = []
    if not search.store.ready:
        started = time.perf_counter()
        written = search.build_index()
        out.append(f"- built the whole index: {written:,} rows in {time.perf_counter() - started:,.0f} s "
                   f"({written / (time.perf_counter() - started):,.0f} rows/s)")
    out.append(f"- build rate of a fresh 2,048-row index: {build_rate(table, config.search, money):,.0f} rows/s")
    raw = pd.read_csv(path, index_col=0)
    questions = generate(raw, max(1, queries // 7))
    for reranker in ("none", "maxsim"):
        search.reranker_kind = reranker
        search.__dict__.pop("reranker", None)
        search.search(SearchArgs(query="warm up", candidates=20))
        times, stage_ms = [], {}
        for q, _ in questions:
            decision = router.route(q.text)
            where = decision.lookup.where if decision.lookup else []
            started = time.perf_counter()
            try:
                result = search.search(SearchArgs(query=q.text, where=where, candidates=20, top_n=5))
            except Exception:
                continue
            times.append((time.perf_counter() - started) * 1000)
            for s in result.stages:
                stage_ms.setdefault(s.name, []).append(s.elapsed_ms)
        stages = ", ".join(f"{name} {statistics.median(v):.0f}" for name, v in stage_ms.items())
        out.append(f"- query, pre-filter + vector + BM25, rerank {reranker} of k=20: p50 {p(times, 50):.0f} ms, "
                   f"p95 {p(times, 95):.0f} ms over {len(times)} lookups (stage p50 ms: {stages})")
    search.store.close()
    return [f"## {table.name} ({table.rows:,} rows)", "", *out, ""]


def main() -> None:
    parser = argparse.ArgumentParser(description="Record-search speed")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--queries", type=int, default=35)
    args = parser.parse_args()
    lines = ["# Record search speed (one run, 2 shared CPU cores)", ""]
    for path in args.files:
        lines += bench(path, args.queries)
        print("\n".join(lines))
    out = Path(__file__).parent / "search_results.md"
    out.parent.mkdir(exist_ok=True)
    out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
