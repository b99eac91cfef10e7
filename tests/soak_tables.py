"""A soak of one process over many small tables, the way `tally serve` (uploads, a session per
table, a question each) and `tally mcp`/the toolset (a Toolset per table, a tool call each) open
table after table. Each table's expected answer is worked out from the rows written; the peak RSS
(VmHWM) and the RSS after each table come from /proc/self/status.

Used by tests/test_soak.py (a few dozen tables) and bench/soak.py (300, for the README figure)."""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REGIONS = ["North", "South", "East", "West", "Central"]


@dataclass
class SoakReport:
    """RSS in MB after each table (`rss`), the process's peak (`peak`), and answers that were
    wrong (table index, got, expected)."""

    rss: list[float] = field(default_factory=list)
    peak: float = 0.0
    wrong: list[tuple[int, object, object]] = field(default_factory=list)


def rss_mb(field_name: str = "VmRSS") -> float:
    """This process's VmRSS (or VmHWM, the peak) in MB, from /proc/self/status."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field_name + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def write_table(folder: Path, i: int, rows: int = 60) -> tuple[Path, float]:
    """Table i: a small CSV with its own header words (so no cache is shared by accident);
    returns its path and the total of its measure column, computed here from the rows written."""
    rng = random.Random(i)
    measure = f"amount_{i}"
    lines = [f"region,item_{i},{measure},day"]
    total = 0.0
    for r in range(rows):
        value = rng.randint(1, 10_000) / 100
        total += value
        lines.append(f"{rng.choice(REGIONS)},thing {i}-{r % 17},{value:.2f},2024-01-{1 + r % 28:02d}")
    path = folder / f"table_{i:03d}.csv"
    path.write_text("\n".join(lines) + "\n")
    return path, round(total, 2)


def soak_toolset(folder: Path, count: int, on_table: Callable[[int], None] = lambda i: None) -> SoakReport:
    """`count` tables in turn through Toolset.load + one aggregate call each (the MCP server's way)."""
    from agent.toolset import Toolset

    report = SoakReport()
    for i in range(count):
        path, expected = write_table(folder, i)
        tools = Toolset.load(path)
        outcome = tools.call("aggregate", {"op": "sum", "column": f"amount_{i}"})
        got = outcome.result.value if outcome.ok else outcome.error
        if not outcome.ok or abs(float(got) - expected) > 1e-6:
            report.wrong.append((i, got, expected))
        del tools, outcome
        _settle(report, i, on_table)
    return report


def soak_serve(folder: Path, count: int, on_table: Callable[[int], None] = lambda i: None,
               **web: object) -> SoakReport:
    """`count` tables in turn through a `tally serve` app (in-process test client): upload, start a
    session, ask 'What is the total amount_i?', read the streamed answer. `web` overrides the web
    config (loaded_tables, live_sessions)."""
    from fastapi.testclient import TestClient

    from tests.web_server import make_app, web_config

    token = {"X-Tally-Token": "soak"}
    api = TestClient(make_app(web_config(folder / "serve", **web), [], token="soak"), base_url="http://127.0.0.1")
    report = SoakReport()
    for i in range(count):
        path, expected = write_table(folder, i)
        table = api.post("/api/tables", files={"file": (path.name, path.read_bytes())}, headers=token).json()
        session = api.post("/api/sessions", json={"table": table["id"]}, headers=token).json()["id"]
        response = api.post(f"/api/sessions/{session}/ask", json={"question": f"What is the total amount_{i}?"},
                            headers=token)
        view = json.loads(response.text.splitlines()[-1])["view"]
        if not _states(view["answer"], expected):
            report.wrong.append((i, view["answer"], expected))
        _settle(report, i, on_table)
    return report


def live_agents() -> int:
    """Agents (agent.loop.Agent) alive in this process now, after a collection."""
    from agent.loop import Agent

    return live(Agent)


def live(kind: type) -> int:
    """Instances of `kind` alive in this process now, after a collection."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, kind))


def _settle(report: SoakReport, i: int, on_table: Callable[[int], None]) -> None:
    gc.collect()
    report.rss.append(rss_mb())
    report.peak = rss_mb("VmHWM")
    on_table(i)


def _states(answer: str, expected: float) -> bool:
    """True when the answer text holds `expected` (as 1,234.5 or 1,234.50)."""
    import re

    return any(abs(float(n.replace(",", "")) - expected) < 1e-6 for n in re.findall(r"\d[\d,]*\.?\d*", answer))
