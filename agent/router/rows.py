"""Facts about a table's rows the router's stages consult: distinct counts per column (cached on
the table), whether a column holds one value per row, and which condition picks one row."""

from __future__ import annotations

from agent.plan import Predicate
from agent.table import ColumnRole, Table


_TEXT = (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text)


def distinct_count(table: Table, column: str) -> tuple[int, int]:
    """(distinct values, non-missing values) of a column, cached on the table."""
    cache = table.__dict__.setdefault("_distinct_counts", {})
    if column not in cache:
        cache[column] = (int(table.df[column].nunique()), int(table.df[column].count()))
    return cache[column]


def one_per_row(table: Table, column: str) -> bool:
    """True when every row holds its own value of `column` (no repeats, none missing)."""
    distinct, present = distinct_count(table, column)
    return distinct == present == table.rows


def one_row_key(predicates: list[Predicate], table: Table) -> str | None:
    """The column of an equality condition that picks at most one row (its values are all distinct:
    'Book Title = Sapiens'), else None."""
    for p in predicates:
        if p.op.value == "=" and table.roles[p.column] in _TEXT and one_per_row(table, p.column):
            return p.column
    return None
