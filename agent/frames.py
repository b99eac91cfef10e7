"""Query results as pandas DataFrames, the way the loader builds `Table.df` (through Arrow). The
only place rows become a DataFrame; imported where a DataFrame is wanted, never on the way to a
SQL answer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlglot import exp

if TYPE_CHECKING:
    import duckdb
    import pandas as pd


def fetch_frame(connection: duckdb.DuckDBPyConnection, query: exp.Expression,
                nulls: dict[str, int] | None = None) -> pd.DataFrame:
    """The rows of `query` as a DataFrame, through Arrow (several times faster than DuckDB's own
    conversion for text): DECIMAL as float64, DATE and timestamps as datetime64[ns], as DuckDB's
    DataFrame conversion gives them. `nulls`, when given, receives each column's count of SQL
    NULLs (a NaN a number column holds is not one, though the frame shows both alike)."""
    arrow = connection.sql(query.sql("duckdb")).to_arrow_table()
    if nulls is not None:
        nulls.update({field.name: arrow.column(i).null_count for i, field in enumerate(arrow.schema)})
    import pyarrow as pa
    for i, field in enumerate(arrow.schema):
        if pa.types.is_decimal(field.type):
            arrow = arrow.set_column(i, field.name, arrow.column(i).cast(pa.float64()))
        elif pa.types.is_date(field.type) or (pa.types.is_timestamp(field.type) and field.type.tz is None):
            try:
                arrow = arrow.set_column(i, field.name, arrow.column(i).cast(pa.timestamp("ns")))
            except pa.ArrowInvalid:  # a date outside datetime64[ns] (years before 1677): kept at microseconds
                arrow = arrow.set_column(i, field.name, arrow.column(i).cast(pa.timestamp("us")))
    return arrow.to_pandas()


def parquet_frame(path: Path) -> pd.DataFrame:
    """The rows of a Parquet file written from a table's typed rows, in file order, as `fetch_frame` gives them."""
    from agent.scratch import connect

    with connect() as connection:
        source = exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(str(path))])
        return fetch_frame(connection, exp.select("*").from_(source))


def parquet_rows(path: Path) -> int:
    """The row count of a Parquet file (from its metadata)."""
    from agent.scratch import connect

    with connect() as connection:
        source = exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(str(path))])
        ((rows,),) = connection.execute(exp.select(exp.Count(this=exp.Star())).from_(source).sql("duckdb")).fetchall()
        return int(rows)
