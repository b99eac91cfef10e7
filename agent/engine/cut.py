"""The group cut done in Python for a grouped query known to have few groups: the windowed query
(compile.grouped) counts the groups and the matched rows with window functions and cuts with
QUALIFY RANK()/ROW_NUMBER(); over a few hundred groups, fetching them all and doing the same here
is exact and spares DuckDB two window passes (about a third of a small group-by's time)."""

from __future__ import annotations

import math

FEW_GROUPS = 500
"""A grouped query known to have at most this many groups is cut here (SqlEngine._few_groups)."""
Row = tuple[object, ...]


def _peers(a: object, b: object) -> bool:
    """Equal for RANK: SQL puts NULLs together and NaNs together."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def ranked(rows: list[Row], value_at: int, keep: int) -> list[Row]:
    """Rows (in ranking order) whose RANK() by the value at `value_at` is at most `keep`: the
    first `keep`, plus any tied with the last of them."""
    kept: list[Row] = []
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or not _peers(row[value_at], rows[i - 1][value_at]):
            rank = i + 1
        if rank > keep:
            break
        kept.append(row)
    return kept


def complete(rows: list[Row], *, ordered: bool, keep: int, value_at: int, rows_at: int,
             present_at: int | None) -> list[Row]:
    """The rows a windowed grouped query returns, from the same query without windows (every group,
    ordered by value then key when `ordered`, else by key): cut to `keep` (RANK by value with ties,
    or the first `keep` by key), each row extended with SUM(present) over all groups (when
    `present_at` is given), the number of groups and SUM(rows) over all groups."""
    total, matched = len(rows), sum(int(r[rows_at]) for r in rows)
    present = (sum(int(r[present_at]) for r in rows),) if present_at is not None else ()
    kept = ranked(rows, value_at, keep) if ordered else rows[:keep]
    return [(*row, *present, total, matched) for row in kept]
