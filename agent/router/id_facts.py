"""A fact of the table the lexicon keeps: the identifier columns holding one distinct value on
every row (router/id_rows.py reads their plural nouns as the rows)."""

from __future__ import annotations

from agent import table_rows
from agent.table import ColumnRole, Table


def unique_ids(table: Table) -> frozenset[str]:
    """The identifier columns of `table` whose values are present and distinct on every row; empty
    for a table read where it lies (only a sample is known)."""
    if table.lies_in_file:
        return frozenset()
    found = set()
    for column, role in table.roles.items():
        if role is ColumnRole.identifier:
            counts = table_rows.counts(table, column)
            if counts.present == counts.distinct == counts.rows > 0:
                found.add(column)
    return frozenset(found)
