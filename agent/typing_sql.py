"""Each raw column's typing decided from DuckDB without pandas where the rules allow
(agent/cell_rules.py over the column's cells as Python strings; a natively typed column by its
DuckDB type), else from a pandas sample (agent.typed_view.decide), column by column. The same
decisions either way: cell_rules answers only where it is sure to agree."""

from __future__ import annotations

import re

from sqlglot import exp

from agent import cell_rules
from agent import typed_view as tv
from agent.parse_reports import RAW
from agent.typed_view import ColumnTyping, column

_NUMBER_TYPES = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
                 "FLOAT", "DOUBLE")
_DATE_TYPES = ("DATE", "TIMESTAMP", "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS", "TIMESTAMP WITH TIME ZONE")


def cells(connection, name: str, limit: int | None) -> list[object]:
    """The raw column's cells in file order (its first `limit`, or all), None for NULL."""
    query = exp.select(column(name)).from_(RAW).order_by("rowid")
    found = connection.execute((query if limit is None else query.limit(limit)).sql("duckdb")).fetchall()
    return [row[0] for row in found]


def native_typing(name: str, native: str) -> ColumnTyping | None:
    """`decide` of a natively typed column from its DuckDB type: a number or date passes through;
    None for other types (pandas decides them)."""
    if native in _NUMBER_TYPES or re.fullmatch(r"DECIMAL\(\d+,\s*\d+\)", native):
        return ColumnTyping(name, "number", column(name))
    if native in _DATE_TYPES:
        return ColumnTyping(name, "date", column(name))
    return None


def sql_typing(connection, name: str, native: str, rows: int, limit: int | None) -> ColumnTyping | None:
    """`decide` of raw column `name` (DuckDB type `native`; `rows` in the typing sample, its first
    `limit` rows or all) without pandas, or None when pandas must decide it."""
    if native != "VARCHAR":
        return native_typing(name, native)
    every = None
    head = cell_rules.sample(cells(connection, name, 2 * cell_rules._SAMPLE), rows)
    if head is None:
        every = cells(connection, name, limit)
        head = cell_rules.sample(every, rows)
    if not cell_rules.needs_every_cell(head):
        return tv.typing_for(name, "text")
    decision = cell_rules.decide_cells(head, every if every is not None else cells(connection, name, limit))
    if decision is None:
        return None
    return tv.typing_for(name, decision.kind, decision.notes, decision.decimal_comma)


def leading_index(connection, name: str, limit: int | None) -> bool | None:
    """relation._index of the raw first column without pandas, or None when pandas must say."""
    return cell_rules.leading_index(cells(connection, name, limit))
