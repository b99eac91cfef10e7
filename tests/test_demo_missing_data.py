"""`make demo` on a checkout that does not sit beside ../shared (trial 5: a Python traceback from
agent/demo.py): a missing data file ends the demo with exit 2 and one message naming the file
and how to point the demo at the data, no traceback."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers import shown


def test_a_missing_data_file_is_named_without_a_traceback(tmp_path):
    missing = tmp_path / "sparkov_2019_100k.csv"
    run = subprocess.run([sys.executable, "-m", "agent.demo", str(missing)], capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}, timeout=120)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr + run.stdout
    assert shown(f"{missing}: file not found", run.stderr) and shown("make demo DATA=", run.stderr)
