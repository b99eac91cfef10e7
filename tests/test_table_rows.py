"""The SQL facts the router reads about a table's typed rows (agent/table_rows.py), checked against
values worked out by hand on a small table: a CSV loaded whole, and the same rows as Parquet read
back from the table cache without their DataFrame."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from agent import relation, table_cache, table_rows
from agent.table import load_table

CSV = """name,kind,price,flag,notes
Ann,a,1.50,1,one
Bob,b,2.00,0,"two
lines
here"
Ann,a,,1,
Cy,b,0.25,0,three
"""


def _parquet(path: Path) -> Path:
    """The same rows as CSV, written as a Parquet file by DuckDB."""
    rows = "('Ann', 'a', 1.50, 1, 'one'), ('Bob', 'b', 2.00, 0, 'two' || chr(10) || 'lines' || chr(10) || 'here'), " \
           "('Ann', 'a', NULL, 1, NULL), ('Cy', 'b', 0.25, 0, 'three')"
    duckdb.execute(f"COPY (SELECT * FROM (VALUES {rows}) AS t(name, kind, price, flag, notes)) TO '{path}' (FORMAT PARQUET)")
    return path


@pytest.fixture(params=["whole", "cached"])
def table(request, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "t.csv"
    path.write_text(CSV)
    if request.param == "whole":
        return load_table(path)
    path = _parquet(tmp_path / "t.parquet")
    monkeypatch.setattr(table_cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(relation, "CACHE_BYTES", 0)
    load_table(path)
    cached = load_table(path)
    assert not cached.frame_loaded and cached.rows_parquet is not None
    return cached


def test_values_in_first_appearance_order_with_counts(table):
    assert table_rows.values(table, "name") == [("Ann", 2), ("Bob", 1), ("Cy", 1)]
    assert table_rows.distinct(table, "kind") == ["a", "b"]


def test_counts_and_uniqueness(table):
    counts = table_rows.counts(table, "price")
    assert (counts.present, counts.distinct, counts.rows) == (3, 3, 4)
    assert counts.unique  # one missing cell counts as one value, as pandas' is_unique does
    assert not table_rows.counts(table, "name").unique
    assert table.rows == 4 and table.columns == ["name", "kind", "price", "flag", "notes"]


def test_numbers_and_cents(table):
    price = table_rows.numbers(table, "price")
    assert (price.low, price.high, price.whole, price.zero_one, price.has_one) == (0.25, 2.0, False, False, False)
    flag = table_rows.numbers(table, "flag")
    assert (flag.low, flag.high, flag.whole, flag.zero_one, flag.has_one) == (0, 1, True, True, True)
    assert table_rows.cents(table, "price") and not table_rows.cents(table, "flag")
    assert table_rows.has_number(table, "price", 0.25) and not table_rows.has_number(table, "price", 3.0)
    assert table_rows.is_numeric(table, "price") and not table_rows.is_numeric(table, "name")


def test_one_scan_answers_numbers_and_cents_for_every_column_asked_alike(tmp_path: Path):
    """The lexicon asks `numbers` of each numeric column and the engine `cents` of each floating one:
    the first ask fills the others too, in one query, with what each would have read alone."""
    path = tmp_path / "m.csv"
    path.write_text("item,price,qty,rate\nx,1.25,3,0.5\ny,2.00,4,1.5\nz,0.10,5,2.25\n")
    table = load_table(path)
    queries = []
    rows = table_rows._rows
    table_rows._rows = lambda t, build: queries.append(1) or rows(t, build)
    try:
        price = table_rows.numbers(table, "price")
        assert len(queries) == 1 and set(table.__dict__["_fact_numbers"]) == {"price", "qty", "rate"}
        qty, rate = table_rows.numbers(table, "qty"), table_rows.numbers(table, "rate")
        assert len(queries) == 1
        assert table_rows.cents(table, "rate")  # 0.5, 1.5, 2.25: whole cents, some not whole units
        assert len(queries) == 2 and set(table.__dict__["_fact_cents"]) == {"price", "rate"}  # qty: BIGINT, never money
        assert table_rows.cents(table, "price") and not table_rows.cents(table, "qty") and len(queries) == 2
    finally:
        table_rows._rows = rows
    assert (price.low, price.high, price.whole) == (0.10, 2.0, False)
    assert (qty.low, qty.high, qty.whole, qty.zero_one) == (3, 5, True, False)
    assert (rate.low, rate.high, rate.has_one) == (0.5, 2.25, False)


def test_cells_and_line_breaks(table):
    assert table_rows.row_cells(table, [0, 3]) == {
        0: {"name": "Ann", "kind": "a", "price": 1.5, "flag": 1, "notes": "one"},
        3: {"name": "Cy", "kind": "b", "price": 0.25, "flag": 0, "notes": "three"}}
    assert table_rows.many_lines(table, "notes") == (3, 1)
    assert table_rows.many_lines(table, "price") == (0, 0)


def test_the_cached_frame_is_the_loaded_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = _parquet(tmp_path / "t.parquet")
    monkeypatch.setattr(table_cache, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(relation, "CACHE_BYTES", 0)
    first = load_table(path)
    again = load_table(path)
    assert again.df.equals(first.df) and list(again.df.dtypes) == list(first.df.dtypes)
