"""Verifier rules on what one row and one column stand for, whatever the words: a column picked by a
header that another column repeats ('Name' beside 'Name.1': the loader's mark of a repeated header),
a row count over rows that repeat one event (two rows agreeing on every column, or on all but a
running number and one other: one match listed once per goal), and 'from <value>' matched to a column of
where each row took place (a race's Location) while the rows counted or shown are people or teams
('winners from Brazil': where they come from is not the race's place)."""

from __future__ import annotations

import re

from pydantic import BaseModel

from agent import table_rows
from agent.ops.common import selected
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.verify.parts import Part, Role
from agent.table import ColumnRole, Table

_REPEATED = re.compile(r"^(?P<base>.+)\.(?P<n>\d+)$")
"""pandas' mark of a repeated header: the second 'Name' is read as 'Name.1'."""
PLACE_WORDS = frozenset({"location", "venue", "site", "host", "stadium", "arena", "ground", "circuit", "track"})
"""Header words of a column saying where a row's event took place, not where anyone comes from."""
_ROW_WORDS = frozenset({"row", "rows", "entry", "entries", "listed", "listings", "lines"})
"""Words counting the table's rows themselves."""
_MAX_ROWS = 5000
"""Rows up to which the repeated-event scan runs (a table of events listed per part is small)."""


def header_base(column: str) -> str:
    """`column` without the loader's repeat mark ('Name.1' -> 'Name'; 'Name' as it is)."""
    match = _REPEATED.match(column)
    return match.group("base") if match else column


def _named_with_mark(column: str, reading: Reading) -> bool:
    """True when the question writes the column's stored name, repeat mark and all ('score.1')."""
    match = _REPEATED.match(column)
    return match is not None and any(i.kind == "column" and i.column == column and i.text.split()[-1] == match.group("n")
                                     for i in reading.items)


def check_twin_headers(parts: list[Part], reading: Reading, table: Table) -> None:
    """Raises Abstain when a column of the plan's `parts` (plan_parts) shares its header with another column ('Name' and
    'Name.1', an English and a Japanese name): the header cannot say which one the question means.
    A column holding a text value the plan filters on is named by that value ('the champion
    before S Raj': S Raj is a Champion, not a prize in Champion.1), and so is one the question
    writes with its mark ('the total score.1')."""
    bases = _header_bases(table)
    valued = {p.column for p in parts if p.role is Role.filter
              and (isinstance(p.value, str) or any(isinstance(v, str) for v in p.values))}
    for part in parts:
        if part.column in valued or (part.column and _named_with_mark(part.column, reading)):
            continue
        twins = bases.get(header_base(part.column).strip().casefold(), []) if part.column else []
        if len(twins) > 1:
            raise Abstain(f"Two columns share the header '{header_base(part.column)}' ({', '.join(twins)}); "
                          "I cannot tell which one the question means. Name the column by what it holds.")


def _header_bases(table: Table) -> dict[str, list[str]]:
    """{casefolded header without its repeat mark ('Name' of 'Name.1'): the columns written so},
    cached on the table (the verifier asks on every plan)."""
    bases = table.__dict__.get("_verify_header_bases")
    if bases is None:
        bases = {}
        for column in map(str, table.columns):
            bases.setdefault(header_base(column).strip().casefold(), []).append(column)
        table.__dict__["_verify_header_bases"] = bases
    return bases


def _running_numbers(table: Table) -> list[str]:
    """Number columns numbering the rows ('#', 'No.'; typed numeric, or an identifier as a long
    table's are): a different whole number on every row, all between 0 and the row count + 1 (a year or a season is a value, not a row's number). Cached on
    the table (a fact of its rows, asked on every row count)."""
    cached = table.__dict__.get("_verify_running_numbers")
    if cached is None:
        cached = table.__dict__["_verify_running_numbers"] = _find_running_numbers(table)
    return cached


def _find_running_numbers(table: Table) -> list[str]:
    """_running_numbers, computed over the table's rows."""
    import pandas as pd

    found = []
    for column in table.df.columns:
        if table.roles.get(column) not in (ColumnRole.numeric, ColumnRole.identifier) \
                or not pd.api.types.is_numeric_dtype(table.df[column]):
            continue  # a long table's 'No.' 1..32 is typed an identifier: still the rows' own number
        values = table.df[column].dropna()
        if len(values) == len(table.df) and values.is_unique and bool((values % 1 == 0).all()) \
                and values.min() >= 0 and values.max() <= len(table.df) + 1:
            found.append(str(column))
    return found


def _tells_apart(table: Table, column: str) -> bool:
    """True when rows differing in `column` are different things whatever else they share: an
    identifier, a date (two events on two days), a text label of every row once (a ship's Name)."""
    role = table.roles.get(column)
    if role in (ColumnRole.identifier, ColumnRole.date):
        return True
    cache = table.__dict__.setdefault("_verify_tells_apart", {})
    if column not in cache:
        values = table.df[column].dropna()
        cache[column] = role is not ColumnRole.numeric and len(values) == len(table.df) and values.is_unique
    return cache[column]


def _worded(table: Table, column: str) -> bool:
    """True for a text column whose values are words with no digit ('Race of Brazil', 'Race of
    Belgium'): two rows differing there are two things named apart, not parts of one (a match's
    goals differ in a score or a minute). Cached on the table."""
    cache = table.__dict__.setdefault("_verify_worded", {})
    if column not in cache:
        values = [str(v) for v in table_rows.distinct(table, column)] \
            if table.roles.get(column) in (ColumnRole.text, ColumnRole.categorical) else []
        worded = [v for v in values if re.search(r"[^\W\d_]", v) and not re.search(r"\d", v)]
        cache[column] = bool(values) and len(worded) >= 0.8 * len(values)
    return cache[column]


