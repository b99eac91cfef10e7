"""Dictionary-encoded text columns in the engine's own copy of a table: a text column with few
distinct values, once a query groups or filters by it, is stored as a DuckDB ENUM whose values are
its distinct spellings in sort order.

Why: DuckDB groups and compares an ENUM by its small integer code instead of hashing and comparing
strings; on the 100k demo file a group-by on `category` and the filter `category IN ('grocery_pos')`
run 3-5x faster (bench/onepath_results.md). What does not change: an ENUM value is fetched as the
same Python str; it compares with text (=, IN, LIKE, LOWER/TRIM, ||) as the text would, values not
in the dictionary included; and as the dictionary is in sort order, ORDER BY, MIN and MAX keep the
text's order. Encoding one column costs a scan for its distinct values and a rewrite of that
column (tens of ms on 100k rows), paid by the first query that needs it. List columns stay text
(their items are read from the cell's text)."""

from __future__ import annotations

import duckdb
from sqlglot import exp

MAX_VALUES = 65_535
"""At most this many distinct values (a two-byte code)..."""
MAX_SHARE = 0.5
"""...and at most this share of the rows (a column of mostly unique values gains nothing)."""


def worth_encoding(distinct: int, rows: int) -> bool:
    """True for a column of `distinct` values over `rows` rows that gains from a dictionary."""
    return 0 < distinct <= MAX_VALUES and distinct <= rows * MAX_SHARE


def _quoted(name: str) -> str:
    return exp.to_identifier(name, quoted=True).sql("duckdb")


def is_text(connection: duckdb.DuckDBPyConnection, table: str, column: str) -> bool:
    """True when DuckDB holds `column` of `table` as VARCHAR (not yet encoded, not a list)."""
    query = exp.select("data_type").from_("information_schema.columns").where(
        exp.and_(exp.column("table_name").eq(exp.convert(table)), exp.column("column_name").eq(exp.convert(column))))
    found = connection.execute(query.sql("duckdb")).fetchall()
    return bool(found) and found[0][0] == "VARCHAR"


def encode(connection: duckdb.DuckDBPyConnection, table: str, column: str, type_name: str) -> None:
    """Store `column` of the base table `table` as a new ENUM type `type_name` of its distinct
    non-null values in sort order (DuckDB's ALTER COLUMN ... TYPE rewrites that column only)."""
    name = exp.column(column, quoted=True)
    values = (exp.select(name).distinct().from_(exp.to_table(table, quoted=True))
              .where(name.is_(exp.null()).not_()).order_by(name.copy()))
    connection.execute(f"CREATE TYPE {_quoted(type_name)} AS ENUM ({values.sql('duckdb')})")
    connection.execute(f"ALTER TABLE {_quoted(table)} ALTER {_quoted(column)} TYPE {_quoted(type_name)}")


def drop(connection: duckdb.DuckDBPyConnection, type_name: str) -> None:
    """Drop an ENUM type whose table is already dropped."""
    connection.execute(f"DROP TYPE IF EXISTS {_quoted(type_name)}")
