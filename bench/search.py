"""Record-search speed in one run, per table: a fresh index build (field encoding, vector-store
upserts, BM25; rows/s), the cold open of that index in a new process, and query latency p50/p95
of lookups from evals.retrieval: exact (the default when the filter covers the query: no index)
and ranked (router pre-filter + vector + BM25 + MaxSim rerank of k=20, forced for every question).

Run: .venv/bin/python bench/search.py FILE... [--queries 45] [--backend edge|client] [--reuse]
Writes bench/search_results.md. Builds in a scratch folder (deleted after). The 1M-row file is
made by bench/make_million.py (not committed)."""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from agent.config import load_config
from agent.plan import SearchArgs
from agent.router.router import Router
from agent.search.searcher import RecordSearch
from agent.table import load_table
from evals.retrieval import generate

COLD = """
import sys, time
from agent.config import load_config
from agent.plan import SearchArgs, Predicate
from agent.table import load_table
config = load_config(); config.search.cache_dir = sys.argv[2]; config.search.backend = sys.argv[3]
table = load_table(sys.argv[1])
from agent.router.lexicon import build_lexicon
lexicon = build_lexicon(table, config.router)  # the router's, built at load time anyway
started = time.perf_counter()
from agent.search import lazy_searcher
search = lazy_searcher(table, config.search, lexicon=lexicon)()
assert search.store.ready
_ = search.store.fields, search.lexical
opened = time.perf_counter() - started
search.search(SearchArgs(query="coffee shop purchases", where=[Predicate(column="state", op="=", value="TX")]))
print(f"{opened * 1000:.0f} {(time.perf_counter() - started) * 1000:.0f}")
"""


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else values[0]


def cpu() -> float:
    """CPU seconds used by this process so far (all threads): the work, whatever the machine's load."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def build(search: RecordSearch) -> list[str]:
    """Build from nothing, timing each phase (wall clock, and CPU seconds of the whole build)."""
    c0 = cpu()
    t0 = time.perf_counter()
    fields = search.store.fields
    t1 = time.perf_counter()
    search.store.build()
    t2 = time.perf_counter()
    _ = search.lexical
    t3 = time.perf_counter()
    rows, values = search.table.rows, sum(len(v) for v in fields.vectors.values())
    used = cpu() - c0
    return [f"- build: {rows:,} rows in {t3 - t0:,.1f} s wall = **{rows / (t3 - t0):,.0f} rows/s**, {used:,.1f} CPU s "
            f"({rows / used:,.0f} rows per CPU second) "
            f"(encoding {values:,} distinct field values {t1 - t0:,.1f} s = {values / (t1 - t0):,.0f} texts/s; "
            f"vector-store upserts + optimize {t2 - t1:,.1f} s; BM25 {t3 - t2:,.1f} s)"]


def cold_open(path: Path, cache: str, backend: str) -> str:
    out = subprocess.run([sys.executable, "-c", COLD, str(path), cache, backend], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    if out.returncode:
        return f"- cold open failed: {out.stderr.strip().splitlines()[-1]}"
    opened, first = out.stdout.split()
    return (f"- cold open in a new process (table already loaded; imports, store, field vectors, BM25): "
            f"**{opened} ms**; with the first ranked query: {first} ms")


def latency(search: RecordSearch, router: Router, questions, ranked: bool) -> str:
    search.always_rank = ranked
    search.search(SearchArgs(query="warm up", candidates=20))
    times, stage_ms = [], {}
    for q, _ in questions:
        decision = router.route(q.text)
        where = decision.lookup.where if decision.lookup else []
        started = time.perf_counter()
        try:
            result = search.search(SearchArgs(query=q.text, where=where, candidates=20, top_n=5))
        except Exception:  # no row passes the filter
            continue
        times.append((time.perf_counter() - started) * 1000)
        for s in result.stages:
            stage_ms.setdefault(s.name, []).append(s.elapsed_ms)
    stages = ", ".join(f"{name} {statistics.median(v):.1f}" for name, v in stage_ms.items())
    label = ("ranked: pre-filter + vector + BM25 + MaxSim rerank of k=20" if ranked
             else "default (exact records when the filter covers the query, else ranked)")
    return (f"- query, {label}: **p50 {pct(times, 50):.1f} ms, p95 {pct(times, 95):.1f} ms** over {len(times)} "
            f"lookups (stage p50 ms: {stages})")


def bench(path: Path, queries: int, backend: str, reuse: bool) -> list[str]:
    config = load_config()
    table = load_table(path)
    router = Router(table, config.router, config.search)
    scratch = str(Path(config.search.cache_dir).expanduser()) if reuse else tempfile.mkdtemp(prefix="tally-bench-")
    search_config = config.search.model_copy(update={"cache_dir": scratch, "backend": backend})
    search = RecordSearch(table, search_config, money=router.lexicon.measure_candidates, lexicon=router.lexicon)
    try:
        out = ["- build: reused the index already in the cache"] if reuse and search.store.ready else build(search)
        search.store.close()
        search.__dict__.pop("store", None)
        search.__dict__.pop("lexical", None)
        out.append(cold_open(path, scratch, backend))
        questions = generate(pd.read_csv(path, index_col=0), max(1, queries // 9))
        out.append(latency(search, router, questions, ranked=True))
        out.append(latency(search, router, questions, ranked=False))
        search.store.close()
    finally:
        if not reuse:
            shutil.rmtree(scratch, ignore_errors=True)
    return [f"## {table.name} ({table.rows:,} rows, {search.store.backend})", "", *out, ""]


def main() -> None:
    parser = argparse.ArgumentParser(description="Record-search speed")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--queries", type=int, default=45)
    parser.add_argument("--backend", default="edge", choices=["edge", "client"])
    parser.add_argument("--reuse", action="store_true", help="use (or build once) the index in search.cache_dir")
    args = parser.parse_args()
    load = os.getloadavg()
    lines = ["# Record search speed (one run, 2 CPU cores shared with other work)", "",
             f"Load average at start: {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1 / 5 / 15 min).", ""]
    for path in args.files:
        lines += bench(path, args.queries, args.backend, args.reuse)
        print("\n".join(lines), flush=True)
    out = Path(__file__).parent / "search_results.md"
    out.write_text("\n".join(lines) + f"\nLoad average at end: {' / '.join(f'{x:.1f}' for x in os.getloadavg())}.\n")


if __name__ == "__main__":
    main()