def _row_groups(table: Table, columns: list[str]):
    """One group number per row of the table (numpy int array) for `columns`: two rows share a
    number when their cells, as written (text), agree on every one of `columns`. Built once per
    table and column list, and published whole (threads may route over one table at once)."""
    cache = table.__dict__.setdefault("_verify_row_groups", {})
    key = tuple(columns)
    if key not in cache:
        import numpy as np

        numbers: dict[tuple[str, ...], int] = {}
        text = table.df[columns].astype(str)
        rows = text.itertuples(index=False, name=None)
        cache[key] = np.fromiter((numbers.setdefault(row, len(numbers)) for row in rows), dtype=np.int64,
                                 count=len(text))
    return cache[key]


def _repeated_event(mask, columns: list[str], table: Table, numbered: bool) -> tuple[int, int, str | None] | None:
    """(first, second, the one other column they differ in or None): positions among the rows `mask`
    picks (a boolean array over the table's rows) of two
    rows agreeing on every column of `columns`, or, in a table that numbers its rows (`numbered`:
    a list of parts, goal 5 and goal 6), on all but one column, never one that tells rows apart
    (two ticket ids are two tickets: _tells_apart) nor one of names in words (_worded), where both rows
    hold a value; None when no two rows do. A log's two status
    updates on one day differ in one column with no row numbers: two events. The first two picked
    rows of the first group (by its first picked row) holding two picked rows are returned."""
    import numpy as np

    others = [c for c in columns if not _tells_apart(table, c) and not _worded(table, c)] if numbered else []
    picked = np.flatnonzero(mask)
    for left in [None, *others]:
        # two rows differing in `left` are parts of one thing only when both hold a value there: a
        # race 2 with no pole position beside race 1 is another race, not a goal of one match
        rows = picked if left is None else picked[table.df[left].notna().to_numpy()[picked]]
        groups = _row_groups(table, [c for c in columns if c != left])[rows]
        if len(groups) < 2:
            continue
        twice = np.bincount(groups)[groups] >= 2
        if twice.any():
            first = int(np.argmax(twice))
            same = np.flatnonzero(groups == groups[first])
            return int(np.searchsorted(picked, rows[same[0]])), int(np.searchsorted(picked, rows[same[1]])), left
    return None


def check_repeated_events(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a row count takes in two rows agreeing on every column, or on every
    column but the table's running number and one other (a match listed once per goal scored):
    the rows counted may be parts of one thing, and the question may count the things.
    A question counting rows by name ('how many rows', 'entries', 'times listed') counts rows."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "count" or plan.group_by \
            or table.rows > _MAX_ROWS or table.lies_in_file or {t.lower for t in reading.tokens} & _ROW_WORDS:
        return
    import numpy as np  # deferred: only a row count over a small table reads its rows here

    numbers = set(_running_numbers(table))
    columns = [str(c) for c in table.df.columns if str(c) not in numbers]
    if len(columns) < 4:
        return
    mask = np.asarray(selected(table, plan.where, allow_empty=True).mask) if plan.where else np.ones(len(table.df), bool)
    found = _repeated_event(mask, columns, table, bool(numbers))
    if found is not None:
        positions = np.flatnonzero(mask)
        first, second, other = int(positions[found[0]]), int(positions[found[1]]), found[2]
        apart = [*sorted(numbers), *([other] if other else [])]
        differ = f" but {' and '.join(apart)}" if apart else ""
        raise Abstain(f"Rows {first + 1} and {second + 1} agree on every column{differ}: they may be one event "
                      "listed twice, so a count of rows may not be a count of what the question asks; "
                      "ask for the number of rows, or of different values of a column.")


def check_place_of_event(parts: list[Part], reading: Reading, table: Table) -> None:
    """Raises Abstain for 'from <value>' read as a filter on a column of where each row took place
    (Location, Venue, Site) while the plan's `parts` (plan_parts) count or show another column that repeats among the
    rows: 'winners from Brazil' over races (a winner of two races) asks where the winners come
    from, which a race's location does not say. A column naming each row once ('teams from
    Brisbane', one team a row) is the rows' own entity, whose place the row gives."""
    asked = {p.column for p in parts if p.role in (Role.measure, Role.shown) and p.column in table.roles
             and _repeats(table, p.column)}  # one team per row: the row's place is the team's
    filtered = {p.column for p in parts if p.role is Role.filter and p.column}
    for item in reading.items:
        before = reading.tokens[item.pos - 1].lower if item.pos >= 1 else ""
        column = item.column if item.kind == "value" else None
        if before != "from" or column not in filtered or not asked - {column}:
            continue
        words = {w.casefold() for w in re.findall(r"[A-Za-z]+", column)}
        if words & PLACE_WORDS:
            raise Abstain(f"'from {item.text}' matches {column}, where each row took place; it does not say where "
                          f"each {' or '.join(sorted(asked - {column}))} comes from. Say 'in {item.text}' if you mean "
                          "the place.")


def _repeats(table: Table, column: str) -> bool:
    """True when a present value of `column` occurs on two rows (by SQL: no rows read)."""
    counts = table_rows.counts(table, column)
    return counts.distinct < counts.present


def check_grain(plan: BaseModel, parts: list[Part], reading: Reading, table: Table) -> None:
    """All the grain rules, `parts` being plan_parts(plan); raises Abstain naming what one row or
    column may not stand for."""
    check_twin_headers(parts, reading, table)
    check_place_of_event(parts, reading, table)
    check_repeated_events(plan, reading, table)
