"""A bounded load test of `tally serve` on loopback: N concurrent sessions (default 20) each ask
the demo's seven computation questions, then a follow-up that only that session can answer right
("What is the total amount spent on grocery_pos?" then "and for <its own state>?"), over HTTP
against a real server process. Reports p50/p95 latency (request to answer; request to first
step), errors, and whether any answer crossed sessions: every demo answer must equal the one a
lone session got first, every follow-up must match DuckDB over the raw CSV for that session's
state. The record lookups of the demo are left out: the first one builds the search index
(minutes on 2 cores), which would measure the index, not the server.

Usage: python bench/web_load.py FILE.csv [--sessions 20] [--out bench/web_results.md]
Bounded: sessions x 9 requests, each with a 120 s timeout, and the whole run stops after 600 s."""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path

import duckdb
import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from agent.value_format import fmt  # noqa: E402
from agent.demo import QUESTIONS  # noqa: E402

DEMO = [q for q in QUESTIONS if not q.startswith(("Find", "Show me"))]
GROCERY = "What is the total amount spent on grocery_pos?"


def start_server(csv: Path, folder: Path) -> tuple[subprocess.Popen, str]:
    """`tally serve csv --port 0` with sessions and uploads under `folder`; (process, base URL)."""
    overlay = folder / "config.yaml"
    overlay.write_text(f"output: {{transcript_dir: {folder / 'sessions'}}}\nweb: {{upload_dir: {folder / 'uploads'}}}\n")
    env = {"PATH": "/usr/bin:/bin", "TALLY_CONFIG": str(overlay), "OPENAI_API_KEY": "", "TALLY_MODEL": ""}
    process = subprocess.Popen([sys.executable, "-m", "agent", "serve", str(csv), "--port", "0"], env=env,
                               stdout=subprocess.PIPE, stderr=sys.stderr, text=True)
    line = process.stdout.readline()
    found = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
    if not found:
        process.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return process, found.group(1)


def token_of(base: str) -> str:
    """The token a browser gets inside the page."""
    page = httpx.get(base + "/", timeout=30).text
    return re.search(r'name="tally-token" content="([^"]+)"', page).group(1)


def ask(client: httpx.Client, session: str, question: str) -> tuple[dict, float, float]:
    """(view, seconds to the answer, seconds to the first step line)."""
    started = time.perf_counter()
    first = None
    with client.stream("POST", f"/api/sessions/{session}/ask", json={"question": question}) as response:
        response.raise_for_status()
        for line in response.iter_lines():
            if not line:
                continue
            first = first or time.perf_counter() - started
            event = json.loads(line)
            if event["type"] == "answer":
                return event["view"], time.perf_counter() - started, first
    raise RuntimeError(f"no answer line for {question!r}")


def run_session(base: str, token: str, state: str, reference: dict[str, str], expected: str,
                latencies: list[float], firsts: list[float], problems: list[str]) -> None:
    """One session: the demo questions in the lone session's order (a conversation carries its last
    plan, so the same order must give the same answers), then the session's own follow-up."""
    with httpx.Client(base_url=base, headers={"X-Tally-Token": token}, timeout=120) as client:
        session = client.post("/api/sessions", json={"table": "f0"}).json()["id"]
        for question in DEMO + [GROCERY, f"and for {state}?"]:
            try:
                view, seconds, first = ask(client, session, question)
            except Exception as exc:  # counted and reported, the run goes on
                problems.append(f"{state}: {question!r}: {type(exc).__name__}: {exc}")
                continue
            latencies.append(seconds)
            firsts.append(first)
            want = expected if question.startswith("and for") else reference[question]
            if view["question"] != question or view["answer"] != want:
                problems.append(f"{state}: {question!r} got {view['answer']!r}, expected {want!r}")


def transcript_problems(folder: Path, states: list[str]) -> list[str]:
    """Each session's JSONL transcript must hold exactly its own questions, in order."""
    found = {}
    for path in folder.glob("*.jsonl"):
        questions = [json.loads(line).get("question") for line in path.read_text().splitlines()][1:]
        found[questions[-1]] = questions
    problems = []
    for state in states:
        want = DEMO + [GROCERY, f"and for {state}?"]
        if found.get(want[-1]) != want:
            problems.append(f"{state}: transcript holds {found.get(want[-1])!r}")
    return problems


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--out", type=Path, default=Path("bench/web_results.md"))
    args = parser.parse_args()
    con = duckdb.connect()
    con.execute(f"CREATE VIEW t AS SELECT * FROM read_csv_auto('{args.csv}', header=true)")
    states = con.execute("SELECT state, SUM(amt) FROM t WHERE category = 'grocery_pos' GROUP BY state "
                         f"ORDER BY COUNT(*) DESC, state LIMIT {args.sessions}").fetchall()
    with tempfile.TemporaryDirectory(prefix="tally-web-load-") as folder:
        process, base = start_server(args.csv, Path(folder))
        try:
            token = token_of(base)
            with httpx.Client(base_url=base, headers={"X-Tally-Token": token}, timeout=120) as lone:
                warm = lone.post("/api/sessions", json={"table": "f0"}).json()["id"]
                reference = {q: ask(lone, warm, q)[0]["answer"] for q in DEMO}
            latencies, firsts, problems = [], [], []
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=len(states)) as pool:
                futures = [pool.submit(run_session, base, token, state, reference, f"The total amt is {fmt(total)}.",
                                       latencies, firsts, problems) for state, total in states]
                done, pending = wait(futures, timeout=600)
            wall = time.perf_counter() - started
            problems += ["session still running after 600 s" for _ in pending]
            problems += transcript_problems(Path(folder) / "sessions", [state for state, _ in states])
        finally:
            process.terminate()
            process.wait(10)
    requests = len(states) * (len(DEMO) + 2)
    ms = lambda s: f"{s * 1000:,.0f} ms"  # noqa: E731
    report = "\n".join([
        f"# `tally serve` under load (bench/web_load.py, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})", "",
        f"{len(states)} concurrent sessions over {args.csv.name}, each asking the {len(DEMO)} demo computation questions "
        f"and a follow-up for its own state, over HTTP on loopback against one `tally serve` process (router only, "
        f"no model); shared 2-core machine, client and server on the same cores.", "",
        "| measure | value |", "|---|---|",
        f"| requests answered / sent | {len(latencies)} / {requests} |",
        f"| errors and wrong or crossed answers | {len(problems)} |",
        f"| latency to the answer, p50 / p95 / max | {ms(statistics.median(latencies))} / {ms(percentile(latencies, .95))} / {ms(max(latencies))} |",
        f"| latency to the first step, p50 / p95 | {ms(statistics.median(firsts))} / {ms(percentile(firsts, .95))} |",
        f"| wall time, throughput | {wall:.1f} s, {len(latencies) / wall:.1f} answers/s |", "",
        *(f"- {p}" for p in problems[:20])]) + "\n"
    args.out.write_text(report)
    print(report)
    return 1 if problems or len(latencies) < requests else 0


if __name__ == "__main__":
    sys.exit(main())
