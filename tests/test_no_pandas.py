"""`tally ask` on a cached CSV answers without importing pandas (issue 16: pandas leaves the
no-model path): the table's typed rows come back from the table cache's Parquet file into DuckDB,
and the router reads them by SQL (agent/table_rows.py). Checked in a fresh process with
`python -X importtime`, which names every module imported. A first open (an empty cache, or a
file too small to be cached) is typed without pandas too. What still imports pandas is marked."""

from __future__ import annotations

import csv
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from agent.relation import CACHE_BYTES

ROOT = Path(__file__).resolve().parents[1]
CATEGORIES = ["grocery_pos", "gas_transport", "home", "shopping_net"]
STATES = ["TX", "NY", "CA"]


@pytest.fixture(scope="module")
def big_csv(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, float]]:
    """A CSV past CACHE_BYTES (so its open is cached), with the total amt per category computed here."""
    path = tmp_path_factory.mktemp("nopandas") / "spend.csv"
    totals: dict[str, float] = {c: 0.0 for c in CATEGORIES}
    with path.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["trans_num", "category", "state", "amt", "note"])
        i = 0
        while file.tell() < CACHE_BYTES + 1024:
            category = CATEGORIES[i % 4]
            cents = (i * 37) % 10_000
            writer.writerow([f"t{i:07d}", category, STATES[i % 3], f"{cents // 100}.{cents % 100:02d}",
                             "a purchase noted by the shop with a long free text line"])
            totals[category] += cents
            i += 1
    return path, {c: round(v / 100, 2) for c, v in totals.items()}


def _ask(path: Path, question: str, cache: Path) -> tuple[str, str]:
    """(stdout, the names of the modules imported) of `tally ask` in a fresh process."""
    env = {**os.environ, "TALLY_CACHE": str(cache), "TALLY_MODEL": "", "OPENAI_API_KEY": ""}
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "agent", "ask", str(path), question],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    modules = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    return done.stdout, " ".join(modules)


@pytest.fixture(scope="module")
def cache(big_csv, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A table cache holding the CSV's open (made by a first `tally ask`)."""
    folder = tmp_path_factory.mktemp("cache")
    _ask(big_csv[0], "How many rows are there?", folder)
    return folder


def _imported(modules: str, name: str) -> bool:
    return name in modules.split()


def _numbers(out: str) -> set[float]:
    """Every number the answer states (1,234.5 -> 1234.5)."""
    return {float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*\.?\d*", out)}


def test_cached_ask_answers_without_pandas(big_csv, cache):
    path, totals = big_csv
    out, modules = _ask(path, "What is the total amount spent on grocery_pos?", cache)
    assert totals["grocery_pos"] in _numbers(out)
    assert not any(_imported(modules, name) for name in ("pandas", "pyarrow", "numpy"))


def test_cached_group_by_answers_without_pandas(big_csv, cache):
    path, totals = big_csv
    out, modules = _ask(path, "What is the total spend by category?", cache)
    assert set(totals.values()) <= _numbers(out)
    assert not _imported(modules, "pandas")


def test_a_first_open_answers_without_pandas(big_csv, tmp_path):
    """An empty table cache: the typing is decided by SQL and plain Python over DuckDB's cells
    (agent/typing_sql.py, agent/cell_rules.py), roles and list columns by SQL, and the typed rows
    written to Parquet by DuckDB (agent/whole_sql.py)."""
    out, modules = _ask(big_csv[0], "What is the total amount spent on grocery_pos?", tmp_path)
    assert big_csv[1]["grocery_pos"] in _numbers(out)
    assert not any(_imported(modules, name) for name in ("pandas", "pyarrow", "numpy"))


def test_a_small_csv_answers_without_pandas(tmp_path):
    """A file under CACHE_BYTES (never cached: every ask is a first open) with money written
    '$1,234.50', ISO dates and a saved index column: read without pandas."""
    path = tmp_path / "orders.csv"
    rows = [(i, f"2024-03-{i % 28 + 1:02d}", CATEGORIES[i % 4], (i * 1234) % 100_000) for i in range(40)]
    with path.open("w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["", "day", "category", "amount"])
        writer.writerows([i, day, category, f"${cents // 100:,}.{cents % 100:02d}"] for i, day, category, cents in rows)
    total = sum(cents for _, _, category, cents in rows if category == "home") / 100
    out, modules = _ask(path, "What is the total amount for home?", tmp_path / "cache")
    assert round(total, 2) in _numbers(out)
    assert not any(_imported(modules, name) for name in ("pandas", "pyarrow", "numpy"))


def test_a_lookup_still_imports_pandas(big_csv, cache):
    """What remains: record lookups read the rows as a DataFrame (agent/router/lookup.py, the
    search tool), as do position, file-order and between readings (agent/router/*.py)."""
    out, modules = _ask(big_csv[0], "Show me a transaction from TX", cache)
    assert "TX" in out
    assert _imported(modules, "pandas")
