"""Whether a column names people or things: the only kind of column that may answer 'who ...' or
'which employee ...'. A text column of dates ('2019-03-15', '15/04/2020'), codes or numbers written
as text holds one value per row as well as a column of names does, but a date is not a 'who'."""

from __future__ import annotations

import re

from agent import table_rows
from agent.table import Table
from agent.table_type import TEXT_ROLES

_LETTER = re.compile(r"[^\W\d_]")
"""A letter of any script (a word character that is neither a digit nor '_')."""
_SAMPLE = 200
NAMING_SHARE = 0.9
"""Share of a column's non-missing values (first _SAMPLE) that must contain a letter."""


def names_things(table: Table, column: str) -> bool:
    """True when `column` is a text column whose values name something: at least NAMING_SHARE of
    its first _SAMPLE non-missing cells contain a letter. Numeric, date and flag columns, and text or
    identifier columns of dates or digit codes ('15/04/2020', '00123', '1001'), are False."""
    if table.roles.get(column) not in TEXT_ROLES or column not in table.df.columns:
        return False
    cells = [str(v) for v in table.df[column].dropna().head(_SAMPLE) if str(v).strip()]
    if not cells:
        return False
    lettered = sum(1 for c in cells if _LETTER.search(c))
    return lettered >= NAMING_SHARE * len(cells)


def holds_names(table: Table, column: str) -> bool:
    """True when at least 90% of `column`'s present cells hold no digit ('Susan Sloan'; not '1:03.52',
    'January 2, 1795' or '1920 - 1930'): cells a 'who' question may be answered with. Reads the
    column's distinct values with their counts (table_rows.values, cached per table)."""
    found = table_rows.values(table, column)
    cells = sum(n for _, n in found)
    named = sum(n for v, n in found if not any(ch.isdigit() for ch in str(v)))
    return bool(cells) and named >= 0.9 * cells
