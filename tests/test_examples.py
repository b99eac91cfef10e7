"""The README's example script runs: the same exact answers through the Python toolset and MCP."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers import KAGGLE, need, sql

ROOT = Path(__file__).resolve().parents[1]


def test_drive_tools_gets_equal_answers_both_ways():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "drive_tools.py"), str(need(KAGGLE))],
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={"PATH": "", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "7/7 answers equal" in done.stdout and "DIFF" not in done.stdout
    (expected,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos'", KAGGLE)
    assert f"mcp:     {round(expected, 2)}" in done.stdout
