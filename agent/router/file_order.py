"""Checks on a 'first'/'last' read as the table's order ('the first team on this chart'): the
shapes where that reading answers another question than the one asked refuse, naming the words.
'first place' is a standing; 'opened first' orders by a column; 'where'/'when' ask for a column
nobody named; 'who' is not answered with a number or a date (cells with digits: 'January 21, 1987',
'1931 - 1936'); 'last in <column>' orders by that column; a summary row ('Total') is not the last entry;
'year' asks for a year, not a cell holding a month too ('the first year entered service': 'March 1983'),
and a column named only by its header's parentheses is not shown ('country' of 'Company (country)';
file_order_cells.py)."""

from __future__ import annotations

import math
import re
from itertools import pairwise

from agent.plan import Op, Predicate
from agent.predicates import selected
from agent.queries import RankArgs
from agent.router.draft import Abstain
from agent.router.file_order_cells import shown_by_bracket, year_asked
from agent.router.lexicon import Lexicon
from agent.router.link import Reading
from agent.router.name_columns import holds_names
from agent.router.positions import TIME, order_key, ordering_columns
from agent.router.rank import _who
from agent.router.standings import cells_at, check_telling, placed_before, standing_columns
from agent.router.tokens import tokenize
from agent.table import ColumnRole, Table

STANDINGS = frozenset({"place", "places", "position", "positions", "rank", "ranked", "finish", "finisher", "prize",
                       "pick", "round", "seed", "division"})
"""Words after 'first'/'last' that name a standing, not a row of the table ('first place')."""
UNNAMED = frozenset({"where", "when", "how", "why"})
"""Question words asking for a column the question does not name ('where was the first race')."""
TABLE_WORDS = frozenset({"chart", "list", "table", "listed"})
"""'on this chart', 'listed': the table itself and its order, in a question about its first/last rows."""
AGGREGATE_WORDS = frozenset({"average", "mean", "total", "sum", "combined", "median", "altogether"})
"""Words asking one number over the rows ('the average losses of the first three'), not the rows."""
SUMMARY = frozenset({"total", "totals", "average", "averages", "sum", "overall", "all", "mean"})
_EDGE = frozenset({"first", "last"})


_TOP_BOTTOM = {"top": "asc", "bottom": "desc"}
_AT_EDGE_FILLER = frozenset({"is", "was", "were", "are", "the", "listed", "shown", "at", "on", "of", "in", "this",
                             "chart", "list", "table", "page"})


def read_top_bottom(reading: Reading, lex: Lexicon, table: Table) -> RankArgs | None:
    """'which president is listed at the top of the chart', 'what is at the bottom of the list': the
    first or last row's value of the one column named. None for another shape; Abstain when a word
    is neither filler nor that column, or the row is a summary row."""
    del lex
    words = [t.lower for t in reading.tokens]
    if not words or words[0] not in ("which", "what", "who") or "at" not in words:
        return None
    at = words.index("at")
    if words[at + 1:at + 3] not in (["the", "top"], ["the", "bottom"]):
        return None
    order = _TOP_BOTTOM[words[at + 2]]
    columns, unknown = [], []
    strong = {i.pos: i.column for i in reading.items if i.kind == "column" and not i.similar}
    for p, word in enumerate(words[1:], start=1):
        if at <= p <= at + 2:
            continue
        if p in strong:
            columns.append(strong[p])
        elif word not in _AT_EDGE_FILLER:
            unknown.append(reading.tokens[p].text)
    columns = list(dict.fromkeys(columns))
    if unknown or len(columns) != 1:
        raise Abstain(f"I read 'at the {words[at + 2]}' as the {'first' if order == 'asc' else 'last'} row, but "
                      + (f"not the words {', '.join(map(repr, unknown))}." if unknown else
                         f"I could not tell which column to show ({', '.join(columns) or 'none named'})."))
    plan = RankArgs(by=None, order=order, limit=1, columns=columns)
    _no_summary_row(plan, table)
    reading.notes.append(f"read 'at the {words[at + 2]}' as the {'first' if order == 'asc' else 'last'} row in file order")
    return plan


def table_words(reading: Reading) -> None:
    """Drop 'chart' ('the first team on this chart') from the unmatched words, noted: in a question
    about the table's first or last rows it names the table."""
    kept = [u for u in reading.unmatched if u.lower() not in TABLE_WORDS]
    if len(kept) < len(reading.unmatched):
        reading.notes.append("read 'chart'/'listed' as the table and its order")
        reading.unmatched = kept


