"""The one path (issue 16): every table, whatever its kind or size, is a DuckDB relation under the
typed view decided from a sample, one Table type; no byte switch. Values checked against
DuckDB SQL written here or by hand."""

from __future__ import annotations

import json

import duckdb
import pandas as pd
import pytest

from agent.engine import duckdb_engine
from agent.plan import AggregateArgs, Op, Predicate
from agent.relation import FRAME_ROWS, SAMPLE_ROWS
from agent.sources import open_table
from agent.table import load_table, table_from_frame, table_from_text
from agent.table_type import Table


def test_every_kind_of_table_is_one_type_under_a_typed_view(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    (tmp_path / "a.csv").write_text("k,v\nx,1\ny,2\n")
    (tmp_path / "a.jsonl").write_text("\n".join(json.dumps({"k": k, "v": v}) for k, v in [("x", 1), ("y", 2)]) + "\n")
    duckdb.connect().execute(f"COPY (SELECT * FROM (VALUES ('x', 1), ('y', 2)) t(k, v)) TO '{tmp_path / 'a.parquet'}'")
    book = openpyxl.Workbook()
    for row in [("k", "v"), ("x", 1), ("y", 2)]:
        book.active.append(row)
    book.save(tmp_path / "a.xlsx")
    tables = [open_table(tmp_path / name) for name in ("a.csv", "a.jsonl", "a.parquet", "a.xlsx")]
    tables.append(table_from_frame(pd.DataFrame({"k": ["x", "y"], "v": [1, 2]}), "frame"))
    engine = duckdb_engine()
    for table in tables:
        assert type(table) is Table and table.view_sql is not None, table.name
        assert engine.aggregate(table, AggregateArgs(op="sum", column="v")).value == 3, table.name  # 1 + 2


def test_no_byte_switch_a_small_file_of_many_rows_stays_where_it_lies(tmp_path):
    """300k rows that compress to well under a megabyte: rows, not bytes, decide that the router
    gets a value frame; every answer is still SQL over every row of the file."""
    path = tmp_path / "many.parquet"
    rows = FRAME_ROWS + 50_000
    duckdb.connect().execute(f"COPY (SELECT range % 3 AS g, range % 10 AS v FROM range({rows})) TO '{path}' (FORMAT parquet)")
    assert path.stat().st_size < 5_000_000
    table = open_table(path)
    assert table.lies_in_file and table.rows == rows and len(table.df) < rows
    want = duckdb.connect().execute(f"SELECT SUM(v) FROM '{path}' WHERE g = 1").fetchall()[0][0]
    got = duckdb_engine().aggregate(table, AggregateArgs(op="sum", column="v", where=[Predicate(column="g", op=Op.eq, value=1)]))
    assert got.value == want and got.provenance.rows_scanned == rows


def test_a_table_under_the_row_bound_is_typed_whole_and_kept_in_file_order(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("n,label\n" + "".join(f"{i},{'ab'[i % 2]}\n" for i in range(SAMPLE_ROWS + 10)))
    table = load_table(path)
    assert not table.lies_in_file and table.rows == SAMPLE_ROWS + 10
    assert table.df["n"].tolist() == list(range(SAMPLE_ROWS + 10))  # the file's order, every row


def test_number_columns_are_typed_as_a_csv_reader_types_them():
    table = table_from_text("whole,gap,frac,huge,eu\n1,1,1.5,123456789012345678901,\"6,00\xa0US$\"\n"
                            "2,,2,1,\"1,50\xa0US$\"\n3,3,3,2,\"2,25\xa0US$\"\n")
    df = table.df
    assert str(df["whole"].dtype) == "int64" and df["whole"].tolist() == [1, 2, 3]
    assert str(df["gap"].dtype) == "float64" and df["gap"].isna().tolist() == [False, True, False]
    assert df["frac"].tolist() == [1.5, 2.0, 3.0]
    assert str(df["huge"].dtype) == "float64" and df["huge"].iloc[0] == 123456789012345678901.0  # past BIGINT
    assert df["eu"].tolist() == [6.0, 1.5, 2.25]  # decimal comma, a no-break space before the currency
    assert table.reports["gap"].missing == 1 and table.reports["eu"].unparseable == 0


def test_a_leading_index_column_is_dropped_and_repeated_headers_keep_their_text(tmp_path):
    table = table_from_text(",score,score\n0,1,2\n1,3,4\n2,5,6\n")
    assert list(table.display) == ["score", "score.1"]
    assert table.display["score.1"] == "score.1" and table.df["score.1"].tolist() == [2, 4, 6]
    assert any("2 columns headed 'score'" in note for note in table.reports["score"].conversions)
