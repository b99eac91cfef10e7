"""Verifier rule: rows that repeat the table's header line among the data.

A table pasted from pages of a listing can repeat its header every few rows (a row reading 'Jamo',
'Hangul Compatibility', ..., 'Halfwidth' under the columns of those names). Such a row is no
row of data: a count takes it in, a distinct count counts 'Halfwidth' as a value. When the rows a
plan reads include one, the reading is refused naming the row, as a summary row is (shape.py); a
plan whose conditions leave those rows out (Venue = 'Helsinki') is read as it is.

A row repeats the header when at least two of its cells, and at least half of them, are their own
column's header as written."""

from __future__ import annotations

from pydantic import BaseModel

from agent import table_rows
from agent.ops.common import selected
from agent.router.draft import DataAbstain
from agent.table import Table

_MAX_ROWS = 20000
"""Rows up to which the rule reads cells (pasted listings are small)."""


def header_rows(table: Table) -> list[int]:
    """Positions of the rows repeating the header line (module docstring), cached on the table."""
    cached = table.__dict__.get("_verify_header_rows")
    if cached is None:
        cached = []
        columns = table.columns
        if len(columns) >= 2 and not table.lies_in_file and table.rows <= _MAX_ROWS:
            cached = table_rows.header_repeats(table, max(2, (len(columns) + 1) // 2))
        table.__dict__["_verify_header_rows"] = cached
    return cached


def check_header_rows(plan: BaseModel, table: Table) -> None:
    """Raises DataAbstain when the rows `plan` reads (its where, or a ratio's base) include a row
    repeating the header line; plans of other shapes and tables with no such row pass."""
    from agent.router.verify.shape import _rows

    found = header_rows(table)
    where = _rows(plan) if found else None
    if where is None:
        return
    import numpy as np

    mask = np.asarray(selected(table, where, allow_empty=True).mask) if where else np.ones(table.rows, bool)
    hit = [p for p in found if bool(mask[p])]
    if hit:
        raise DataAbstain(f"Row {hit[0] + 1} of the table repeats its header line ('{table.columns[0]}' under "
                          f"{table.columns[0]}), so it is no row of data, and my answer would count it. Ask about "
                          "the rows you mean, naming them.")
