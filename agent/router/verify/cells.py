"""What a column's cells hold, as verifier rules need it: numbers (typed, or written as text such
as '324,135' beside a stray 'WIN'), which are neither names nor things to count distinctly."""

from __future__ import annotations

import re

from pandas.api.types import is_numeric_dtype

from agent.table import Table

_NUMBER = re.compile(r"^[\s$€£]*[-+]?\d[\d,. ]*%?\s*$")


def holds_numbers(table: Table, column: str | None) -> bool:
    """True when `column` is typed numeric or at least 80% of its non-empty values are numbers
    written as text ('324,135', '2.5%'); False for an unknown or empty column. Cached per table."""
    if column is None or column not in table.df.columns:
        return False
    cache = table.__dict__.setdefault("_holds_numbers", {})
    if column not in cache:
        series = table.df[column]
        values = [str(v) for v in series.dropna().tolist()]
        cache[column] = is_numeric_dtype(series.dtype) or (
            bool(values) and sum(bool(_NUMBER.match(v)) for v in values) >= 0.8 * len(values))
    return cache[column]
