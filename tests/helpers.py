"""Shared test helpers: paths of the shared real data, and DuckDB as the independent oracle."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

DATA = (Path(__file__).resolve().parents[1] / ".." / "shared" / "data").resolve()
TRANSACTIONS = DATA / "transactions"
SPARKOV = TRANSACTIONS / "sparkov_2019_100k.csv"
KAGGLE = TRANSACTIONS / "kaggle_fraud_train_first5039.csv"


def need(path: Path) -> Path:
    """Skip the test when a shared data file is absent."""
    if not path.exists():
        pytest.skip(f"{path} not present")
    return path


def sql(query: str, path: Path) -> list[tuple]:
    """Run `query` with the table `t` bound to the CSV or Parquet file at `path` (DuckDB's own reader)."""
    con = duckdb.connect()
    reader = f"read_parquet('{path}')" if path.suffix == ".parquet" else f"read_csv_auto('{path}', header=true)"
    con.execute(f"CREATE VIEW t AS SELECT * FROM {reader}")
    return con.execute(query).fetchall()
