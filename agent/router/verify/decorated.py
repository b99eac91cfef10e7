"""Verifier rule on the cells an answer shows: a name cell written with a code or footnote marks
after it ('Great Britain (GBR)', 'Detroit Waza*', router/values.py `bare_name`) is the table's
decoration of a name, and whether the code or mark belongs to the answer is not the question's to
say: 'which country won the most gold medals' is Great Britain to one reader and 'Great Britain
(GBR)' to another. So is a mark before a name ('^ Juk Faat Wan'), a game's side before an
opponent the column also names alone ('at Minnesota Vikings' beside 'Minnesota Vikings'), and a
side or a poll rank the column writes before several names ('at Auburn', 'at Vanderbilt', '#7 LSU'
in a schedule's Opponent column: the opponent is Auburn or LSU to one reader), and a country with its
code before a team's name ('Germany (GER) Germany I': the team is Germany I to one reader). A plan
that would show such a cell of the rows it reads abstains, naming it; for the row before or after
a named row, the cells of that one row. A count of different values where two of them are one name
with different notes in parentheses ('Canopus (first time)', 'Canopus (second time)') abstains as
well: one star or two?"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pydantic import BaseModel

from agent import table_rows
from agent.ops.common import selected
from agent.router.draft import Abstain
from agent.router.positions import PLACEHOLDERS
from agent.router.values import bare_name
from agent.table import Table
from agent.table_type import TEXT_ROLES

if TYPE_CHECKING:
    import pandas as pd

_SHOWING = {"RankArgs": "columns", "PositionArgs": "columns", "FrequencyArgs": "column", "DistinctArgs": "column"}
"""Plan kinds whose answer is cells of a column, and the field naming the column(s) shown."""


def check_decorated_labels(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a text column the plan shows holds, among the cells it can show, one
    that writes a name with a code in parentheses or footnote marks. The cells shown: of the rows
    its `where` picks, for a ranking the rows at its top (ties included) or the first/last rows of
    file order, for a frequency ranking the values at its top, else every row."""
    field = _SHOWING.get(type(plan).__name__)
    if field is None or table.lies_in_file:
        return
    shown = getattr(plan, field)
    columns = [c for c in (shown if isinstance(shown, list) else [shown]) if table.roles.get(c) in TEXT_ROLES
               and _decorated(table, c)]
    if not columns:
        return
    rows = _shown_rows(plan, table)
    for column in columns:
        values = rows[column].dropna().astype(str)
        if type(plan).__name__ == "FrequencyArgs":
            values = _frequent(values, plan.order, plan.limit)
        known, styled = _folded(table, column), _styled(table, column)
        for value in values:
            name = bare_name(value) or leading_mark(value, known, styled)
            if name is not None:
                raise Abstain(f"{column} writes names with a code or mark beside them ('{value.strip()}'), so the "
                              f"answer could be either '{name}' or the cell as written; ask for {column} as written "
                              "or name the row.")


