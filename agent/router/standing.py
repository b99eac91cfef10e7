"""'The total attendance of the bottom three teams': 'top'/'bottom' N before the rows' own noun
('teams', each one row) names no ranking measure. On a table with a standing (a position column:
Pos, Rank, Place; or rows sorted by a numeric column, a league table's Pts) it may mean the last
three places, not the three rows with the lowest attendance. When the two readings pick different
rows the question is refused naming both; when they pick the same rows, or a word names the key
('by attendance', 'with the lowest attendance', 'largest'), the measure's ranking stands."""

from __future__ import annotations

from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.table import ColumnRole, Table

_EDGE_WORDS = {"top": "desc", "bottom": "asc"}
"""Rank words that name an end of a list, not a measure."""
_KEY_WORDS = frozenset({"by", "highest", "lowest", "most", "least", "fewest", "largest", "smallest", "biggest",
                        "greatest", "best", "worst", "maximum", "minimum", "max", "min", "higher", "lower"})
"""Words that name the ranking ('by X', 'the lowest X', 'the 3 largest'): the measure is the key."""
_POSITION_HEADERS = frozenset({"pos", "position", "rank", "ranking", "place", "standing", "rk", "#", "pos."})
"""Headers of a column holding each row's place in a standing."""


def check_standing(column: str, order: str, limit: int, has_where: bool, reading: Reading, table: Table) -> None:
    """Raises Abstain when 'top/bottom `limit` <rows>' ranked by `column` (its `order`) names no
    key and the table's standing (position column, else file order when some numeric column is
    sorted) picks other rows than `column` does (`has_where`: the plan filters rows first, so the
    standing is not compared and, with a standing, the question is refused)."""
    words = [t.lower for t in reading.tokens]
    edge = next((w for w in words if w in _EDGE_WORDS), None)
    if edge is None or set(words) & _KEY_WORDS or _named_twice(column, reading):
        return
    standing = _standing(table, column)
    if standing is None:
        return
    key, places = standing
    end = "last" if edge == "bottom" else "first"
    if not has_where and not table.lies_in_file:
        measured = _picked(table, column, order, limit)
        by_place = set(places[-limit:] if edge == "bottom" else places[:limit])
        if measured is not None and measured == by_place:
            return
    rank = "lowest" if order == "asc" else "highest"
    raise Abstain(f"'{edge} {limit}' could mean the {limit} rows with the {rank} {column} or the {end} {limit} by "
                  f"{key}; I will not pick one: say 'with the {rank} {column}' for the first, or name the rows for "
                  f"the second.")


def _named_twice(column: str, reading: Reading) -> bool:
    """True when two items name `column` ('the total attendance of the teams with the lowest attendance')."""
    return sum(1 for i in reading.items if i.kind == "column" and i.column == column) > 1


def _standing(table: Table, column: str) -> tuple[str, list[int]] | None:
    """(what orders the standing, row positions from first place to last): a position column's
    order, else file order when a numeric column other than `column` is sorted; None when the
    table has no standing (or it is too large to read here)."""
    if table.lies_in_file:
        named = next((c for c in table.roles if _position_header(c)), None)
        return (named, []) if named else None
    frame = table.df
    named = next((c for c in frame.columns if _position_header(c) and table.roles.get(c) is ColumnRole.numeric), None)
    if named is not None:
        values = frame[named]
        if values.isna().any():
            return None
        return named, [int(i) for i in values.reset_index(drop=True).sort_values(kind="stable").index]
    for other in frame.columns:
        if other == column or table.roles.get(other) is not ColumnRole.numeric or _position_header(other):
            continue
        values = frame[other]
        if len(values) >= 3 and not values.isna().any() and values.nunique() > 1 and (
                values.is_monotonic_increasing or values.is_monotonic_decreasing):
            return "file order", list(range(len(frame)))
    return None


def _position_header(name: str) -> bool:
    return name.strip().lower() in _POSITION_HEADERS


def _picked(table: Table, column: str, order: str, limit: int) -> set[int] | None:
    """Row positions of the `limit` rows with the highest (desc) or lowest `column`; None when a tie
    at the cut makes the set depend on how ties break."""
    values = table.df[column].reset_index(drop=True).dropna()
    ranked = values.sort_values(ascending=order == "asc", kind="stable")
    if len(ranked) < limit:
        return None
    if len(ranked) > limit and ranked.iloc[limit - 1] == ranked.iloc[limit]:
        return None
    return {int(i) for i in ranked.index[:limit]}
