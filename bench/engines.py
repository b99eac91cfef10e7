"""DuckDB vs Spark local[2] on the seven demo computation questions, over a big Parquet file.

The router turns each question (agent/demo.py) into its typed plan once; the same plan then runs on
each engine (one compiler, two backends). Per engine: the time to make the table queryable
(DuckDB scans the pandas frame in place; local Spark gets it staged as a Parquet file through
Arrow, agent/engine/spark_backend.py), then per
question the first run and the median of the warm runs (each a full plan: spelling look-ups,
the query, null counts). Answers are checked equal across engines.

Usage: .venv/bin/python bench/engines.py [PARQUET] [--runs 3] [--spark-memory 2g] [--out FILE]
Default PARQUET: bench/data/sparkov_10m.parquet (build it with bench/make_big.py). Writes
bench/engines_results.md. One run on a shared, noisy machine: read the ratios, not the digits."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from agent.config import load_config  # noqa: E402
from agent.demo import QUESTIONS  # noqa: E402
from agent.plan import RatioArgs  # noqa: E402
from agent.router.router import Router  # noqa: E402
from agent.table import load_table  # noqa: E402

COMPUTE = QUESTIONS[:7]


def run(engine, table, plan):
    """The plan's result on `engine` (aggregate or ratio)."""
    return engine.ratio(table, plan) if isinstance(plan, RatioArgs) else engine.aggregate(table, plan)


def answer(result) -> object:
    """What the question asks for, comparable across engines (value, percent, or groups)."""
    if getattr(result, "groups", None):
        return [(tuple(g.key), round(float(g.value), 6)) for g in result.groups]
    value = result.percent if hasattr(result, "percent") else result.value
    return round(float(value), 6) if isinstance(value, (int, float)) else value


def time_engine(name: str, engine, table, plans: list, runs: int) -> dict:
    """Registration time, then per plan first-run and warm-median milliseconds, and the answers."""
    started = time.perf_counter()
    engine.schema(table)  # registers the table with the backend
    row = {"engine": name, "register_s": time.perf_counter() - started, "first": [], "warm": [], "answers": []}
    for question, plan in plans:
        started = time.perf_counter()
        result = run(engine, table, plan)
        row["first"].append((time.perf_counter() - started) * 1000)
        warm = []
        for _ in range(runs):
            started = time.perf_counter()
            run(engine, table, plan)
            warm.append((time.perf_counter() - started) * 1000)
        row["warm"].append(statistics.median(warm))
        row["answers"].append(answer(result))
        print(f"{name:6} {row['first'][-1]:9.0f} ms first {row['warm'][-1]:9.0f} ms warm  {question}", flush=True)
    return row


def report(path: Path, rows: int, load_s: float, plans: list, duck: dict, spark: dict, spark_start_s: float,
           runs: int) -> str:
    """The markdown table of times side by side, with the setup figures."""
    lines = [f"# DuckDB vs Spark local[2]: the seven demo questions on {rows:,} rows",
             "",
             f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores "
             f"(shared with other developers' jobs: one run, noisy), file `{path.name}` "
             f"({path.stat().st_size / 1e9:.2f} GB). Both engines get the same router plan and the same pandas frame "
             f"(loaded in {load_s:.1f} s). Warm = median of {runs} runs after the first; each run is the whole "
             "plan (spelling look-ups, the query, null counts), not a single SQL statement.",
             "",
             f"Setup: DuckDB registers the frame in {duck['register_s'] * 1000:.0f} ms (scanned in place); Spark session "
             f"start {spark_start_s:.1f} s, frame staged for Spark (Arrow to Parquet) {spark['register_s']:.1f} s.",
             "",
             "| # | question | DuckDB first ms | DuckDB warm ms | Spark first ms | Spark warm ms | Spark/DuckDB warm | same answer |",
             "|---|---|---:|---:|---:|---:|---:|---|"]
    for i, (question, _) in enumerate(plans):
        ratio = spark["warm"][i] / duck["warm"][i] if duck["warm"][i] else float("nan")
        lines.append(f"| {i + 1} | {question} | {duck['first'][i]:.0f} | {duck['warm'][i]:.0f} | "
                     f"{spark['first'][i]:.0f} | {spark['warm'][i]:.0f} | {ratio:.1f}x | "
                     f"{'yes' if duck['answers'][i] == spark['answers'][i] else 'NO'} |")
    total_d, total_s = sum(duck["warm"]), sum(spark["warm"])
    lines += [f"| | all seven (warm) | | {total_d:.0f} | | {total_s:.0f} | {total_s / total_d:.1f}x | |", ""]
    text = "\n".join(lines)
    return text


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parquet", nargs="?", default=str(HERE / "data" / "sparkov_10m.parquet"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--spark-memory", default="2g", help="Spark driver memory")
    parser.add_argument("--out", default=str(HERE / "engines_results.md"))
    args = parser.parse_args(argv)
    path = Path(args.parquet)
    if not path.exists():
        print(f"{path}: not found; build it with bench/make_big.py", file=sys.stderr)
        return 2
    started = time.perf_counter()
    table = load_table(path)
    load_s = time.perf_counter() - started
    config = load_config(env={})
    router = Router(table, config.router, config.search)
    plans = [(q, router.route(q).plan) for q in COMPUTE]
    missing = [q for q, p in plans if p is None]
    if missing:
        print(f"the router found no plan for: {missing}", file=sys.stderr)
        return 1
    print(f"loaded {table.rows:,} rows in {load_s:.1f} s; plans ready", flush=True)

    from agent.engine import duckdb_engine
    duck = time_engine("duckdb", duckdb_engine(), table, plans, args.runs)
    from agent.engine.spark_backend import spark_engine
    started = time.perf_counter()
    engine = spark_engine(master="local[2]", conf={"spark.driver.memory": args.spark_memory})
    spark_start_s = time.perf_counter() - started
    spark = time_engine("spark", engine, table, plans, args.runs)
    text = report(path, table.rows, load_s, plans, duck, spark, spark_start_s, args.runs)
    Path(args.out).write_text(text)
    print(text)
    return 0 if duck["answers"] == spark["answers"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
