"""What a column's cells hold, as verifier rules need it: numbers (typed, or written as text such
as '324,135' beside a stray 'WIN'), which are neither names nor things to count distinctly."""

from __future__ import annotations

import re

from agent import table_rows
from agent.table import Table

_NUMBER = re.compile(r"^[\s$€£]*[-+]?\d[\d,. ]*%?\s*$")
_LEADING_NUMBER = re.compile(r"^[\s$€£]*(?:[<>~≈≤≥]|c\.\s?)?[-+]?\d")
"""A cell opening with a number, after a currency sign or a bound ('>50', '~3', 'c. 40')."""
_PLACEHOLDER = re.compile(r"^\s*(?:[-–—?]+|n/?a|tbd|unknown)\s*$", re.I)
"""A cell standing for no value ('-', '—', 'N/A', '?'): left out when the cells are weighed."""


def holds_numbers(table: Table, column: str | None) -> bool:
    """True when `column` is typed numeric or at least 80% of its non-empty values are numbers
    written as text ('324,135', '2.5%'); False for an unknown or empty column. Read by SQL (agent.table_rows), no
    DataFrame. Cached per table."""
    if column is None or column not in table.roles:
        return False
    cache = table.__dict__.setdefault("_holds_numbers", {})
    if column not in cache:
        cache[column] = table_rows.is_numeric(table, column) or _mostly(table, column, _NUMBER)
    return cache[column]


def holds_measures(table: Table, column: str | None) -> bool:
    """True when at least 80% of `column`'s non-empty values begin with a number: numbers written
    with a unit ('1.75 m', '12 kg'), after a bound ('>50') or several numbers in one cell
    ('0.50\\n1.98'), as well as plain numbers (holds_numbers); cells standing for no value ('-',
    'N/A') are left out. False for an unknown or empty column. Cached per table."""
    if column is None or column not in table.roles:
        return False
    cache = table.__dict__.setdefault("_holds_measures", {})
    if column not in cache:
        cache[column] = holds_numbers(table, column) or _mostly(table, column, _LEADING_NUMBER, placeholders=False)
    return cache[column]


def _mostly(table: Table, column: str, pattern: re.Pattern, placeholders: bool = True) -> bool:
    """True when at least 80% of the column's non-empty cells (counted with repeats) match `pattern`;
    with `placeholders` False, cells standing for no value ('-', 'N/A') are left out first."""
    found = table_rows.values(table, column)
    if not placeholders:
        found = [(v, n) for v, n in found if not _PLACEHOLDER.match(str(v))]
    cells = sum(n for _, n in found)
    return bool(cells) and sum(n for v, n in found if pattern.match(str(v))) >= 0.8 * cells
