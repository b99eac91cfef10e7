"""Verifier rule: a distinct count over the rows some conditions pick ('how many 'choice tv sidekick'
award categories was scrubs nominated for?' read as the distinct Award values of the rows where
Category, Series and Result match) is one reading of two whenever the column repeats a value among
those rows: the question may count the rows (each nomination, each entry) or the different values.
Measured on WikiTableQuestions slices (offset 1): every correct distinct count with conditions had
as many rows as values; the one that did not was wrong. The words must pick the count: 'different',
'distinct', 'unique', 'rows', 'times' (counted.py's picks). The distinct count stands without
them where a repeated value is one thing by the table's nature: an identifier (one entity's rows),
a column another identifier names every row of (counted.row_identifier), or a date or time column
(distinct years are the years: 'how many years did X win')."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.verify.counted import (
    _PICKS,
    _dates_rows,
    row_identifier,
    rows_and_values,
)
from agent.table import ColumnRole, Table


def check_filtered_distinct(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when `plan` is an ungrouped distinct count (AggregateArgs, op count_distinct,
    a column) over rows picked by conditions, the column repeats a value among those rows (more
    rows than distinct values), and no word of the question picks rows or distinct values (see the
    module docstring for the counts that stand). Cost: one pass over the rows picked."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "count_distinct" or plan.group_by \
            or not plan.where or plan.column is None or plan.column not in table.roles or table.lies_in_file \
            or any(t.lower in _PICKS for t in reading.tokens):
        return
    column = plan.column
    if table.roles.get(column) is ColumnRole.identifier or row_identifier(table, column) is not None \
            or _dates_rows(plan, table):
        return
    rows, values = rows_and_values(plan, table, column)
    if rows > values:
        raise Abstain(f"{column} repeats among the {rows} rows these conditions pick ({values} different values): "
                      f"the question may count the rows or the different {column}; ask 'how many rows' or "
                      f"'how many different {column}'.")