def check_file_order(reading: Reading, plan: RankArgs, lex: Lexicon, table: Table) -> RankArgs:
    """`plan` (first/last rows, by None) when the question asks for the table's order, narrowed to
    the column asked ('the density of the last city'); 'first place' becomes the row whose standing
    column holds 1. Raises Abstain for the other shapes (see the module docstring)."""
    words = [t.lower for t in reading.tokens]
    edge = [i for i, w in enumerate(words) if w in _EDGE]
    if not edge:
        return plan
    at = edge[0]
    if at + 1 < len(words) and words[at + 1] in STANDINGS or words[at] == "first" and placed_before(words, at):
        return first_place(reading, plan, words, at, table)
    aggregate = sorted(set(words) & AGGREGATE_WORDS)
    if aggregate:
        raise Abstain(f"'{aggregate[0]}' of the {words[at]} rows is an aggregate over a part of the table's order, "
                      "which I do not compute; ask for the rows, or rank by a column.")
    if words[0] in UNNAMED:
        raise Abstain(f"'{words[0]}' asks for a column the question does not name; name it "
                      f"('what is the <column> of the {words[at]} row?').")
    before = next((i for i in reading.items if i.pos == at - 1 and i.kind == "column"), None)
    if before is not None and (before.column in lex.numeric_columns or before.column in lex.date_columns):
        raise Abstain(f"'{before.text} {words[at]}' may order the rows by {before.column}, not by the table's order.")
    if words[at + 1:at + 2] == ["in"] and (ordered := _column_at(reading, at + 2, words)) is not None:
        raise Abstain(f"'{words[at]} in {ordered.text}' may order the rows by {ordered.column}, not by the table's "
                      "order; ask by that column.")
    if len(plan.columns) > 1:
        plan = plan.model_copy(update={"columns": [_asked_of_row(reading, plan, words, at)]})
    _every_column_used(reading, plan, at)
    _shown_by_name(reading, plan, at)
    shown_by_bracket(reading, plan, table)
    _time_agrees(plan, words, table)
    year_asked(reading, plan, table)
    shown = plan.columns[0] if plan.columns else None
    if words[0] in ("who", "whom") and shown is not None and (table.roles[shown] is ColumnRole.numeric
                                                               or not holds_names(table, shown)):
        raise Abstain(f"'who' asks for a name, but {shown} holds numbers or dates; name the column to show.")
    _no_summary_row(plan, table)
    return plan


def _column_at(reading: Reading, at: int, words: list[str]):
    """The column item (an exact link) at token `at`, or after 'the' there ('last in construction
    time', 'first in the standings'); None when none is."""
    if words[at:at + 1] == ["the"]:
        at += 1
    return next((i for i in reading.items if i.pos == at and i.kind == "column" and not i.similar), None)


def _asked_of_row(reading: Reading, plan: RankArgs, words: list[str], at: int) -> str:
    """Of two columns, the one asked of the row the other names: 'the density of the last city',
    'what city was the first race' (the first column right after the question word or before
    'of the', the second right after first/last). Raises Abstain for any other shape."""
    items = {i.pos: i for i in reading.items if i.kind == "column"}
    after = items.get(at + 1)
    asked = [i for i in items.values() if i.column != (after.column if after else None)]
    if after is not None and len(plan.columns) == 2 and len(asked) == 1:
        a = asked[0]
        if "name" in [t.lower for t in tokenize(a.column)]:  # 'the name of the first club' is the club
            raise Abstain(f"'{a.text} of the {words[at]} {after.text}' may be {a.column} or {after.column}; "
                          f"ask for the {after.column} or the {a.column} of that row.")
        end = a.pos + len(a.text.split())
        if words[end:end + 2] == ["of", "the"] and end + 2 == at or a.pos >= 1 and words[a.pos - 1] in ("what", "which"):
            return a.column
    raise Abstain(f"I could not tell which of {', '.join(plan.columns)} the question asks for.")


def first_place(reading: Reading, plan: RankArgs, words: list[str], at: int, table: Table) -> RankArgs:
    """'which country took first place', 'who came in first': the row whose standing column (a
    header holding the standing word said, else any standing word: router/standings.py) reads 1
    (Place = 1, or Place IN ('1', '1st') on a text column), showing the column asked (or the label
    for 'who'). Raises Abstain for 'last place' or when no one such column and row exist."""
    said = at + 1 < len(words) and words[at + 1] in STANDINGS
    standing = words[at + 1] if said else None
    shape = f"{words[at]} {standing}" if said else f"{words[at]} after a placing verb"
    if words[at] != "first":
        raise Abstain(f"'{shape}' names a standing, not the {words[at]} row of the table; "
                      "ask for the row where that column holds it.")
    columns = standing_columns(table, standing)
    shown = [c for c in plan.columns if c not in columns] or ([label] if (label := _who(reading, table)) else [])
    values, ones = cells_at(table, columns[0], 1) if len(columns) == 1 else ([], 0)
    if len(columns) != 1 or ones != 1 or len(shown) != 1:
        raise Abstain(f"'{shape}' names a standing; I found no one {standing or 'standing'} column with one row "
                      "at 1 and one column to show.")
    check_telling(table, shown[0], values, columns[0])
    reading.notes.append(f"read '{shape}' as the row where {columns[0]} reads 1 ({', '.join(map(repr, values))})")
    numeric = table.roles[columns[0]] is ColumnRole.numeric
    held = Predicate(column=columns[0], op=Op.eq, value=1.0) if numeric else \
        Predicate(column=columns[0], op=Op.in_, values=values)
    return RankArgs(by=None, order="asc", limit=1, columns=shown, where=[*plan.where, held])


