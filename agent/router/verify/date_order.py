"""Slash dates whose order no cell shows: in a column where every day and month is 12 or less
('01/02/2024', '11/04/2024'), the loader's month-first reading is a default (agent.numbers.ASSUMED),
weak evidence, so it never decides which rows count, how they group or rank, or which date is
shown. A plan part that depends on the month or day of such a column is refused, naming the
column, a cell and both readings; parts that do not depend on the order still answer: a whole
year ('in 2024': both readings give every cell the same year), a missing or present date, a
count or distinct count of dates, and the latest row or a ranking by dates that rank alike
either way ('01/04/2024' and '01/05/2024': lexicon date_same_order)."""

from __future__ import annotations

import re

from agent.router.draft import DataAbstain
from agent.router.lexicon import Lexicon
from agent.router.verify.parts import Part, Role

_YEAR = re.compile(r"\d{4}")
_ORDER_FREE_OPS = ("is null", "is not null")
_COUNTS = ("count", "count_distinct")


def check_date_order(parts: list[Part], lex: Lexicon) -> None:
    """Raises DataAbstain when one of a plan's `parts` (plan_parts) depends on the month or day of
    a date column whose order is assumed (lex.date_assumed); returns None otherwise."""
    if not lex.date_assumed:
        return
    counted = {p.column for p in parts if p.role is Role.aggregate and p.op in _COUNTS}
    for part in parts:
        cell = lex.date_assumed.get(part.column or "")
        ranks_alike = part.column in lex.date_same_order
        if cell is not None and _depends(part, counted, ranks_alike):
            raise DataAbstain(_message(part.column or "", cell))


def check_mixed_dates(parts: list[Part], lex: Lexicon) -> None:
    """Raises DataAbstain when one of a plan's `parts` (plan_parts) reads a text column of dates written several ways
    that do not read one way (lex.date_mixups: '05/03/2024' beside '2024-03-05'), but a test of
    a blank or present cell: its cells as text would count, match, group or rank one day written
    two ways as two values, and read as dates some would be a guess."""
    if not lex.date_mixups:
        return
    for part in parts:
        reason = lex.date_mixups.get(part.column or "")
        if reason is not None and not (part.role is Role.filter and part.op in _ORDER_FREE_OPS):
            raise DataAbstain(f"{reason}.")


def _depends(part: Part, counted: set[str | None], ranks_alike: bool) -> bool:
    """True when `part` may differ read month-first or day-first (`ranks_alike`: the column's
    distinct dates rank the same either way, so a latest row or a ranking does not)."""
    if part.role is Role.filter:
        if part.op in _ORDER_FREE_OPS or (ranks_alike and part.op in ("latest", "earliest")):
            return False
        bounds = [v for v in (part.value, part.upper, *part.values) if v is not None]
        return not bounds or not all(_YEAR.fullmatch(str(v).strip()) for v in bounds)
    if part.role is Role.period:
        return not all(_YEAR.fullmatch(str(v).strip()) for v in (part.value, part.upper) if v is not None)
    if part.role is Role.measure:
        return part.column not in counted
    if part.role in (Role.order_key, Role.structural):
        return not ranks_alike
    return part.role in (Role.shown, Role.group)


def _message(column: str, cell: str) -> str:
    a, b, year = (cell.split(" ")[0].split("/") + ["", "", ""])[:3]
    first = f"{year}-{int(a):02d}-{int(b):02d}" if a.isdigit() and b.isdigit() else "month-first"
    second = f"{year}-{int(b):02d}-{int(a):02d}" if a.isdigit() and b.isdigit() else "day-first"
    return (f"The dates in {column} read either month-first or day-first ('{cell}' is {first} or {second}), and "
            f"no cell shows which (no day above 12); the answer depends on it, so I will not assume one. "
            f"Dates written YYYY-MM-DD, or one cell with a day above 12, settle it.")
