"""The 100k CSV warm targets of issue 16, measured interleaved in one run: for each demo question,
round after round, `Agent.ask` (router, engine, answer), the same SQL (as the engine ran it, from
provenance) in bare DuckDB over `read_csv`'s own table in this process, that SQL on the engine's
own connection (its storage: dictionary-encoded text columns, agent/engine/dictionary.py), and the
seed engine's approach (bench/onepath.py: a pure-Python loop over csv-parsed rows). Interleaving
keeps a shared machine's load swings out of the ratios; medians are reported.

Usage: .venv/bin/python bench/warm.py [--rounds 15] [--out bench/onepath_results.md]
Writes its section ('## 100k CSV, warm ...') into --out, replacing the one there.
Targets: tally <= 1.5x bare DuckDB, seed loop >= 20x tally. Nothing is asserted in tests."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import onepath  # noqa: E402  (bench/onepath.py: the file, the seed loop, the SQL of an outcome)

HEADER = "## 100k CSV, warm, per demo computation"


def _ms(function) -> tuple[float, float]:
    """(wall ms, CPU ms of the whole process, DuckDB's threads included) of one call."""
    started, cpu = time.perf_counter(), time.process_time()
    function()
    return (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000


def measure(rounds: int, seed_every: int = 3) -> tuple[list[dict], tuple[float, float]]:
    """Per demo question: medians (ms, wall and process CPU: key and key_cpu) of tally, bare
    DuckDB, engine SQL, the seed loop; and the load average (1 min) before and after."""
    import duckdb

    from agent.cli import build_agent
    from agent.config import load_config
    from agent.demo import QUESTIONS
    from agent.tools import run_plan

    load_before = os.getloadavg()[0]
    agent = build_agent(onepath.CSV_100K, load_config(env={}))
    name = agent.engine.schema(agent.table).table
    bare = duckdb.connect()
    bare.execute(f"CREATE TABLE {name} AS SELECT * FROM read_csv('{onepath.CSV_100K}')")
    own = agent.engine.backend.connection
    rows = onepath.seed_rows(onepath.CSV_100K)
    cases = []
    for question, seed in zip(QUESTIONS[:7], onepath.SEED):
        outcome = agent.ask(question)  # the first ask fills the per-table caches (spellings, dictionaries)
        cases.append({"question": question, "status": outcome.status, "sql": onepath.sql_of(outcome),
                      "answer": outcome.answer.splitlines()[0][:80], "seed": seed(rows), "seed_fn": seed,
                      "plan": outcome.router.plan, "tally": [], "bare": [], "own": [], "loop": [], "route": [],
                      "run": []})
    for round_ in range(rounds):
        for case in cases:
            case["tally"].append(_ms(lambda: agent.ask(case["question"])))
            case["bare"].append(_ms(lambda: [bare.execute(s).fetchall() for s in case["sql"]]))
            case["own"].append(_ms(lambda: [own.execute(s).fetchall() for s in case["sql"]]))
            case["route"].append(_ms(lambda: agent.router.route(case["question"], None)))
            case["run"].append(_ms(lambda: run_plan(case["plan"], engine=agent.engine, table=agent.table)))
            if round_ % seed_every == 0:
                case["loop"].append(_ms(lambda: case["seed_fn"](rows)))
    for case in cases:
        for key in ("tally", "bare", "own", "loop", "route", "run"):
            case[key + "_cpu"] = statistics.median(cpu for _, cpu in case[key])
            case[key] = statistics.median(wall for wall, _ in case[key])
    return cases, (load_before, os.getloadavg()[0])


def section(cases: list[dict], load: tuple[float, float], rounds: int) -> str:
    """The markdown section: one row per question (wall), the same in CPU time, then the ranges."""
    lines = [HEADER, "",
             f"bench/warm.py, {rounds} interleaved rounds (medians); load average {load[0]:.1f} before, "
             f"{load[1]:.1f} after, on {os.cpu_count()} cores. 'engine SQL' is the same SQL on the engine's own "
             "connection (its storage: dictionary-encoded text); 'bare DuckDB' runs it over `read_csv`'s table. "
             "CPU is the process's CPU time (DuckDB's threads included): on a loaded machine, wall time is mostly "
             "waiting for a core.", ""]
    for label, suffix in (("wall", ""), ("CPU", "_cpu")):
        lines += [f"| question ({label} ms) | tally | bare DuckDB | tally / bare (target <= 1.5) | engine SQL | "
                  "seed loop | seed / tally (target >= 20) |", "|---|---:|---:|---:|---:|---:|---:|"]
        for c in cases:
            t, b, o, s = (c[k + suffix] for k in ("tally", "bare", "own", "loop"))
            lines.append(f"| {c['question']} | {t:.2f} | {b:.2f} | {t / b:.2f}x | {o:.2f} | {s:.0f} | {s / t:.1f}x |")
        ratios = [c["tally" + suffix] / c["bare" + suffix] for c in cases]
        seeds = [c["loop" + suffix] / c["tally" + suffix] for c in cases]
        lines += ["", f"{label}: tally / bare DuckDB {min(ratios):.2f}x - {max(ratios):.2f}x; seed / tally "
                      f"{min(seeds):.1f}x - {max(seeds):.1f}x", ""]
    lines += ["Where tally's CPU time goes (ms, medians of the same rounds): the router reading the question, "
              "the engine running the plan (its SQL included), the SQL alone.", "",
              "| question | tally | router | engine (run_plan) | its SQL | engine beyond its SQL |",
              "|---|---:|---:|---:|---:|---:|"]
    for c in cases:
        lines.append(f"| {c['question']} | {c['tally_cpu']:.2f} | {c['route_cpu']:.2f} | {c['run_cpu']:.2f} | "
                     f"{c['own_cpu']:.2f} | {c['run_cpu'] - c['own_cpu']:.2f} |")
    lines += ["", "Answers: " + "; ".join(f"{c['answer']}" for c in cases), ""]
    return "\n".join(lines)


def write_section(out: Path, text: str) -> None:
    """Replace the warm section of `out` (up to the next '## ' heading) with `text`, or append it."""
    old = out.read_text() if out.exists() else ""
    start = old.find(HEADER)
    if start < 0:
        out.write_text(old.rstrip() + "\n\n" + text)
        return
    end = old.find("\n## ", start + len(HEADER))
    out.write_text(old[:start] + text + ("\n" + old[end + 1:] if end >= 0 else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--out", type=Path, default=HERE / "onepath_results.md")
    args = parser.parse_args()
    cases, load = measure(args.rounds)
    text = section(cases, load, args.rounds)
    write_section(args.out, text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