def check_shown_present(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a first/last row in the table's order that the plan shows holds no value
    in a column it shows (missing, 'N/A', a dash): 'the last person appointed' with the last row's
    Appointed by blank is not answered 'missing'; the question may mean the last row that has one,
    or another column. Run last, so a check naming the question's words speaks first."""
    if type(plan).__name__ != "RankArgs" or plan.by is not None or plan.near is not None or plan.distinct \
            or table.lies_in_file:
        return
    rows = _shown_rows(plan, table)
    for column in plan.columns:
        for value in rows[column]:
            if _empty(value):
                raise Abstain(f"The {'first' if plan.order == 'asc' else 'last'} row in the table's order holds no "
                              f"{column} ({value if isinstance(value, str) else 'missing'}); I could not tell which "
                              "row or column the question means.")


def _empty(value: object) -> bool:
    """True for a missing cell or one holding a placeholder ('N/A', '-', 'TBA')."""
    import pandas as pd

    return bool(pd.isna(value)) if not isinstance(value, str) else value.strip().casefold() in PLACEHOLDERS


def _decorated(table: Table, column: str) -> bool:
    """True when some distinct value of `column` writes a name with a code or mark (by SQL, no rows
    read), cached on the table: the check runs on every plan showing the column."""
    cache = table.__dict__.setdefault("_verify_decorated", {})
    if column not in cache:
        known, styled = _folded(table, column), _styled(table, column)
        cache[column] = any(bare_name(str(v)) is not None or leading_mark(str(v), known, styled) is not None
                            for v in table_rows.distinct(table, column))
    return cache[column]


_MARK = re.compile(r"^[^\w\s(\"'“‘]{1,2}\s+(?P<name>\w.*)$")
"""A mark and a space before a name: '^ Juk Faat Wan', '@ Braves', '* Kenya'."""
_AWAY = re.compile(r"^(?:at|@|vs\.?)\s+(?P<name>\w.*)$", re.IGNORECASE)
"""'at Minnesota Vikings', 'vs. Boston': a game's side before an opponent's name."""
_CODED = re.compile(r"^\w[^()]*?\s*\([A-Z]{3}\)\s+(?P<name>\w.*)$")
"""A country and its three-letter code before a name: 'Germany (GER) Germany I', 'Italy (ITA) Italy II'."""
_STYLES = (re.compile(r"^(?:at|vs\.?|v\.)\s+(?P<name>[A-Z0-9#].*)$"), re.compile(r"^#\d{1,3}\s+(?P<name>\w.*)$"))
"""A side written in lower case before a capitalised name ('at Auburn', 'vs. Boston'; not 'At Last'),
and a poll rank before a name ('#7 LSU', '#25 Georgia Tech*'): marks only where the column writes
at least two cells so (`_styled`)."""


def leading_mark(value: str, known: set[str], styled: bool = False) -> str | None:
    """The name a cell writes after a leading mark ('^ Juk Faat Wan' -> 'Juk Faat Wan'), or after
    'at'/'@'/'vs' when the column also holds that name on its own ('at Minnesota Vikings' beside
    'Minnesota Vikings'), or after a country and its code ('Germany (GER) Germany I' -> 'Germany I'),
    or, in a `styled` column (`_styled`), after a lower-case side or a poll rank
    ('at Auburn' -> 'Auburn', '#7 LSU' -> 'LSU'); None otherwise. `known`: the column's values,
    stripped and casefolded."""
    text = value.strip()
    if (found := _MARK.match(text) or _CODED.match(text)) is not None:
        return found.group("name")
    if (found := _AWAY.match(text)) is not None and found.group("name").casefold() in known:
        return found.group("name")
    if styled and (found := _styled_mark(text)) is not None:
        return found
    return None


def _styled_mark(text: str) -> str | None:
    """The name after a lower-case side or a poll rank in `text` ('at Auburn' -> 'Auburn'), else None."""
    return next((m.group("name") for m in (p.match(text) for p in _STYLES) if m is not None), None)


def _styled(table: Table, column: str) -> bool:
    """True when at least two distinct values of `column` write a lower-case side or a poll rank
    before a name ('at Auburn' and 'at Vanderbilt', or '#7 LSU' and 'at Auburn'): the column's
    style, so one cell 'at Rest' among titles is no mark. Cached on the table."""
    cache = table.__dict__.setdefault("_verify_styled", {})
    if column not in cache:
        cache[column] = sum(_styled_mark(str(v).strip()) is not None for v in table_rows.distinct(table, column)) >= 2
    return cache[column]


def _folded(table: Table, column: str) -> set[str]:
    """The distinct values of `column`, stripped and casefolded, cached on the table."""
    cache = table.__dict__.setdefault("_verify_folded", {})
    if column not in cache:
        cache[column] = {str(v).strip().casefold() for v in table_rows.distinct(table, column)}
    return cache[column]


def _shown_rows(plan: BaseModel, table: Table) -> pd.DataFrame:
    """The rows whose cells the plan can show (see check_decorated_labels)."""
    if type(plan).__name__ == "PositionArgs" and plan.kind == "neighbour":  # the row `offset` from the anchor
        import numpy as np

        at = np.flatnonzero(np.asarray(selected(table, plan.anchor, allow_empty=True).mask)) + plan.offset
        return table.df.iloc[[int(i) for i in at if 0 <= i < len(table.df)]]
    where = list(getattr(plan, "where", []) or [])
    rows = table.df.loc[selected(table, where, allow_empty=True).mask] if where else table.df
    if type(plan).__name__ != "RankArgs" or plan.near is not None or plan.distinct:
        return rows
    cut = plan.offset + plan.limit
    if plan.by is None:  # file order: the first or last rows
        return rows.head(cut) if plan.order == "asc" else rows.tail(cut)
    return _ranked(rows, plan.by, plan.order, cut)


def _ranked(rows: pd.DataFrame, by: str, order: str, cut: int) -> pd.DataFrame:
    """The rows a ranking by `by` can return: the first `cut` in its order and every row tied with
    the last of them (ties at the cut are reported); all rows when `by` is not numeric."""
    import pandas as pd

    key = pd.to_numeric(rows[by], errors="coerce")
    if key.notna().sum() == 0:
        return rows
    ordered = key.dropna().sort_values(ascending=order == "asc")
    edge = ordered.iloc[min(cut, len(ordered)) - 1]
    inside = key >= edge if order == "desc" else key <= edge
    return rows.loc[inside.fillna(False)]


def _frequent(values: pd.Series, order: str, cut: int) -> list[str]:
    """The values a frequency ranking shows: the first `cut` by count in its order and every value
    tied with the last of them."""
    counts = values.str.strip().value_counts(ascending=order == "asc")
    if counts.empty:
        return []
    edge = counts.iloc[min(cut, len(counts)) - 1]
    return list(counts[counts >= edge].index if order == "desc" else counts[counts <= edge].index)



_NOTED = re.compile(r"^(?P<name>.*?[^\s(\[*†‡])\s*(?:\([^()]*\)|\[[^\[\]]*\])?\s*[*†‡]*$")
"""A name with a note in parentheses or brackets and/or footnote marks after it: 'Canopus (first
time)', 'Sirius (current)', 'Canada*', 'Lyon [a]'; any other cell is its own name."""
_PLACEHOLDER = re.compile(r"^[\W_]*$")
"""A cell with no letter or digit: '—', '–', '?', '...', a placeholder for no value."""


def check_noted_names(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a count of different values of a text column counts, among the rows its
    `where` picks, one name written with two different notes ('Canopus (first time)' and 'Canopus
    (second time)'; 'Canada*' beside 'Canada'): the different cells, or the different names? So
    does a placeholder counted as a value ('—' for no coach)."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "count_distinct" or table.lies_in_file \
            or table.roles.get(plan.column) not in TEXT_ROLES:
        return
    where = list(plan.where or [])
    cells = table.df.loc[selected(table, where, allow_empty=True).mask, plan.column] if where else table.df[plan.column]
    distinct = cells.dropna().unique()  # in order of first appearance: the first placeholder is the first row's
    blank = next((str(v).strip() for v in distinct if _PLACEHOLDER.match(str(v))), None)
    if blank is not None:  # '—' for no coach is no coach
        raise Abstain(f"{plan.column} holds '{blank}' (no name, a placeholder) among the rows counted: one of the "
                      f"different values, or none? Ask for the {plan.column} values or exclude '{blank}'.")
    by_name: dict[str, dict[str, str]] = {}  # name -> {cell casefolded: cell}; case variants are one cell
    for value in {str(v).strip() for v in distinct}:
        found = _NOTED.match(value)
        name = found.group("name") if found is not None and len(found.group("name")) >= 3 else value
        by_name.setdefault(name.casefold(), {}).setdefault(value.casefold(), value)
    shared = next((sorted(v.values()) for name, v in by_name.items() if len(v) > 1 and set(v) != {name}), None)
    if shared is not None:
        raise Abstain(f"{plan.column} writes one name with different notes ('{shared[0]}', '{shared[1]}'): "
                      f"{sum(map(len, by_name.values()))} different cells, {len(by_name)} different names; "
                      f"ask for the number of rows or name the {plan.column} values.")
