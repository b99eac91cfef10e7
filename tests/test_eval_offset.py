"""`tally eval --every N --offset K` takes cases K, K+N, K+2N, ... of each set: a slice of a big set
(wtq_all) that no earlier `--every N` run looked at, to measure on questions nobody tuned for."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from agent.cli import app
from evals.cases import load_set


def test_offset_starts_the_every_nth_slice_at_k(tmp_path):
    ids = [c.id for c in load_set("demo")]
    result = CliRunner().invoke(app, ["eval", "--set", "demo", "--mode", "router", "--every", "4", "--offset", "2",
                                      "--out", str(tmp_path)], env={"OPENAI_API_KEY": "", "TALLY_MODEL": ""})
    assert result.exit_code == 0, result.output
    (results,) = tmp_path.glob("*/results.json")
    got = [r["id"] for r in json.loads(results.read_text())]
    assert got == [ids[2], ids[6], ids[10], ids[14]] and len(ids) == 18
