"""A big Parquet file's first open (agent/value_frame_sql.py, agent/parse_reports.py): a date column
stored with a dictionary in every row group has its months taken from its distinct values, one
stored plainly by truncating each row, and both give the months written out here by hand; a
table read where it lies computes its parse reports in one scan on first use."""

from __future__ import annotations

from datetime import datetime, timedelta

import duckdb
from sqlglot import exp

from agent import parse_reports, scratch, value_frame_sql
from agent import typed_view as tv
from agent.relation import file_source, open_file
from agent.table_type import ColumnRole


def _write(path, query: str) -> None:
    connection = duckdb.connect()
    connection.execute(f"COPY ({query}) TO {exp.Literal.string(str(path)).sql('duckdb')} (FORMAT PARQUET)")
    connection.close()


def _months(table, name: str) -> set[datetime]:
    """The months the value frame holds for `name` past its typed sample (rows the sample left blank
    in the other columns: each added value is alone in its row)."""
    frame = table.df
    added = frame[frame.drop(columns=[name]).isna().all(axis=1)]
    return {value.to_pydatetime() for value in added[name].dropna()}


def test_dictionary_encoded_dates_are_read_from_their_distinct_values(tmp_path):
    path = tmp_path / "repeated.parquet"
    # 12,000 rows (past the 5,000-row sample): day 10 * (i // 1000) of 2024 at hour i // 1000, in runs of
    # 1,000 rows (DuckDB's writer keeps such a column in a dictionary); a date of month 3 + i // 2000.
    _write(path, "SELECT TIMESTAMP '2024-01-01' + INTERVAL (10 * (i // 1000)) DAY + INTERVAL (i // 1000) HOUR AS stamp, "
                 "DATE '2024-03-15' + INTERVAL (i // 2000) MONTH AS day, 'c' || (i % 4) AS city FROM range(12000) t(i)")
    table = open_file(path, frame_rows=100, cache=False)
    assert table.lies_in_file and table.row_count == 12000
    assert table.roles["stamp"] is ColumnRole.date and table.roles["day"] is ColumnRole.date
    connection = scratch.connect()
    typings = {n: tv.ColumnTyping(n, "date", tv.column(n)) for n in ("stamp", "day")}
    assert value_frame_sql.dictionary_columns(connection, file_source(path), typings) == {"stamp", "day"}
    connection.close()
    stamps = [datetime(2024, 1, 1) + timedelta(days=10 * (i // 1000), hours=i // 1000) for i in range(12000)]
    assert _months(table, "stamp") == {datetime(t.year, t.month, 1) for t in stamps} == {
        datetime(2024, m, 1) for m in (1, 2, 3, 4)}  # days 0..110 of 2024
    assert _months(table, "day") == {datetime(2024, m, 1) for m in range(3, 9)}  # March .. August


def test_plainly_stored_dates_keep_the_one_level_query_and_the_same_months(tmp_path):
    path = tmp_path / "unique.parquet"
    # 12,000 distinct timestamps 7 hours apart from 2024-01-01 (stored plainly by DuckDB's writer)
    _write(path, "SELECT TIMESTAMP '2024-01-01' + INTERVAL (i * 7) HOUR AS stamp, i AS n FROM range(12000) t(i)")
    connection = scratch.connect()
    typings = {"stamp": tv.ColumnTyping("stamp", "date", tv.column("stamp"))}
    assert value_frame_sql.dictionary_columns(connection, file_source(path), typings) == set()
    csv = tmp_path / "stamps.csv"
    csv.write_text("stamp\n2024-01-01\n")
    assert value_frame_sql.dictionary_columns(connection, file_source(csv), typings) == set()
    connection.close()
    table = open_file(path, frame_rows=100, cache=False)
    assert table.roles["stamp"] is ColumnRole.date
    stamps = [datetime(2024, 1, 1) + timedelta(hours=7 * i) for i in range(12000)]
    expected = {datetime(t.year, t.month, 1) for t in stamps}
    assert len(expected) == 115 and _months(table, "stamp") == expected  # 2024-01 .. 2033-07 (3,500 days)


def test_a_table_read_where_it_lies_computes_its_reports_in_one_scan(tmp_path, monkeypatch):
    path = tmp_path / "big.csv"
    # every 10th amount 'n/a' (missing), every 25th 'x' (not a number): of 300 rows, 30 missing, 12 unread
    lines = [f"r{i % 3},{'n/a' if i % 10 == 0 else 'x' if i % 25 == 1 else i},{i}" for i in range(300)]
    path.write_text("region,amount,n\n" + "\n".join(lines) + "\n")
    table = open_file(path, frame_rows=100, cache=False)
    assert table.lies_in_file
    scans = []
    reports = parse_reports.reports
    monkeypatch.setattr(parse_reports, "reports", lambda *a, **k: scans.append(a[2]) or reports(*a, **k))
    assert table.reports["amount"].missing == 30 and table.reports["amount"].unparseable == 12
    assert table.reports["region"].missing == 0 and table.reports["n"].missing == 0
    assert [list(s) for s in scans] == [["region", "amount", "n"]]  # one scan, every column
    assert table.reports.get("nope") is None and len(scans) == 1
