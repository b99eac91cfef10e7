"""The one-path targets (issue 16), all measured in one run, as ratios:

1. The 10M-row Parquet (the 100k file repeated 100 times, each row 100 times in a row, so it
   compresses like real exports: about 42 MB; built here into bench/data if missing): a cold
   `tally ask` in a fresh process on the file's first open (empty table cache) and after it,
   wall time and peak RSS; the seven demo computations answered in one process and scored
   against the demo set's gold SQL run by DuckDB over the same file (exact answers).
2. The 100k CSV, warm: each demo computation through `Agent.ask` against the same SQL (as the
   engine ran it, from provenance) in bare DuckDB in this process, and against the seed engine's
   approach, a pure-Python loop over csv-parsed rows (written here, afresh).
3. The 100k CSV, cold: `tally ask` in a fresh process on the first open and the cached open,
   against a bare DuckDB process running the question's query over the file.

Usage: .venv/bin/python bench/onepath.py [--repeats 5] [--out bench/onepath_results.md]
       .venv/bin/python bench/onepath.py --cold [--against DIR] [--rounds N]   # the cold processes alone,
       printed; --against also runs them, in turns, with the agent package under DIR (another
       checkout); --rounds repeats them (medians; wall and CPU time both reported)
Targets: cold ask <= 1.5 s and peak RSS <= 600 MB on the 10M Parquet; warm <= 1.5x bare DuckDB
and >= 20x the seed engine; cold <= 1.5x a bare DuckDB process. Nothing is asserted in tests."""

from __future__ import annotations

import argparse
import csv
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

CSV_100K = (ROOT / ".." / "shared" / "data" / "transactions" / "sparkov_2019_100k.csv").resolve()
PARQUET_10M = HERE / "data" / "sparkov_10m_repeated.parquet"
COLD_QUESTION = "What is the total spend by category?"
COLD_SQL = "SELECT category, SUM(amt) FROM read_csv({path}) GROUP BY category"


def build_parquet(source: Path = CSV_100K, out: Path = PARQUET_10M) -> Path:
    """Each row of `source` 100 times in a row, leading index column dropped (DuckDB COPY)."""
    import duckdb
    from sqlglot import exp

    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    connection = duckdb.connect()
    connection.execute("SET enable_progress_bar = false")
    src = exp.Literal.string(str(source)).sql("duckdb")
    index = connection.execute(f"DESCRIBE SELECT * FROM read_csv({src})").fetchall()[0][0]
    connection.execute(f'COPY (SELECT * EXCLUDE ("{index}", n) FROM read_csv({src}) CROSS JOIN range(100) AS r(n)) '
                       f"TO {exp.Literal.string(str(out)).sql('duckdb')} (FORMAT PARQUET)")
    return out


def run_process(argv: list[str], env: dict[str, str] | None = None, code: Path = ROOT) -> tuple[float, float, str, float]:
    """(wall seconds, peak RSS MB, first output line, CPU seconds: user + system) of one fresh
    process (GNU time for the RSS and CPU) run in the checkout `code` (so `-m agent` is its agent
    package). On a shared machine the CPU time moves far less with the load than the wall time."""
    started = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", *argv], cwd=code, capture_output=True, text=True,
                          env={**os.environ, **(env or {})})
    wall = time.perf_counter() - started
    rss, user, system = done.stderr.strip().splitlines()[-1].split()
    return wall, int(rss) / 1024, (done.stdout.splitlines() or [done.stderr[-200:]])[0], float(user) + float(system)


def tally_ask(path: Path, question: str, cache: Path, code: Path = ROOT) -> tuple[float, float, str, float]:
    env = {"TALLY_CACHE": str(cache), "TALLY_MODEL": "", "OPENAI_API_KEY": ""}
    return run_process([sys.executable, "-m", "agent", "ask", str(path), question], env, code)


def bare_duckdb_process(sql: str) -> tuple[float, float, str, float]:
    code = f"import duckdb; print(duckdb.connect().execute({sql!r}).fetchall()[:1])"
    return run_process([sys.executable, "-c", code])


def sql_of(outcome) -> list[str]:
    """The SQL statements the engine ran for the router's plan (from the last tool result)."""
    result = outcome.calls[-1].result
    return [s for s in result.provenance.sql.split(";\n") if s.strip()]


def seed_rows(path: Path) -> list[dict[str, str]]:
    """The seed engine's table: every row parsed by the csv module, cells as text."""
    with path.open(newline="") as file:
        return list(csv.DictReader(file))


def _sum_by(rows, key: str) -> dict[str, float]:
    totals: dict[str, float] = defaultdict(float)
    for row in rows:
        totals[row[key]] += float(row["amt"])
    return totals


def _mean_by(rows, key: str) -> dict[str, float]:
    totals, counts = defaultdict(float), defaultdict(int)
    for row in rows:
        totals[row[key]] += float(row["amt"])
        counts[row[key]] += 1
    return {k: totals[k] / counts[k] for k in totals}


