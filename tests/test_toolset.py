"""The Python toolset: Tally's tools for other agents. The demo's computation questions, written as
plans by hand, give DuckDB's answers; several tables add a validated `table` argument; bad input
comes back as typed failures a calling agent can correct itself from."""

from __future__ import annotations

import json

import pytest

from agent.table import table_from_text
from agent.tools import ToolFailure, ToolSuccess
from agent.toolset import Toolset, table_names
from tests.helpers import KAGGLE, need, sql

CATEGORY_POS = {"column": "category", "op": "=", "value": "grocery_pos"}


@pytest.fixture(scope="module")
def kaggle() -> Toolset:
    return Toolset.load(need(KAGGLE))


def ok(outcome) -> dict:
    assert isinstance(outcome, ToolSuccess), outcome
    return outcome.result.model_dump(mode="json")


def test_exposes_the_compute_tools_with_derived_schemas(kaggle):
    assert list(kaggle.tools) == ["aggregate", "ratio", "describe", "check", "rank", "frequency", "distinct",
                                  "statistic", "subset", "expression", "change", "latest", "position", "per_entity",
                                  "against"]
    aggregate = kaggle.tools["aggregate"]
    assert aggregate.parameters == aggregate.args.model_json_schema()
    assert "table" not in aggregate.parameters["properties"]
    assert aggregate.openai()["function"]["strict"] is True
    assert aggregate.json_schema()["title"] == "aggregate" and aggregate.json_schema()["$schema"].endswith("schema")


def test_group_totals_match_duckdb(kaggle):
    result = ok(kaggle.call("aggregate", {"op": "sum", "column": "amt", "group_by": ["category"]}))
    expected = dict(sql("SELECT category, SUM(amt) FROM t GROUP BY category", KAGGLE))
    assert {g["key"][0]: g["value"] for g in result["groups"]} == pytest.approx(expected)
    assert result["provenance"]["rows_scanned"] == 5039 and len(result["provenance"]["sha256"]) == 64


@pytest.mark.parametrize("plan, query", [
    ({"op": "mean", "column": "amt", "group_by": ["category"], "order": "desc", "limit": 1},
     "SELECT category, AVG(amt) v FROM t GROUP BY category ORDER BY v DESC LIMIT 1"),
    ({"op": "sum", "column": "amt", "group_by": ["state"], "order": "asc", "limit": 1},
     "SELECT state, SUM(amt) v FROM t GROUP BY state ORDER BY v ASC LIMIT 1"),
])
def test_top_and_bottom_groups_match_duckdb(kaggle, plan, query):
    (key, value), = sql(query, KAGGLE)
    group, = ok(kaggle.tools["aggregate"].call(plan))["groups"]
    assert group["key"] == [key] and group["value"] == pytest.approx(value)


@pytest.mark.parametrize("plan, query", [
    ({"op": "sum", "column": "amt", "where": [CATEGORY_POS]}, "SELECT SUM(amt) FROM t WHERE category = 'grocery_pos'"),
    ({"op": "count", "where": [{"column": "gender", "op": "=", "value": "F"}]}, "SELECT COUNT(*) FROM t WHERE gender = 'F'"),
    ({"op": "sum", "column": "amt", "where": [{"column": "amt", "op": ">", "value": 500}]},
     "SELECT SUM(amt) FROM t WHERE amt > 500"),
])
def test_single_values_match_duckdb(kaggle, plan, query):
    (expected,), = sql(query, KAGGLE)
    assert ok(kaggle.call("aggregate", json.dumps(plan)))["value"] == pytest.approx(expected)


def test_fraud_percentage_matches_duckdb(kaggle):
    (expected,), = sql("SELECT 100.0 * SUM(is_fraud) / COUNT(*) FROM t", KAGGLE)
    result = ok(kaggle.call("ratio", {"where": [{"column": "is_fraud", "op": "=", "value": 1}]}))
    assert result["percent"] == pytest.approx(expected)
    assert result["provenance"]["operation"]


@pytest.mark.parametrize("name, arguments, kind", [
    ("aggregate", {"op": "sum", "column": "amount"}, "unknown_column"),
    ("aggregate", {"op": "sum", "column": "amt", "where": [{**CATEGORY_POS, "value": "groceries"}]}, "no_rows_matched"),
    ("aggregate", {"op": "sum", "column": "amt", "where": [{"column": "amt", "op": "between", "value": 1}]}, "bad_predicate"),
    ("aggregate", {"op": "average", "column": "amt"}, "bad_arguments"),
    ("ratio", "{not json", "bad_arguments"),
    ("sql", {}, "unknown_tool"),
])
def test_bad_calls_are_typed_failures(kaggle, name, arguments, kind):
    failure = kaggle.call(name, arguments)
    assert isinstance(failure, ToolFailure) and failure.error["error"] == kind, failure
    assert failure.message


def test_unknown_column_suggests_and_no_rows_names_near_values(kaggle):
    unknown = kaggle.call("aggregate", {"op": "sum", "column": "amount"})
    assert unknown.error["column"] == "amount" and "amt" in unknown.error["suggestions"]
    none = kaggle.call("aggregate", {"op": "count", "where": [{**CATEGORY_POS, "value": "grocery_po"}]})
    assert "grocery_pos" in none.error["near_values"]["category"]


def test_several_tables_require_and_validate_table():
    toolset = Toolset({"a": table_from_text("k,v\nx,1\ny,2\n", "a.csv"),
                       "b": table_from_text("k,v\nx,10\n", "b.csv")})
    schema = toolset.tools["aggregate"].parameters
    assert schema["properties"]["table"]["enum"] == ["a", "b"] and "table" in schema["required"]
    assert schema["title"] == "AggregateArgs"
    function = toolset.tools["ratio"].openai()["function"]
    assert function["parameters"]["properties"]["table"]["enum"] == ["a", "b"]
    assert ok(toolset.call("aggregate", {"op": "sum", "column": "v", "table": "b"}))["value"] == 10
    assert ok(toolset.call("aggregate", {"op": "sum", "column": "v", "table": "a"}))["value"] == 3
    for arguments in ({"op": "sum", "column": "v"}, {"op": "sum", "column": "v", "table": "c"}):
        failure = toolset.call("aggregate", arguments)
        assert failure.error["error"] == "bad_arguments" and "table" in failure.message
    assert toolset.profile("b").rows == 1
    with pytest.raises(ValueError, match="Tables: a, b"):
        toolset.profile()


def test_table_names_are_stems_deduplicated(tmp_path):
    assert table_names([tmp_path / "x.csv", tmp_path / "y" / "x.csv", tmp_path / "x.parquet"]) == ["x", "x_2", "x_3"]
    with pytest.raises(ValueError):
        Toolset.load()


def test_profile_of_the_only_table(kaggle):
    profile = kaggle.profile()
    assert profile.rows == 5039 and profile == kaggle.profile("kaggle_fraud_train_first5039")
