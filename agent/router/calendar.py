"""Columns of calendar years: numeric columns whose values are all whole numbers from 1000 to 2999
('Release' holding 2004, 2005, ...), found once when the lexicon is built (router/year_words.py
reads 'year' against them)."""

from __future__ import annotations

from agent.table import ColumnRole, Table

MIN_VALUES = 3
"""At least this many present values for a column to count as calendar years."""


def calendar_columns(table: Table) -> tuple[str, ...]:
    """The numeric columns of `table` whose present values are all whole numbers from 1000 to 2999
    (at least MIN_VALUES present). Reads the typed rows; a table read where it lies gives ()."""
    if table.lies_in_file:
        return ()
    from agent import table_rows  # SQL over the typed rows: no DataFrame on the first-open path

    found = []
    for column in table.columns:
        if table.roles.get(column) is not ColumnRole.numeric:
            continue
        facts = table_rows.numbers(table, column)
        if facts.low is None or not facts.whole or facts.low < 1000 or facts.high >= 3000:
            continue
        if table_rows.counts(table, column).present >= MIN_VALUES:
            found.append(column)
    return tuple(found)
