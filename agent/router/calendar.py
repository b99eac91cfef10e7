"""Calendar years: the one test of a number for a year (`is_year`, over one of three named spans),
and the columns of calendar years: numeric columns whose values are all whole numbers from 1000 to
2999 ('Release' holding 2004, 2005, ...), found once when the lexicon is built (router/year_words.py
reads 'year' against them)."""

from __future__ import annotations

from agent.table import ColumnRole, Table

MIN_VALUES = 3
"""At least this many present values for a column to count as calendar years."""

QUESTION_YEARS = (1900, 2100)
"""A number of the question read as a year ('after 2015', 'March 2024')."""
YEAR_VALUES = (1000, 2100)
"""The values of a numeric column of years ('Year', 'Founded', 'Season'), and a number compared with
one ('articles after 1975')."""
CALENDAR_YEARS = (1000, 2999)
"""The values of a column of calendar years that 'year' names (calendar_columns), and a whole-number
condition that may be a year (verify/year_columns.py)."""


def is_year(number: float, span: tuple[int, int] = QUESTION_YEARS) -> bool:
    """True when `number` lies in `span` (both ends included; QUESTION_YEARS by default). Whether it
    must be a whole number is the caller's to say."""
    return span[0] <= number <= span[1]


def calendar_columns(table: Table) -> tuple[str, ...]:
    """The numeric columns of `table` whose present values are all whole numbers from 1000 to 2999
    (CALENDAR_YEARS; at least MIN_VALUES present). Reads the typed rows; a table read where it lies
    gives ()."""
    if table.lies_in_file:
        return ()
    from agent import table_rows  # SQL over the typed rows: no DataFrame on the first-open path

    found = []
    for column in table.columns:
        if table.roles.get(column) is not ColumnRole.numeric:
            continue
        facts = table_rows.numbers(table, column)
        if facts.low is None or not facts.whole or not (is_year(facts.low, CALENDAR_YEARS)
                                                        and is_year(facts.high, CALENDAR_YEARS)):
            continue
        if table_rows.counts(table, column).present >= MIN_VALUES:
            found.append(column)
    return tuple(found)
