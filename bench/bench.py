"""Tally benchmark: warm end-to-end and engine time per demo question, router classify+parse time,
and a cold `tally ask` against a bare `pandas.read_csv` of the same file, all in one run.

Usage: .venv/bin/python bench/bench.py [--quick] [--file CSV]
Writes bench/results.md and bench/results.json (overwritten). Numbers come from one run on a
shared, noisy machine: read them as ratios, not as guarantees. Nothing here is asserted in tests."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from agent.cli import build_agent  # noqa: E402
from agent.config import load_config  # noqa: E402
from agent.demo import QUESTIONS  # noqa: E402

DEFAULT_FILE = (ROOT / ".." / "shared" / "data" / "transactions" / "sparkov_2019_100k.csv").resolve()
COMPUTE = QUESTIONS[:7]
COLD_QUESTION = "What is the total spend by category?"
# Targets from the brief: a few ms per warm question, router under 50 us, cold within 1.5x read_csv.
TARGET_WARM_MS = 5.0
TARGET_ROUTER_US = 50.0
TARGET_COLD_RATIO = 1.5


def pct(values: list[float], q: float) -> float:
    """Nearest-rank-interpolated percentile (q in 0..100)."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] if 0 < q < 100 else (
        min(values) if q <= 0 else max(values))


def no_model_env() -> dict[str, str]:
    """The current environment with any model switched off (empty TALLY_MODEL means no model)."""
    env = dict(os.environ)
    env["TALLY_MODEL"] = ""
    env.pop("OPENAI_API_KEY", None)
    return env


def bench_warm(agent, iterations: int, warmups: int) -> list[dict]:
    """Per question: wall time of agent.ask (ms) and engine time from provenance.elapsed_ms."""
    rows = []
    for question in COMPUTE:
        for _ in range(warmups):
            agent.ask(question)
        wall, engine, router_us = [], [], []
        status = None
        for _ in range(iterations):
            started = time.perf_counter_ns()
            outcome = agent.ask(question)
            wall.append((time.perf_counter_ns() - started) / 1e6)
            status = outcome.status
            if outcome.calls and getattr(outcome.calls[-1], "ok", False):
                engine.append(outcome.calls[-1].result.provenance.elapsed_ms)
            router_us.append(outcome.router.elapsed_us)
        rows.append({"question": question, "status": status, "iterations": iterations,
                     "wall_p50_ms": pct(wall, 50), "wall_p90_ms": pct(wall, 90),
                     "engine_p50_ms": pct(engine, 50) if engine else None,
                     "router_in_ask_p50_us": pct(router_us, 50)})
    return rows


def bench_router(router, iterations: int) -> tuple[list[dict], dict]:
    """Per question: p50/p90 of router.route(q) in microseconds, timed per call."""
    rows, everything = [], []
    for question in COMPUTE:
        for _ in range(min(50, iterations)):
            router.route(question)
        times = []
        for _ in range(iterations):
            started = time.perf_counter_ns()
            router.route(question)
            times.append((time.perf_counter_ns() - started) / 1e3)
        everything.extend(times)
        rows.append({"question": question, "iterations": iterations,
                     "p50_us": pct(times, 50), "p90_us": pct(times, 90)})
    overall = {"p50_us": pct(everything, 50), "p90_us": pct(everything, 90), "calls": len(everything)}
    return rows, overall


def run_timed(cmd: list[str], env: dict[str, str]) -> float:
    """Wall time of one subprocess in ms; raises if it fails."""
    started = time.perf_counter_ns()
    done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter_ns() - started) / 1e6
    if done.returncode != 0:
        raise RuntimeError(f"{cmd!r} exited {done.returncode}: {done.stderr.decode(errors='replace')[-800:]}")
    return elapsed


