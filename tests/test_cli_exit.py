"""`tally ask` ends without the interpreter's teardown (agent/__main__.py) and still ends as the
interpreter would: its whole output written, its exit code, and its exit handlers run (a first
open's temporary rows files, kept in a folder removed at exit, are gone). Checked in fresh
processes; the table and the expected total are written here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROWS = [("North", 12.5), ("South", 7.25), ("North", 30.0), ("East", 1.0)]


@pytest.fixture()
def shop(tmp_path: Path) -> Path:
    path = tmp_path / "shop.csv"
    path.write_text("region,amount\n" + "".join(f"{r},{a}\n" for r, a in ROWS))
    return path


def _ask(path: Path, question: str, tmp: Path) -> subprocess.CompletedProcess:
    scratch = tmp / "scratch"
    scratch.mkdir(exist_ok=True)
    env = {**os.environ, "TALLY_CACHE": str(tmp / "cache"), "TALLY_MODEL": "", "OPENAI_API_KEY": "",
           "TMPDIR": str(scratch)}
    return subprocess.run([sys.executable, "-m", "agent", "ask", str(path), question], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_answer_is_written_whole_and_exit_handlers_ran(shop: Path, tmp_path: Path):
    done = _ask(shop, "What is the total amount for North?", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "42.5" in done.stdout  # by hand: 12.5 + 30.0
    assert done.stdout.rstrip().splitlines()[-1].strip().startswith("answered by:")  # the last line, flushed
    assert not list((tmp_path / "scratch").glob("tally-rows-*"))  # made by the first open, removed by its exit handler


def test_a_refusal_keeps_its_exit_code(shop: Path, tmp_path: Path):
    done = _ask(shop, "What is the colour of the moon?", tmp_path)
    assert done.returncode == 3
    assert "cannot answer" in done.stdout


def test_bad_input_keeps_its_exit_code(tmp_path: Path):
    done = _ask(tmp_path / "missing.csv", "What is the total amount?", tmp_path)
    assert done.returncode == 2
    assert "file not found" in " ".join(done.stderr.split())  # rich wraps the line
