"""Tool definitions are derived from the plan types (OpenAI strict mode), and call_tool turns
every kind of bad input into a typed ToolFailure instead of raising."""

from __future__ import annotations

import pytest

from agent.engine import duckdb_engine
from agent.plan import Agg, Op
from agent.table import table_from_text
from agent.tools import COMPUTE_TOOLS, ToolFailure, ToolSuccess, call_tool


def walk(schema):
    yield schema
    for value in schema.values() if isinstance(schema, dict) else schema if isinstance(schema, list) else []:
        if isinstance(value, (dict, list)):
            yield from walk(value)


@pytest.mark.parametrize("name", sorted(COMPUTE_TOOLS))
def test_schemas_are_strict_and_derived(name):
    definition = COMPUTE_TOOLS[name].definition()
    function = definition["function"]
    assert definition["type"] == "function" and function["name"] == name and function["strict"] is True
    for node in walk(function["parameters"]):
        if isinstance(node, dict) and node.get("type") == "object":
            assert node["additionalProperties"] is False
            assert set(node["required"]) == set(node["properties"])
        assert "default" not in node if isinstance(node, dict) else True


def test_operations_are_whitelisted_enums_from_the_types():
    parameters = COMPUTE_TOOLS["aggregate"].definition()["function"]["parameters"]
    assert parameters["$defs"]["Agg"]["enum"] == [a.value for a in Agg]
    assert parameters["$defs"]["Op"]["enum"] == [o.value for o in Op]
    assert parameters["properties"]["group_by"]["description"] == "Columns to group by; empty for one value over all matching rows."


TABLE = table_from_text("k,v\na,1\nb,2\n")


@pytest.mark.parametrize("name, arguments, kind", [
    ("exec", "{}", "unknown_tool"),
    ("aggregate", "{not json", "bad_arguments"),
    ("aggregate", '{"op": "__import__", "column": "v"}', "bad_arguments"),
    ("aggregate", '{"op": "sum", "column": "v", "where": [{"column": "k", "op": "LIKE", "value": "a"}]}', "bad_arguments"),
    ("aggregate", '{"op": "sum", "column": "v", "extra": 1}', "bad_arguments"),
    ("aggregate", '{"op": "sum", "column": "w"}', "unknown_column"),
    ("aggregate", '{"op": "sum", "column": "k"}', "wrong_type"),
    ("aggregate", '{"op": "sum", "column": "v", "where": [{"column": "k", "op": "=", "value": "zz"}]}', "no_rows_matched"),
    ("ratio", '{"where": [{"column": "v", "op": "between", "value": 1}]}', "bad_predicate"),
])
def test_bad_calls_become_typed_failures(name, arguments, kind):
    outcome = call_tool(COMPUTE_TOOLS, name, arguments, engine=duckdb_engine(), table=TABLE)
    assert isinstance(outcome, ToolFailure) and outcome.error["error"] == kind


def test_a_good_call_returns_the_typed_result():
    outcome = call_tool(COMPUTE_TOOLS, "aggregate", {"op": "sum", "column": "v"}, engine=duckdb_engine(), table=TABLE)
    assert isinstance(outcome, ToolSuccess) and outcome.result.value == 3
