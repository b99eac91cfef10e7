"""Every compute tool over the real MCP protocol (`python -m agent mcp`, the official SDK's stdio
client), answers worked out by hand (tests/tool_calls.py). Trial 3 found two failures:
C-2, with two tables the typed query tools failed with `internal_error KeyError: <class
'agent.toolset.RankArgs'>`; C-3, calls made while the background record index was building failed
with "partially initialized module 'pandas' has no attribute 'NaT'" (the build thread was
importing pandas while a call's thread read it half made). Here every tool is called at once right
after initialize, while the build runs, and the build must then finish."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.test_toolset_tables import OTHER
from tests.tool_calls import CALLS, GAMES

ROOT = Path(__file__).resolve().parents[1]
BUILDING = "being built"


async def _calls(files: list[Path], config: Path, errlog, table: str | None) -> dict[str, list[dict]]:
    """Every tool called concurrently right after initialize, and again in rounds while search
    says the index is being built (at most 240 rounds). Each tool's structured results or errors."""
    server = StdioServerParameters(command=sys.executable, args=["-m", "agent", "mcp", *map(str, files)], cwd=ROOT,
                                   env={**os.environ, "TALLY_CONFIG": str(config)})
    out: dict[str, list[dict]] = {name: [] for name in [*CALLS, "search"]}
    extra = {"table": table} if table else {}

    async def call(session: ClientSession, name: str, arguments: dict) -> None:
        result = await session.call_tool(name, {**extra, **arguments})
        out[name].append(result.structured_content or {"text": result.content[0].text})
    with anyio.fail_after(300):
        async with stdio_client(server, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for _ in range(240):
                async with anyio.create_task_group() as group:
                    for name, (arguments, _, _) in CALLS.items():
                        group.start_soon(call, session, name, arguments)
                    group.start_soon(call, session, "search", {"query": "Ash points"})
                if BUILDING not in json.dumps(out["search"][-1]):
                    break
    return out


def _run(tmp_path: Path, tables: dict[str, str], background: bool) -> tuple[dict[str, list[dict]], str]:
    files = []
    for name, text in tables.items():
        (tmp_path / name).write_text(text)
        files.append(tmp_path / name)
    config = tmp_path / "config.yaml"
    config.write_text(f"search:\n  cache_dir: {tmp_path / 'index'}\n  background_index: {str(background).lower()}\n")
    with tempfile.TemporaryFile("w+") as errlog:
        out = anyio.run(_calls, files, config, errlog, "games" if len(files) > 1 else None)
        errlog.seek(0)
        return out, errlog.read()


def _check(out: dict[str, list[dict]]) -> None:
    for name, (_, pick, expected) in CALLS.items():
        for result in out[name]:
            assert result.get("ok") is True, (name, result)
            assert pick(result["result"]) == expected, name


def test_every_tool_answers_with_two_tables(tmp_path):
    out, _ = _run(tmp_path, {"other.csv": OTHER, "games.csv": GAMES}, background=False)
    _check(out)
    assert {result["arguments"]["table"] for name in CALLS for result in out[name]} == {"games"}


def test_calls_made_while_the_index_builds_answer_and_the_build_finishes(tmp_path):
    out, stderr = _run(tmp_path, {"games.csv": GAMES}, background=True)
    assert "Building the record index of games.csv" in stderr  # the calls above raced a real build
    _check(out)
    assert "could not be built" not in stderr and "Traceback" not in stderr, stderr
    assert BUILDING in json.dumps(out["search"][0]), "the build ended before the first calls: nothing raced it"
    assert out["search"][-1].get("ok") is True, out["search"][-1]  # the index, built, ranks the records