SEED = [  # the seven demo computations, in the order of agent.demo.QUESTIONS
    lambda rows: _sum_by(rows, "category"),
    lambda rows: max(_mean_by(rows, "category").items(), key=lambda kv: kv[1])[0],
    lambda rows: sum(float(r["amt"]) for r in rows if r["category"] == "grocery_pos"),
    lambda rows: sum(1 for r in rows if r["gender"] == "F"),
    lambda rows: sum(float(r["amt"]) for r in rows if float(r["amt"]) > 500),
    lambda rows: min(_sum_by(rows, "state").items(), key=lambda kv: kv[1])[0],
    lambda rows: 100 * sum(1 for r in rows if r["is_fraud"] == "1") / len(rows),
]


def timed(function, repeats: int) -> float:
    """Median wall ms of `repeats` calls."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def warm_100k(repeats: int) -> list[dict]:
    """Per demo computation: tally warm ms, bare DuckDB ms (same SQL, same process), seed ms."""
    import duckdb

    from agent.cli import build_agent
    from agent.config import load_config
    from agent.demo import QUESTIONS

    config = load_config(env={})
    agent = build_agent(CSV_100K, config)
    bare = duckdb.connect()
    bare.execute(f"CREATE TABLE {agent.engine.schema(agent.table).table} AS SELECT * FROM read_csv('{CSV_100K}')")
    rows = seed_rows(CSV_100K)
    out = []
    for question, seed in zip(QUESTIONS[:7], SEED):
        outcome = agent.ask(question)  # first ask fills the per-table caches (spellings, lexicon)
        statements = sql_of(outcome)
        out.append({"question": question, "status": outcome.status,
                    "tally_ms": timed(lambda: agent.ask(question), repeats),
                    "duckdb_ms": timed(lambda: [bare.execute(s).fetchall() for s in statements], repeats),
                    "seed_ms": timed(lambda: seed(rows), max(1, repeats // 2)), "seed": seed(rows),
                    "answer": outcome.answer.splitlines()[0][:80]})
    return out


def exact_10m(path: Path) -> list[tuple[str, str]]:
    """(case id, verdict) of each demo computation on the 10M file, gold = the case's SQL over it."""
    import duckdb

    from agent.cli import build_agent
    from agent.config import load_config
    from evals.cases import load_set
    from evals.score import score

    config = load_config(env={})
    agent = build_agent(path, config)
    connection = duckdb.connect()
    connection.execute(f"CREATE VIEW t AS SELECT * FROM read_parquet('{path}')")
    verdicts = []
    for case in [c for c in load_set("demo") if c.id.startswith("demo-sparkov") and c.type not in ("records", "abstain")]:
        rows = connection.execute(case.sql).fetchall()
        gold = ({str(k): round(float(v), 2) for k, v in rows} if case.type == "mapping" else
                (rows[0][0] if case.type == "category" else round(float(rows[0][0]), 6)))
        verdict, _ = score(case.model_copy(update={"answer": gold}), agent.ask(case.question))
        verdicts.append((case.id, verdict.value))
    return verdicts


def report(load: float, cold: dict, exact: list, warm: list) -> str:
    lines = ["# One path: targets of issue 16 (bench/onepath.py, one run)", "",
             f"Load average at start: {load:.1f} on {os.cpu_count()} cores. Bytecode compiled first (as installed).", "",
             f"## Cold processes: 10M-row Parquet ({PARQUET_10M.stat().st_size / 1e6:.0f} MB) and the 100k CSV", "",
             f"`tally ask \"{COLD_QUESTION}\"` in a fresh process; the bare DuckDB process runs the question's "
             "query over the same file.", "", *cold_lines(cold), "",
             "Exact answers on the 10M Parquet (demo gold SQL over the same file): " +
             ", ".join(f"{case} {verdict}" for case, verdict in exact), "",
             "## 100k CSV, warm, per demo computation", "",
             "| question | tally ms | bare DuckDB ms | ratio (target <= 1.5) | seed loop ms | seed / tally (target >= 20) |",
             "|---|---:|---:|---:|---:|---:|"]
    for r in warm:
        lines.append(f"| {r['question']} | {r['tally_ms']:.1f} | {r['duckdb_ms']:.1f} | "
                     f"{r['tally_ms'] / r['duckdb_ms']:.1f}x | {r['seed_ms']:.0f} | {r['seed_ms'] / r['tally_ms']:.1f}x |")
    return "\n".join(lines)


def compile_bytecode(code: Path) -> None:
    """Compile agent/ of the checkout `code` to bytecode, as an installed package is: with
    PYTHONDONTWRITEBYTECODE set (as on this machine) each cold process would otherwise compile its
    source again (~0.5 s idle)."""
    import compileall

    compileall.compile_dir(code / "agent", quiet=1)


def _asks(path: Path, label: str, codes: list[Path], runs: dict[Path, dict]) -> None:
    """`label` first open and cached open of `path` per checkout, taken in turns (same minute)."""
    caches = {code: tempfile.TemporaryDirectory(prefix="tally-bench-cache-") for code in codes}
    for kind in ("first open", "cached open"):
        for code in codes:
            runs[code][f"{label} {kind}"] = tally_ask(path, COLD_QUESTION, Path(caches[code].name), code)
    for cache in caches.values():
        cache.cleanup()


