"""A file's first open without pandas (agent/cell_rules.py, agent/typing_sql.py, agent/whole_sql.py)
reaches the decisions the pandas reading reaches: the pandas loader is the oracle here (the same
file opened with the SQL readings switched off), and each table's expected roles, notes and list
columns are also written out by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from agent import cell_rules, relation
from agent.table import load_table
from agent.table_type import ColumnRole


def _by_pandas(path, monkeypatch):
    """The table as the pandas reading types it (the SQL readings switched off)."""
    typings = relation._typings
    with monkeypatch.context() as patch:
        patch.setattr(relation, "_whole_by_sql", lambda *a, **k: None)
        patch.setattr(relation, "_typings", lambda c, h, limit, rows, by_sql: typings(c, h, limit, rows, by_sql=False))
        return load_table(path)


def _same(a, b) -> None:
    assert a.display == b.display and a.roles == b.roles and a.lists == b.lists
    assert {k: vars(v) for k, v in a.reports.items()} == {k: vars(v) for k, v in b.reports.items()}
    assert a.view_sql.sql() == b.view_sql.sql()
    assert list(a.df.dtypes.astype(str)) == list(b.df.dtypes.astype(str)) and a.df.equals(b.df)


@pytest.mark.parametrize("text", ["1", " 1 ", "1.5", ".5", "5.", "+5", "-5", "1e3", "1E-3", "1e", "e3", "inf", "-Infinity",
                                  "iNf", "nan", "1_000", "0x10", "1 000", "1.2.3", "--1", "", ".", "-", "1,5", "9" * 30,
                                  "1e400", "0001", "\t7\t"])
def test_a_cell_reads_as_pandas_to_numeric_reads_it(text):
    expected = pd.to_numeric(pd.Series([text], dtype="str"), errors="coerce").iloc[0]
    got = cell_rules.to_number(text)
    assert (got is None) == bool(pd.isna(expected))
    if got is not None:
        assert got == expected or (math.isinf(got) and got == float(expected))


def _write(path, header: list[str], rows: list[list[str]]) -> None:
    path.write_text("\n".join([",".join(header), *[",".join(r) for r in rows]]) + "\n")


def test_messy_numbers_and_dates_are_typed_as_the_pandas_reading_types_them(tmp_path, monkeypatch):
    path = tmp_path / "messy.csv"
    rows = [[f'"${i * 1250:,}.50"', f"({i}.00)", f"{i}%", f'"{i},5"', f"2024-01-{i % 28 + 1:02d}",
             f"2024-01-{i % 28 + 1:02d}T10:00:00+01:00", f"{i}" if i % 7 else "n/a", f"item {i}"] for i in range(1, 60)]
    _write(path, ["money", "loss", "share", "comma", "day", "stamp", "units", "label"], rows)
    sql = load_table(path)
    assert sql.rows_parquet is not None  # typed without a DataFrame
    _same(sql, _by_pandas(path, monkeypatch))
    assert sql.reports["money"].conversions[0] == "'$1,250.50' read as 1250.5 (currency dropped), 59 cells"
    assert sql.reports["loss"].conversions[0] == "'(1.00)' read as -1 (parentheses = negative), 59 cells"
    assert sql.roles["day"] is ColumnRole.date and sql.roles["stamp"] is ColumnRole.date
    assert float(sql.df["comma"].sum()) == sum(i + 0.5 for i in range(1, 60))


def test_roles_lists_and_missing_integers_match_the_pandas_reading(tmp_path, monkeypatch):
    path = tmp_path / "orders.csv"
    rows = [[str(100 + i), str(i * 37 % 1000), "a long free text note number " + str(i),
             ["red; blue", "green", "blue; green; red", "red"][i % 4], str(i % 6) if i % 5 else "", f"w{i}"] for i in range(30)]
    _write(path, ["order_id", "quantity", "note", "tags", "score", "code"], rows)
    sql = load_table(path)
    assert sql.rows_parquet is not None
    _same(sql, _by_pandas(path, monkeypatch))
    assert sql.roles == {"order_id": ColumnRole.identifier, "quantity": ColumnRole.numeric, "note": ColumnRole.text,
                         "tags": ColumnRole.categorical, "score": ColumnRole.numeric, "code": ColumnRole.identifier}
    assert set(sql.lists) == {"tags"}
    assert str(sql.df["score"].dtype) == "float64" and sql.df["score"].isna().sum() == 6


def test_a_saved_index_is_dropped_and_a_total_row_is_left_to_the_pandas_reading(tmp_path, monkeypatch):
    path = tmp_path / "sales.csv"
    _write(path, ["", "region", "units"], [["0", "North", "2"], ["1", "South", "3"], ["2", "Total", "5"]])
    table = load_table(path)
    assert list(table.display) == ["region", "units"]
    assert [(r.line, r.label) for r in table.summary.rows] == [(4, "Total")] and table.rows == 2
    _same(table, _by_pandas(path, monkeypatch))
    plain = tmp_path / "plain.csv"
    _write(plain, ["", "region", "units"], [["0", "North", "2"], ["1", "South", "3"], ["3", "East", "1"]])
    assert list(load_table(plain).display) == ["region", "units"]  # 0, 1, 3: still increasing
    kept = tmp_path / "kept.csv"
    _write(kept, ["", "region", "units"], [["5", "North", "2"], ["1", "South", "3"], ["3", "East", "1"]])
    assert list(load_table(kept).display) == ["Unnamed: 0", "region", "units"]


def test_a_table_read_where_it_lies_has_the_value_frame_the_pandas_reading_builds(tmp_path, monkeypatch):
    from agent.relation import open_file

    path = tmp_path / "big.csv"
    rows = [[f"c{i % 7}", f"2024-{i % 12 + 1:02d}-01", str(i * 3 % 101), f"note {i}"] for i in range(6000)]
    _write(path, ["city", "day", "units", "note"], rows)
    sql = open_file(path, frame_rows=100, cache=False)
    typings = relation._typings
    with monkeypatch.context() as patch:
        patch.setattr(relation, "_in_place_by_sql", lambda *a, **k: None)
        patch.setattr(relation, "_typings", lambda c, h, limit, n, by_sql: typings(c, h, limit, n, by_sql=False))
        frame = open_file(path, frame_rows=100, cache=False)
    assert sql.rows_parquet is not None and sql.lies_in_file and sql.row_count == 6000
    assert sql.roles == frame.roles and sql.lists == frame.lists
    assert list(sql.df.dtypes.astype(str)) == list(frame.df.dtypes.astype(str))
    assert sorted(map(str, sql.df.itertuples(index=False))) == sorted(map(str, frame.df.itertuples(index=False)))
    counts = sql.__dict__["_spelling_counts"]["city"]
    assert sorted(counts) == sorted((f"c{k}", f"c{k}", sum(1 for i in range(6000) if i % 7 == k)) for k in range(7))
    assert len(sql.df) == 5000 + 7 + 12  # the sampled rows, then each city and each month once


def test_opening_tables_in_turn_leaves_no_file_open(tmp_path):
    import os

    path = tmp_path / "small.csv"
    _write(path, ["city", "units"], [["a", "1"], ["b", "2"], ["a", "3"]])
    before = len(os.listdir("/proc/self/fd"))
    tables = [load_table(path) for _ in range(20)]
    assert all(t.rows_parquet is not None for t in tables)
    assert len(os.listdir("/proc/self/fd")) <= before + 2
