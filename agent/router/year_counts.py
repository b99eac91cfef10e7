"""'How many years ...' over a column of calendar years ('how many years has Stanford been national
champion?', 'how many years have an inflation index above 90?'): the years counted are the
different values of that column among the rows the conditions pick (COUNT(DISTINCT Year)), never
their total (calendar years are not added up). Read only when the word right after 'how many' is
itself linked to that column by its name or a header word ('years' of Year, 'seasons' of Season),
and the column holds whole years (rows.year_column); a key naming one row ('how many years did Sun
Hao reign', a length of time written elsewhere) is refused by the caller before this is asked."""

from __future__ import annotations

from agent.router.reading import Reading
from agent.router.rows import year_column
from agent.table import Table

_YEAR_NOUNS = frozenset({"years", "seasons"})


def counts_years(reading: Reading, column: str, table: Table) -> bool:
    """True when `column` holds calendar years and the question opens 'how many years|seasons'
    with that word linked to `column` exactly (not by similarity, a shared word start or WordNet)."""
    words = [t.lower for t in reading.tokens]
    if len(words) < 3 or words[:2] != ["how", "many"] or words[2] not in _YEAR_NOUNS or not year_column(column, table):
        return False
    item = reading.at(2)
    return item is not None and item.kind == "column" and item.column == column and not item.similar \
        and not item.weak and item.evidence in ("exact", "header")