def bench_cold(path: Path, runs: int) -> dict:
    """Interleaved subprocess runs: `tally ask`, bare read_csv, and two import-only probes that
    split the cold cost (agent's import graph vs pandas alone)."""
    env = no_model_env()
    py = sys.executable
    commands = {
        "tally_ask": [py, "-m", "agent", "ask", str(path), COLD_QUESTION],
        "pandas_read_csv": [py, "-c", f"import pandas; pandas.read_csv({str(path)!r})"],
        "duckdb_query": [py, "-c", "import duckdb; duckdb.sql(\"SELECT category, SUM(amt) FROM read_csv(" + repr(str(path))
                         + ") GROUP BY category\").fetchall()"],
        "python_startup": [py, "-c", "pass"],
        "import_pandas": [py, "-c", "import pandas"],
        "import_agent": [py, "-c", "import agent.cli, agent.engine, agent.loop, agent.router.router, "
                                   "agent.table, agent.render"],
    }
    for cmd in commands.values():  # one untimed pass each: page cache, .pyc files
        run_timed(cmd, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(run_timed(cmd, env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    return {"runs": runs, "median_ms": medians, "all_ms": times,
            "ratio_ask_vs_read_csv": medians["tally_ask"] / medians["pandas_read_csv"],
            "ratio_ask_vs_duckdb": medians["tally_ask"] / medians["duckdb_query"]}


def bench_load(path: Path, config, runs: int) -> float:
    """In-process (warm interpreter) median ms of build_agent: load_table + lexicon."""
    times = []
    for _ in range(runs):
        started = time.perf_counter_ns()
        build_agent(path, config)
        times.append((time.perf_counter_ns() - started) / 1e6)
    return statistics.median(times)


def fmt(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def to_markdown(r: dict) -> str:
    warm, router, cold = r["warm"], r["router"], r["cold"]
    m = cold["median_ms"]
    lines = [
        "# Tally benchmark results",
        "",
        f"- Date: {r['date']}",
        f"- Machine: {r['machine']}",
        f"- File: `{r['file_name']}` ({r['rows']:,} rows); mode: {'quick' if r['quick'] else 'full'}",
        "- One run on a shared, noisy machine: read the numbers as ratios, not guarantees.",
        "",
        f"## Warm end to end (`agent.ask`, router only, no model; {r['iterations']['warm']} runs after "
        f"{r['iterations']['warmups']} warm-ups)",
        "",
        "| # | Question | ask p50 ms | ask p90 ms | engine p50 ms | router µs (2k-loop p50) | status |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for i, (w, ro) in enumerate(zip(warm, router["per_question"]), start=1):
        lines.append(f"| {i} | {w['question']} | {fmt(w['wall_p50_ms'])} | {fmt(w['wall_p90_ms'])} | "
                     f"{fmt(w['engine_p50_ms'])} | {fmt(ro['p50_us'], 1)} | {w['status']} |")
    s = r["summary"]
    lines += [
        "",
        f"- Median of the per-question ask p50s: **{fmt(s['warm_ask_p50_median_ms'])} ms** "
        f"(max {fmt(s['warm_ask_p50_max_ms'])} ms); target: a few ms "
        f"(reference pure-Python engine ~50-120 ms → ~{fmt(85 / s['warm_ask_p50_median_ms'], 0)}x faster than its midpoint).",
        f"- Engine share of ask time (sum engine p50 / sum ask p50): {fmt(100 * s['engine_share'], 0)}%.",
        "",
        f"## Router classify + parse (`router.route(q)`, {r['iterations']['router']} calls per question)",
        "",
        f"- Overall p50 **{fmt(router['overall']['p50_us'], 1)} µs**, p90 {fmt(router['overall']['p90_us'], 1)} µs "
        f"(target < {TARGET_ROUTER_US:.0f} µs → ratio {fmt(router['overall']['p50_us'] / TARGET_ROUTER_US)}x of target).",
        f"- Slowest question p50: {fmt(s['router_p50_max_us'], 1)} µs.",
        "",
        f"## Cold end to end (subprocesses, interleaved, median of {cold['runs']})",
        "",
        "| Command | median ms |",
        "|---|---:|",
        f"| `python -m agent ask FILE \"{COLD_QUESTION}\"` | {fmt(m['tally_ask'], 0)} |",
        f"| `python -c \"import pandas; pandas.read_csv(FILE)\"` | {fmt(m['pandas_read_csv'], 0)} |",
        f"| `python -c \"import duckdb; duckdb.sql('SELECT category, SUM(amt) FROM read_csv(FILE) GROUP BY category')...\"` | {fmt(m['duckdb_query'], 0)} |",
        f"| `python -c pass` (interpreter start) | {fmt(m['python_startup'], 0)} |",
        f"| `python -c \"import pandas\"` | {fmt(m['import_pandas'], 0)} |",
        f"| `python -c \"import agent.cli, agent.engine, ...\"` (agent import graph) | {fmt(m['import_agent'], 0)} |",
        "",
        f"- **Ratio tally ask / the same query in bare DuckDB: {fmt(cold['ratio_ask_vs_duckdb'])}x** (target ≤ 1.2x); "
        f"tally ask / pandas read_csv: {fmt(cold['ratio_ask_vs_read_csv'])}x (earlier target ≤ {TARGET_COLD_RATIO}x).",
        f"- Rough split of the cold ask: imports ≈ {fmt(m['import_agent'], 0)} ms, "
        f"read_csv alone ≈ {fmt(m['pandas_read_csv'] - m['import_pandas'], 0)} ms, "
        f"in-process build_agent (load + typing + lexicon, warm interpreter) ≈ {fmt(r['build_agent_ms'], 0)} ms.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few iterations (smoke run)")
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    args = parser.parse_args(argv)
    path = args.file.resolve()
    if not path.exists():
        print(f"bench: data file not found: {path}", file=sys.stderr)
        return 2
    warm_n, warmups, router_n, cold_n, load_n = (5, 1, 200, 1, 1) if args.quick else (30, 2, 2000, 5, 3)

    config = load_config(env={})  # repo config.yaml, no environment: never a model
    agent = build_agent(path, config)
    assert agent.model is None, "benchmark must run without a model"

    print(f"bench: {path.name}, {agent.table.rows:,} rows; warm x{warm_n} ...", file=sys.stderr)
    warm = bench_warm(agent, warm_n, warmups)
    print(f"bench: router x{router_n} per question ...", file=sys.stderr)
    router_rows, router_overall = bench_router(agent.router, router_n)
    print(f"bench: in-process build_agent x{load_n} ...", file=sys.stderr)
    build_ms = bench_load(path, config, load_n)
    print(f"bench: cold subprocesses x{cold_n} (interleaved) ...", file=sys.stderr)
    cold = bench_cold(path, cold_n)

    asks = [w["wall_p50_ms"] for w in warm]
    engines = [w["engine_p50_ms"] or 0.0 for w in warm]
    results = {
        "date": dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": f"shared VM, {os.cpu_count()} cores (brief: 2 cores), {platform.machine()}, "
                   f"Python {platform.python_version()}, {platform.system()} {platform.release()}",
        "file": str(path), "file_name": path.name, "rows": agent.table.rows, "quick": args.quick,
        "iterations": {"warm": warm_n, "warmups": warmups, "router": router_n, "cold": cold_n},
        "warm": warm,
        "router": {"per_question": router_rows, "overall": router_overall},
        "build_agent_ms": build_ms,
        "cold": cold,
        "summary": {
            "warm_ask_p50_median_ms": statistics.median(asks), "warm_ask_p50_max_ms": max(asks),
            "engine_share": sum(engines) / sum(asks),
            "router_p50_overall_us": router_overall["p50_us"],
            "router_p50_max_us": max(r["p50_us"] for r in router_rows),
            "router_ratio_to_target": router_overall["p50_us"] / TARGET_ROUTER_US,
            "warm_ratio_to_target": statistics.median(asks) / TARGET_WARM_MS,
            "cold_ratio_ask_vs_read_csv": cold["ratio_ask_vs_read_csv"],
        },
    }
    markdown = to_markdown(results)
    print(markdown)
    (HERE / "results.md").write_text(markdown)
    (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"bench: wrote {HERE / 'results.md'} and {HERE / 'results.json'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