def _every_column_used(reading: Reading, plan: RankArgs, at: int) -> None:
    """Abstain when a column the question names is neither shown, a condition, nor the row noun
    right after first/last ('the first type and standard' shown as Standard alone)."""
    used = {*plan.columns, *(p.column for p in plan.where)}
    words = [t.lower for t in reading.tokens]
    for item in reading.items:
        end = item.pos + len(item.text.split())
        row_noun = item.pos == at + 1 and words[end:end + 1] not in (["and"], ["or"])  # not 'the first type and standard'
        if item.kind == "column" and not item.similar and item.column not in used and not row_noun:
            raise Abstain(f"'{item.text}' names {item.column}, which the first/last rows I could read do not show.")


def _shown_by_name(reading: Reading, plan: RankArgs, at: int) -> None:
    """Abstain when the column shown is linked only by embedding similarity ('song' to Album#), or by
    a shared word start right after 'which'/'what' ('which performance was last' to Performer: the
    word there says what the rows are, here the performances, not a column of them) or right after
    the first/last at token `at` ('what was the first computer to use ...' to Computing mechanism:
    the computer is the row): weak evidence never decides what is answered. ('the categorization of the first product' keeps its derived
    link: there the word names the attribute asked, with a header word after 'of'.)"""
    strong = {i.column for i in reading.items if i.kind == "column" and not i.similar and not i.weak}
    opens = reading.tokens[0].lower if reading.tokens else ""
    for item in reading.items:
        weak_label = item.weak and (item.pos == 1 and opens in ("which", "what") or item.pos == at + 1)
        if (item.similar or weak_label) and item.column in plan.columns and item.column not in strong:
            how = "by similarity" if item.similar else "by a shared word start"
            raise Abstain(f"I linked '{item.text}' to {item.column} only {how}; name the column to show.")


def _time_agrees(plan: RankArgs, words: list[str], table: Table) -> None:
    """Abstain when a year/date column runs backwards through the file (the newest first): the
    first row is then the latest in time, and 'the first winner' may mean either, 'according to
    this chart' too (it names the table, not its order). 'listed', 'row' say the table's order."""
    if {"listed", "row", "rows"} & set(words):
        return
    for column in ordering_columns(table, TIME):
        keys = [order_key(v) for v in table.df[column] if not isinstance(v, str) or _YEAR.search(v)]
        keys = [k for k in keys if k is not None]  # 'November 9' then 'February 16': a season, no year said
        if len(keys) >= 2 and keys[0] > keys[-1]:
            descending = all(a >= b for a, b in pairwise(keys))
            how = "runs from newest to oldest" if descending else "is not in time order (its first row is later than its last)"
            raise Abstain(f"{column} {how}, so the {'first' if plan.order == 'asc' else 'last'} "
                          f"row is not the {'first' if plan.order == 'asc' else 'last'} in time; say 'listed "
                          f"{'first' if plan.order == 'asc' else 'last'}' or ask by {column}.")


_YEAR = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b")
"""A year written in a cell: without one, a month-day runs through a season and may wrap a new year."""


def _no_summary_row(plan: RankArgs, table: Table) -> None:
    """Abstain when a row the plan returns is labelled as a summary ('Total', 'Average'). Only the
    rows returned are read (positions from the mask), never a copy of the whole table."""
    import numpy as np  # deferred: a cached ask that never reaches a file-order plan imports neither

    positions = np.flatnonzero(selected(table, plan.where, allow_empty=True).mask)
    picked = positions[plan.offset: plan.offset + plan.limit] if plan.order == "asc" else \
        positions[max(0, len(positions) - plan.offset - plan.limit): len(positions) - plan.offset]
    if not _summary_positions(table) & {int(p) for p in picked}:
        return
    for column in table.df.columns:
        if table.roles[column] is ColumnRole.numeric:
            continue
        series = table.df[column]  # scalar reads: a take over a big table's columns costs milliseconds
        labels = [v for v in (series.iloc[int(p)] for p in picked) if not _missing(v)]
        if any(str(v).strip().casefold() in SUMMARY for v in labels):
            raise Abstain(f"The {'first' if plan.order == 'asc' else 'last'} row of the table is a summary row "
                          f"({column} = {labels[-1]!r}), not an entry.")


def _summary_positions(table: Table) -> frozenset[int]:
    """Positions of the rows whose cell in some column not numeric is labelled as a summary
    ('Total', 'Average'), read once per table and cached on it whole (threads share tables)."""
    cached = table.__dict__.get("_summary_positions")
    if cached is None:
        found: set[int] = set()
        for column in table.df.columns:
            if table.roles[column] is ColumnRole.numeric:
                continue
            found.update(p for p, v in enumerate(table.df[column]) if not _missing(v)
                         and str(v).strip().casefold() in SUMMARY)
        cached = table.__dict__["_summary_positions"] = frozenset(found)
    return cached


def _missing(value: object) -> bool:
    """True for a missing cell as pandas reads one (None, NaN, NA, NaT); a list cell is present."""
    import pandas as pd

    return value is None or value is pd.NA or value is pd.NaT or (isinstance(value, float) and math.isnan(value))
