"""The cold `tally ask` path, made cheaper without changing an answer (issue 16): a process that
asks one question scans a loaded file's typed rows where they are instead of copying them into
DuckDB storage (DuckDBBackend copy_rows=False), and the router's lexicon counts an identifier
column's codes before reading them, so a column of more than ID_VALUES_MAX codes is never read.
Expected values are worked out by hand from the rows written here."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.cli import build_agent
from agent.config import load_config
from agent.engine import duckdb_engine
from agent.plan import Agg, AggregateArgs, Op, Predicate
from agent.router.lexicon import ID_VALUES_MAX, build_lexicon
from agent.router.tokens import tokenize, value_tokens
from agent.table import table_from_text
from tests.helpers import column_type

ROWS = ["b,1", "a ,2", "A,4", ",8", "é,16", "Z,32", "b,64", "Z,128", "b,256"]
CSV = "shop,amount,note\n" + "".join(f"{row},n{i}\n" for i, row in enumerate(ROWS + ROWS))
"""Every row twice; `shop` has spellings that differ only in case and spaces ('a ', 'A')."""


def _kind_of(engine, table) -> str:
    name = engine.schema(table).table
    (kind,), = engine.backend.connection.execute(
        "SELECT table_type FROM information_schema.tables WHERE table_name = ?", [name]).fetchall()
    return kind


def test_one_question_engine_scans_the_rows_file_in_place():
    table = table_from_text(CSV, "t.csv")
    assert not table.frame_loaded and table.rows_parquet is not None  # the case under test: rows in a file
    engine = duckdb_engine(copy_rows=False)
    result = engine.aggregate(table, AggregateArgs(op=Agg.sum, column="amount", where=[
        Predicate(column="shop", op=Op.eq, value="b")]))
    assert result.value == 2 * (1 + 64 + 256)  # by hand: b's rows, twice
    assert _kind_of(engine, table) == "VIEW"  # not copied
    assert column_type(engine, table, "shop") == "VARCHAR"  # nor dictionary-encoded: nothing to gain in one question


@pytest.mark.parametrize("copy_rows", [True, False])
def test_both_engines_give_the_hand_computed_groups(copy_rows):
    table = table_from_text(CSV, "t.csv")
    engine = duckdb_engine(copy_rows=copy_rows)
    result = engine.aggregate(table, AggregateArgs(op=Agg.sum, column="amount", group_by=["shop"]))
    got = [(g.key, g.value) for g in result.groups]
    # by hand, twice each: 'a '+'A' merged under 'A' (2+4), b (1+64+256), Z (32+128), é (16), the blank shop (8);
    # in the label's order, the blank group last
    assert got == [(["A"], 12), (["Z"], 320), (["b"], 642), (["é"], 32), ([None], 16)]
    notes = " ".join(result.provenance.notes)
    assert "counted as 'A'" in notes


def test_tally_ask_builds_a_one_question_engine(tmp_path: Path):
    path = tmp_path / "shops.csv"
    path.write_text(CSV)
    config = load_config(env={})
    assert build_agent(path, config, one_question=True).engine.backend.copy_rows is False
    assert build_agent(path, config).engine.backend.copy_rows is True  # chat, serve, evals: copied once


def _codes_table(distinct: int):
    rows = "".join(f"C{i:05d},{'ab'[i % 2]},{i % 7}\n" for i in range(distinct))
    return table_from_text("order_id,region,amount\n" + rows, "orders.csv")


def test_many_codes_are_counted_never_read():
    table = _codes_table(ID_VALUES_MAX + 1)
    assert table.roles["order_id"].value == "identifier"  # the case under test
    lex = build_lexicon(table, load_config(env={}).router)
    assert "order_id" not in table.__dict__.get("_fact_values", {})  # its codes were never fetched
    assert table.__dict__["_fact_counts"]["order_id"].distinct == ID_VALUES_MAX + 1
    assert ("c00007",) not in lex.phrases  # no code is a value to name, as before


def test_few_codes_are_still_values_to_name():
    table = _codes_table(40)
    lex = build_lexicon(table, load_config(env={}).router)
    assert [m.value for m in lex.phrases[("c00007",)]] == ["C00007"]


@pytest.mark.parametrize("text", ["fraud_Kirlin and Sons", "Italy (ITA)", "O'Reilly's books", "BMI的", "", "S-03 e100"])
def test_value_tokens_are_tokenize(text):
    assert value_tokens(text) == tuple(tokenize(text))


def test_tools_and_mcp_keep_a_copying_engine(tmp_path: Path):
    """`tally tools` / `tally mcp` build their toolset's engine as before (many questions: copied)."""
    import json

    from typer.testing import CliRunner

    from agent.cli import _toolset, app

    path = tmp_path / "shops.csv"
    path.write_text(CSV)
    assert _toolset([path], load_config(env={})).engine.backend.copy_rows is True
    done = CliRunner().invoke(app, ["tools", str(path)])
    assert done.exit_code == 0, done.output
    assert "aggregate" in {t["function"]["name"] for t in json.loads(done.output)}
