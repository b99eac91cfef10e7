"""A date column holding a date outside pandas' nanosecond range (before 1677: a parquet file with
year 99) loads, in microseconds, instead of crashing the loader (agent/relation.py)."""

from __future__ import annotations

import datetime as dt

import pyarrow as pa
import pyarrow.parquet as pq

from agent.table import load_table


def test_a_parquet_date_before_1677_loads(tmp_path):
    path = tmp_path / "old.parquet"
    stamps = pa.array([dt.datetime(99, 1, 1), dt.datetime(1999, 5, 2)], type=pa.timestamp("us"))
    pq.write_table(pa.table({"when": stamps, "n": [1, 2]}), path)
    table = load_table(path)
    assert table.rows == 2 and list(table.df["n"]) == [1, 2]
    assert [d.year for d in table.df["when"]] == [99, 1999]