def _cold_round(path: Path, codes: list[Path]) -> dict[Path, dict[str, tuple[float, float, str, float]]]:
    runs: dict[Path, dict] = {code: {} for code in codes}
    _asks(path, "parquet", codes, runs)
    bare = {"parquet bare DuckDB": bare_duckdb_process(COLD_SQL.replace("read_csv", "read_parquet").format(
        path=repr(str(path))))}
    _asks(CSV_100K, "csv", codes, runs)
    bare["csv bare DuckDB"] = bare_duckdb_process(COLD_SQL.format(path=repr(str(CSV_100K))))
    bare["python -c pass"] = run_process([sys.executable, "-c", "pass"])
    for code in codes:
        runs[code].update(bare)
    return runs


def _median_runs(rounds: list[dict[Path, dict]]) -> dict[Path, dict[str, tuple[float, float, str, float]]]:
    """Per checkout and process: the median wall, RSS and CPU over the rounds (the first round's answer)."""
    first = rounds[0]
    return {code: {name: (statistics.median(r[code][name][0] for r in rounds),
                          statistics.median(r[code][name][1] for r in rounds), first[code][name][2],
                          statistics.median(r[code][name][3] for r in rounds)) for name in first[code]}
            for code in first}


def cold_runs(path: Path, codes: list[Path], rounds: int = 1) -> dict[Path, dict[str, tuple[float, float, str, float]]]:
    """The cold processes, in one run, per checkout of `codes` (bytecode compiled first): the
    Parquet's `tally ask` on the first open (empty table cache) and the cached open; the 100k
    CSV's (OS file cache warm for both); a bare DuckDB process over each file; `python -c pass`.
    With several `rounds`, each process's medians over them (checkouts in turns in every round)."""
    for code in codes:
        compile_bytecode(code)
    with tempfile.TemporaryDirectory(prefix="tally-bench-cache-") as cache:
        tally_ask(CSV_100K, COLD_QUESTION, Path(cache))  # the OS file cache warm for every run
    return _median_runs([_cold_round(path, codes) for _ in range(rounds)])


def cold_lines(runs: dict[Path, dict[str, tuple[float, float, str, float]]]) -> list[str]:
    """The cold runs as a markdown table (wall s, CPU s and peak RSS MB columns per checkout), with
    each checkout's ratios to bare DuckDB, by wall time and by CPU time."""
    codes = list(runs)
    first = runs[codes[0]]
    head = " | ".join(f"{c.name}: wall s | {c.name}: CPU s | {c.name}: peak RSS MB" for c in codes)
    lines = [f"| process | {head} | answer |", "|---|" + "---:|---:|---:|" * len(codes) + "---|"]
    for name in first:
        cells = " | ".join(f"{runs[c][name][0]:.2f} | {runs[c][name][3]:.2f} | {runs[c][name][1]:.0f}" for c in codes)
        lines.append(f"| {name} | {cells} | {runs[codes[-1]][name][2][:60]} |")
    lines.append("")
    for code in codes:
        r = runs[code]
        for label, i in (("wall", 0), ("CPU", 3)):
            ratio = {f"{k} {o}": r[f"{k} {o} open"][i] / r[f"{k} bare DuckDB"][i] for k in ("parquet", "csv")
                     for o in ("first", "cached")}
            lines.append(f"- {code.name} ({label}): Parquet first open {ratio['parquet first']:.2f}x, cached open "
                         f"{ratio['parquet cached']:.2f}x a bare DuckDB process; 100k CSV first open "
                         f"{ratio['csv first']:.2f}x, cached open {ratio['csv cached']:.2f}x (target <= 1.5x)")
    return lines


def cold_report(path: Path, codes: list[Path], rounds: int = 1) -> str:
    """The cold runs alone, with the load at the start and at the end."""
    load = os.getloadavg()[0]
    lines = cold_lines(cold_runs(path, codes, rounds))
    return "\n".join([f"Load average at start: {load:.1f}, at the end: {os.getloadavg()[0]:.1f}, on {os.cpu_count()} "
                      f"cores; medians of {rounds} round(s).", "", *lines])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "onepath_results.md")
    parser.add_argument("--cold", action="store_true", help="Only the cold processes (printed, not written).")
    parser.add_argument("--rounds", type=int, default=1, help="Rounds of the cold processes (medians reported).")
    parser.add_argument("--against", type=Path, action="append", default=[],
                        help="Another checkout (a directory holding agent/) whose cold processes run in turn with "
                             "this one's, to compare code in one run.")
    args = parser.parse_args()
    codes = [c.resolve() for c in args.against] + [ROOT]
    path = build_parquet()
    if args.cold:
        print(cold_report(path, codes, args.rounds))
        return 0
    load = os.getloadavg()[0]
    cold = cold_runs(path, codes, args.rounds)
    exact = exact_10m(path)
    warm = warm_100k(args.repeats)
    text = report(load, cold, exact, warm)
    args.out.write_text(text + "\n")
    print(text)
    print(f"peak RSS of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
