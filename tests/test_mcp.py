"""End to end over the real MCP protocol: the official SDK's stdio client spawns
`python -m agent mcp FILE` and talks to it. One session (module fixture) records every exchange;
each test checks one of them. Search is called with a filter no row passes, so the typed
no-rows answer comes back without building an index (the index itself is tested in test_search)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import anyio
import mcp_types as types
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

from agent.config import SearchConfig
from agent.toolset import Toolset
from tests.helpers import KAGGLE, need, sql

ROOT = Path(__file__).resolve().parents[1]
URI = "tally://kaggle_fraud_train_first5039/profile"
GROCERY = {"op": "sum", "column": "amt", "where": [{"column": "category", "op": "=", "value": "grocery_pos"}]}


async def _session(path: Path, errlog, config: Path) -> dict[str, object]:
    server = StdioServerParameters(command=sys.executable, args=["-m", "agent", "mcp", str(path)], cwd=ROOT,
                                   env={**os.environ, "TALLY_CONFIG": str(config)})
    with anyio.fail_after(30):
        return await _exchange(server, errlog)


async def _exchange(server: StdioServerParameters, errlog) -> dict[str, object]:
    seen: dict[str, object] = {}
    async with stdio_client(server, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        seen["init"] = await session.initialize()
        seen["tools"] = await session.list_tools()
        seen["grocery"] = await session.call_tool("aggregate", GROCERY)
        seen["unknown_column"] = await session.call_tool("aggregate", {"op": "sum", "column": "amount"})
        seen["bad_arguments"] = await session.call_tool("ratio", {"where": "is_fraud = 1"})
        seen["unknown_tool"] = await session.call_tool("lookup", {"query": "Jennifer Banks"})
        seen["no_rows_matched"] = await session.call_tool("search", {
            "query": "Jennifer Smithers", "where": [{"column": "last", "op": "=", "value": "Smithers"}]})
        seen["resources"] = await session.list_resources()
        seen["profile"] = await session.read_resource(URI)
        try:
            await session.read_resource("tally://nope/profile")
        except MCPError as exc:
            seen["bad_uri"] = exc
        seen["still_alive"] = await session.call_tool("aggregate", {"op": "count"})
    return seen


@pytest.fixture(scope="module")
def seen(tmp_path_factory) -> dict[str, object]:
    config = tmp_path_factory.mktemp("mcp") / "config.yaml"
    config.write_text(f"search:\n  cache_dir: {config.parent / 'index'}\n  background_index: false\n")
    with tempfile.TemporaryFile("w+") as errlog:
        result = anyio.run(_session, need(KAGGLE), errlog, config)
        errlog.seek(0)
        result["stderr"] = errlog.read()
    return result


def test_lists_the_toolsets_tools_with_the_same_schemas(seen):
    toolset = Toolset.load(KAGGLE, search=SearchConfig())
    listed = {t.name: t for t in seen["tools"].tools}
    assert list(listed) == ["aggregate", "ratio", "describe", "check", "rank", "frequency", "distinct", "statistic",
                            "subset", "expression", "change", "latest", "position", "per_entity", "against",
                            "search"]
    for name, tool in toolset.tools.items():
        assert listed[name].input_schema == tool.parameters and listed[name].description == tool.description
    assert seen["init"].server_info.name == "tally" and "5,039 rows" in seen["init"].instructions


def test_call_aggregate_gives_duckdbs_answer_with_provenance(seen):
    (expected,), = sql("SELECT SUM(amt) FROM t WHERE category = 'grocery_pos'", KAGGLE)
    result: types.CallToolResult = seen["grocery"]
    assert result.is_error is False
    data = result.structured_content
    assert data == json.loads(result.content[0].text)
    assert data["ok"] is True and data["result"]["value"] == pytest.approx(expected)
    provenance = data["result"]["provenance"]
    assert provenance["operation"] == "SUM(amt) WHERE category = 'grocery_pos'" and provenance["rows_scanned"] == 5039
    assert provenance["restatement"] == "Read as: the total amt where category = 'grocery_pos'"


@pytest.mark.parametrize("call, kind", [
    ("unknown_column", "unknown_column"), ("bad_arguments", "bad_arguments"), ("unknown_tool", "unknown_tool"),
    ("no_rows_matched", "no_rows_matched")])
def test_bad_calls_are_tool_errors_not_crashes(seen, call, kind):
    result: types.CallToolResult = seen[call]
    assert result.is_error is True
    error = json.loads(result.content[0].text)["error"]
    assert error["error"] == kind and error["message"]
    if kind == "unknown_column":
        assert "amt" in error["suggestions"]
    if kind == "no_rows_matched":  # near values offered as such, not returned as records
        assert error["condition"] == "last = 'Smithers'" and "Smith" in error["near_values"]["last"]
    assert seen["still_alive"].structured_content["result"]["value"] == 5039
    assert "Traceback" not in seen["stderr"]


def test_profile_is_a_resource(seen):
    resource, = seen["resources"].resources
    assert resource.uri == URI and resource.mime_type == "application/json"
    contents, = seen["profile"].contents
    profile = json.loads(contents.text)
    assert profile["rows"] == 5039 and len(profile["columns"]) == 22
    assert profile == Toolset.load(KAGGLE).profile().model_dump(mode="json")
    assert seen["bad_uri"].code == types.INVALID_PARAMS and URI in seen["bad_uri"].message
