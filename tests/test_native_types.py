"""Native column types a Parquet or JSON-lines file brings (agent/typed_view.read_as_text): a
BOOLEAN is read as the 'true'/'false' a CSV would hold, a nested object as its text, so filters,
counts and the profile work on them; every expected value is worked out by hand in the comments."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq

from agent.profile import profile_table
from agent.sources import open_table
from agent.cli import build_agent
from agent.config import load_config

CONFIG = load_config(env={})


def router_agent(path):
    return build_agent(path, CONFIG)


def test_a_parquet_boolean_column_filters_like_a_yes_no_column(tmp_path):
    path = tmp_path / "shipments.parquet"
    pq.write_table(pa.table({"shipment": ["S1", "S2", "S3", "S4"], "fragile": [True, False, True, False],
                             "cost": [10.0, 2.5, 4.0, 1.25]}), path)
    agent = router_agent(path)
    outcome = agent.ask("What is the total cost where fragile is false?")
    assert outcome.status == "answered", outcome.answer
    assert outcome.results[-1].result.value == 3.75  # S2 2.5 + S4 1.25


def test_a_json_lines_nested_object_is_one_text_value_a_cell(tmp_path):
    path = tmp_path / "events.jsonl"
    rows = [{"user": "u1", "event": "login", "meta": {"os": "linux"}}, {"user": "u2", "event": "buy"},
            {"user": "u1", "event": "buy", "meta": {"os": "mac"}}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    table = open_table(path)
    profile = profile_table(table, 20)
    meta = next(c for c in profile.columns if c.name == "meta")
    assert meta.nulls == 1 and meta.distinct == 2  # u2 has none; linux and mac
    outcome = router_agent(path).ask("How many rows have event buy?")
    assert outcome.status == "answered" and outcome.results[-1].result.value == 2, outcome.answer
