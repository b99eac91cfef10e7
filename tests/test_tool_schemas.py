"""Snapshots of every tool's exported schema, so changes to them are deliberate. The snapshots are
tests/snapshots/<tool>.<format>.json; regenerate with TALLY_UPDATE_SNAPSHOTS=1 after a deliberate
change (then review the diff and commit it)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.config import SearchConfig
from agent.table import table_from_text
from agent.tools import ALL_TOOLS
from agent.toolset import Toolset
from tests.helpers import KAGGLE, need

SNAPSHOTS = Path(__file__).parent / "snapshots"
FORMATS = {"openai": lambda tool: tool.openai(), "json-schema": lambda tool: tool.json_schema()}
TOOLSET = Toolset({"t": table_from_text("k,v\na,1\n")}, search=SearchConfig())
TOOLS = [*ALL_TOOLS, "search"]


def check_snapshot(name: str, data: object) -> None:
    """Compare `data` with the snapshot `name`; (re)write it instead when TALLY_UPDATE_SNAPSHOTS=1."""
    path = SNAPSHOTS / f"{name}.json"
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if os.environ.get("TALLY_UPDATE_SNAPSHOTS") == "1":
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no snapshot {path.name}: run with TALLY_UPDATE_SNAPSHOTS=1 and commit it"
    assert json.loads(path.read_text(encoding="utf-8")) == data, (
        f"{name} schema changed; if deliberate, rerun with TALLY_UPDATE_SNAPSHOTS=1 and commit the diff")


@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_schema_matches_snapshot(tool, fmt):
    check_snapshot(f"{tool}.{fmt}", FORMATS[fmt](TOOLSET.tools[tool]))


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_tally_tools_prints_the_snapshotted_definitions(fmt):
    result = CliRunner().invoke(app, ["tools", str(need(KAGGLE)), "--format", fmt])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed == [json.loads((SNAPSHOTS / f"{t}.{fmt}.json").read_text()) for t in TOOLS]


def test_tally_tools_with_two_files_adds_the_table_enum(tmp_path):
    for name in ("a", "b"):
        (tmp_path / f"{name}.csv").write_text("k,v\nx,1\n")
    result = CliRunner().invoke(app, ["tools", str(tmp_path / "a.csv"), str(tmp_path / "b.csv")])
    for definition in json.loads(result.output):
        assert definition["function"]["parameters"]["properties"]["table"]["enum"] == ["a", "b"]


def test_tally_tools_rejects_an_unknown_format():
    result = CliRunner().invoke(app, ["tools", str(need(KAGGLE)), "--format", "yaml"])
    assert result.exit_code == 2 and "unknown format 'yaml'" in result.output
