"""How values are written in answers: numbers with thousands separators, percentages, group keys,
identifier cells and calendar years. No other module of the answer layer is imported here, so the
phrasing of every result kind can share it."""

from __future__ import annotations

import re
from decimal import Decimal

from agent.results import Value
from agent.table_type import identifier_by_name


_EXACT_FLOAT = 2.0 ** 53
"""Above this a double cannot tell consecutive integers apart."""


def fmt(value: Value) -> str:
    """A number with thousands separators: integers exact, others to 4 decimals, and values
    under 1 to 6 significant digits (0.00002 stays 0.00002); text and dates as they are. A float
    of 2**53 or more holds no exact integer (IEEE 754 doubles carry 15-17 significant digits): it is
    written to 15 significant digits after 'about' ('about 123,456,789,012,346,000,000,000,000,000'),
    never with digits the double does not hold; an int of any size is exact."""
    if value is None:
        return "missing"
    if isinstance(value, str):
        return value
    if isinstance(value, float) and abs(value) >= _EXACT_FLOAT:
        return f"about {int(Decimal(f'{value:.14e}')):,}"
    if isinstance(value, int) or float(value).is_integer():
        return f"{int(value):,}"
    if abs(value) < 1:
        return f"{value:.6g}"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def fmt_percent(value: float | None) -> str:
    """0.14881 -> '0.149%', 12.3456 -> '12.35%'."""
    if value is None:
        return "undefined (zero denominator)"
    return f"{value:.3g}%" if abs(value) < 1 else f"{value:,.2f}%"


def fmt_key(value: Value) -> str:
    """A group key as a label: a whole number without thousands separators (the year 1998, a zip
    code, a rank), anything else as `fmt` writes it."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and float(value).is_integer() \
            and (isinstance(value, int) or abs(value) < _EXACT_FLOAT):
        return str(int(value))
    return fmt(value)


def fmt_in(value: Value, column: str | None) -> str:
    """A cell of `column` as text: in a column whose header names an identifier (an id, code,
    number or zip: table_type.identifier_by_name) a whole number is a label, written without
    thousands separators as `fmt_key` writes it (zip 10001, not 10,001); a calendar year (see
    `fmt_year`) without them too; anything else as `fmt`."""
    if column is not None and identifier_by_name(column):
        return fmt_key(value)
    return fmt_year(value) if column is not None and year_header(column) else fmt(value)


_YEAR_WORDS = frozenset({"year", "yr", "season"})


def year_header(column: str) -> bool:
    """True when a header names calendar years: one of its words (split at non-letters and at a
    lower-to-upper case change: 'since_year', 'releaseYear', 'Year') is 'year', 'yr' or 'season'
    (a season written as its starting year, 1960)."""
    words = re.split(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])", column)
    return any(w.lower() in _YEAR_WORDS for w in words if w)


def fmt_year(value: Value) -> str:
    """A value of a year column as a year is written: 2020 and 2019.6, never '2,020' (a number from
    1000 to 2999, whole or not, loses the thousands separator); anything else as `fmt`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 1000 <= value < 3000:
        return str(int(value)) if float(value).is_integer() else f"{value:.4f}".rstrip("0").rstrip(".")
    return fmt(value)
