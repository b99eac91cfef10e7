"""How a percentile is said: its ordinal ('90th', '21st', '2nd') and the definition every
percentile answer names (DuckDB's QUANTILE_CONT: linear interpolation between the two nearest
values, as numpy's default and Excel's PERCENTILE.INC)."""

from __future__ import annotations

DEFINITION = "linear interpolation between the two nearest values, as numpy's default and Excel's PERCENTILE.INC"
"""How a percentile is computed, said beside every percentile answered."""


def ordinal(q: float) -> str:
    """'90th', '21st', '2nd', '13th', '111th', '99.5th' for a percentile q."""
    if not float(q).is_integer():
        return f"{q:g}th"
    n = int(q)
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
