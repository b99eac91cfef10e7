"""Verifier rule: an amount computed from a column that numbers the rows.

'What is the total goals on this chart' over a list of one player's goals whose Goal column reads
1, 2, 3, ... 8 (the goal's number in the list) sums the numbers to 36: the column counts rows, it
holds no amount of goals. 'The most goals scored in one game' read as MAX(Goal) gives 7, the last
goal's number; 'the total number of constituencies' over a Constituency column 1, 1, 2, 2, ... 19
(two senators per constituency) sums the constituency numbers to 380. A sum, mean, maximum or
minimum of such a column is refused, naming the column and how it runs.

A column numbers the rows (strong evidence, read off the whole column in the table's order) when it
holds at least five integers, no blanks, starts at 1 and every next row holds the same number or
the next one (1, 2, 3, ... or 1, 1, 2, 2, ...), and it ends above 1. A rank with ties (1, 2, 2, 4)
skips a number and is not caught here; a year or an amount never starts at 1 and climbs by one."""

from __future__ import annotations

from pydantic import BaseModel

from agent import table_rows
from agent.router.draft import DataAbstain
from agent.table import Table

_MIN_ROWS = 5
"""Rows below which a run 1, 2, 3 may be chance (three nations' silver medals 1, 2, 3)."""
_AMOUNT_OPS = {"sum": "total", "mean": "average", "max": "highest", "min": "lowest", "median": "median"}


def numbers_rows(table: Table, column: str) -> tuple[int, tuple[float, ...], float] | None:
    """(cells, first four, last) when `column` numbers the rows in the table's order (module
    docstring, by SQL: agent.table_rows.numbering) and has at least five cells; None otherwise and
    for a table read where it lies. Cached on the table."""
    cache = table.__dict__.setdefault("_verify_numbering", {})
    if column not in cache:
        found = None if table.lies_in_file or column not in table.columns else table_rows.numbering(table, column)
        cache[column] = found if found is not None and found[0] >= _MIN_ROWS else None
    return cache[column]


def check_numbering(plan: BaseModel, table: Table) -> None:
    """Raises DataAbstain when an aggregate plan (AggregateArgs) sums, averages or takes the
    maximum or minimum of a column that numbers the rows (module docstring)."""
    if type(plan).__name__ != "AggregateArgs" or plan.column is None:
        return
    op = plan.op.value
    found = numbers_rows(table, plan.column) if op in _AMOUNT_OPS else None
    if found is None:
        return
    _, head, last = found
    shown = ", ".join(str(int(v)) for v in head)
    raise DataAbstain(f"{plan.column} numbers the rows ({shown}, ... up to {int(last)}): its "
                      f"{_AMOUNT_OPS[op]} is not an amount. Ask how many rows, or name the column that holds the amount.")
