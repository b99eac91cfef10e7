"""Big files read where they lie: cold `tally ask` (a fresh process: wall time and peak RSS), warm
time per demo question in one process, on Parquet/CSV files built by bench/make_big.py.

    .venv/bin/python bench/big.py bench/data/sparkov_10m.parquet [bench/data/sparkov_100m.parquet ...]

Writes bench/big_results.md. One run, shared 2-core machine: read the figures as ratios."""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from agent.demo import QUESTIONS  # noqa: E402

COLD = "What is the total spend by category?"


def cold(path: Path) -> dict:
    """One fresh `python -m agent ask` process: wall ms, peak RSS MB (of that child), exit code."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "TALLY_MODEL"))}
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "agent", "ask", str(path), COLD], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    wall = (time.perf_counter() - started) * 1000
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {"wall_ms": wall, "peak_rss_mb": max(peak, before) / 1024, "exit": done.returncode,
            "answer": done.stdout.splitlines()[0] if done.stdout else done.stderr[-300:]}


def warm(path: Path, repeats: int) -> list[dict]:
    """In one process: open once, then each demo computation question `repeats` times (median ms)."""
    from agent.cli import build_agent
    from agent.config import load_config

    config = load_config()
    config.model = config.model.model_copy(update={"name": None})
    started = time.perf_counter()
    agent = build_agent(path, config)
    opened = (time.perf_counter() - started) * 1000
    rows = [{"question": "(open: typed view, sample, value frame)", "median_ms": opened, "status": "-"}]
    for question in [q for q in QUESTIONS if not q.lower().startswith(("find", "show"))]:
        times, outcome = [], None
        for _ in range(repeats):
            started = time.perf_counter()
            outcome = agent.ask(question)
            times.append((time.perf_counter() - started) * 1000)
        rows.append({"question": question, "median_ms": statistics.median(times), "status": outcome.status,
                     "answer": outcome.answer.splitlines()[0][:90]})
    rows.append({"question": "peak RSS of this process (MB)", "median_ms": resource.getrusage(
        resource.RUSAGE_SELF).ru_maxrss / 1024, "status": "-"})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "big_results.md")
    args = parser.parse_args()
    lines = ["# Big files read where they lie (bench/big.py, one run)", ""]
    for path in args.files:
        size = path.stat().st_size / 1e6
        first = cold(path)
        second = cold(path)
        lines += [f"## {path.name} ({size:,.0f} MB)", "",
                  f"- cold `tally ask \"{COLD}\"`: first {first['wall_ms']:,.0f} ms, second {second['wall_ms']:,.0f} ms; "
                  f"peak RSS {max(first['peak_rss_mb'], second['peak_rss_mb']):,.0f} MB; exit {second['exit']}",
                  f"- answer: {second['answer']}", "", "| question | warm median ms | status |", "|---|---:|---|"]
        lines += [f"| {r['question']} | {r['median_ms']:,.1f} | {r['status']} |" for r in warm(path, args.repeats)]
        lines.append("")
        print("\n".join(lines[-12:]), flush=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(json.dumps({"written": str(args.out)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
