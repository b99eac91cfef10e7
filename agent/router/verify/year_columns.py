"""Verifier rule: a bare year read against one column while another column dates the rows too.

'how many races were in 2010?' on a table with Season (2010 for the 2009-10 season) and Date
('28 Nov 2009', '24 Jan 2010'): the router reads 2010 as Season = 2010 because the number is a
value of Season, but the year 2010 of Date picks other rows. With no word naming the column, the
question does not say which calendar it means, so the reading is refused naming both columns.
Columns that agree on the rows (a Year column beside a Date of the same year) are left alone.

Another column dates the rows when it is a date column, or a text column most of whose present
cells ('28 Nov 2009', 'July 1996') hold a year of four digits; a note that mentions a year on a
few rows is not a calendar."""

from __future__ import annotations

import re

from pydantic import BaseModel

from agent.plan import Predicate
from agent.router.calendar import CALENDAR_YEARS, is_year
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.table import ColumnRole, Table

_YEAR = re.compile(r"(?<!\d)(?:1[0-9]{3}|2[0-9]{3})(?!\d)")
_DATED_SHARE = 0.8
"""Share of a text column's present cells that must hold a four-digit year for it to date the rows."""
_MAX_ROWS = 20000
"""Rows up to which the rule reads cells (the tables whose columns rival for a year are small)."""


def _years(plan: BaseModel) -> list[Predicate]:
    """Equalities of the plan's row conditions with a whole number that can be a year (1000-2999)."""
    found = []
    for name in ("where", "base", "condition"):
        for p in getattr(plan, name, []) or []:
            if isinstance(p, Predicate) and p.op.value == "=" and isinstance(p.value, (int, float)) \
                    and not isinstance(p.value, bool) and float(p.value).is_integer() and is_year(p.value, CALENDAR_YEARS):
                found.append(p)
    return found


def _year_rows(table: Table, column: str, year: int):
    """A boolean Series: the rows `column` dates in `year`, or None when the column does not date
    the rows (module docstring)."""
    import pandas as pd

    values = table.df[column]
    if table.roles.get(column) is ColumnRole.date and pd.api.types.is_datetime64_any_dtype(values):
        return values.dt.year == year
    if table.roles.get(column) not in (ColumnRole.text, ColumnRole.categorical) or values.dtype.kind not in "OT":
        return None
    text = values.dropna().astype(str)
    if text.empty or text.str.contains(_YEAR).mean() < _DATED_SHARE:
        return None
    return values.astype(str).str.contains(rf"(?<!\d){year}(?!\d)", regex=True) & values.notna()


def check_year_elsewhere(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a year the plan reads as `<column> = <year>` with no word naming that
    column picks other rows than the same year of another column dating the rows (module
    docstring): 'in 2010' as Season = 2010 beside a Date of 2010 on other rows."""
    named = {i.column for i in reading.items if i.kind == "column"}
    _check_period_elsewhere(plan, table, named)
    predicates = _years(plan)
    if not predicates or table.lies_in_file or table.rows > _MAX_ROWS:
        return
    for predicate in predicates:
        if predicate.column in named or table.roles.get(predicate.column) is not ColumnRole.numeric:
            continue
        year = int(predicate.value)
        own = table.df[predicate.column] == year
        clash = _first_clash(table, predicate.column, own, year, _year_rows)
        if clash is not None:
            column, other = clash
            raise Abstain(f"{year} is a value of {predicate.column} ({int(own.sum())} rows), and {column} "
                          f"holds the year {year} on {int(other.sum())} rows, not the same ones; which does the "
                          f"question mean? Name the column ('{predicate.column} {year}').")


def _check_period_elsewhere(plan: BaseModel, table: Table, named: set[str]) -> None:
    """The same rule the other way round: a bare year read as a period of a date column ('in 2010'
    as Date in 2010, now that '24 Jan 2010' cells are dates) while a numeric column of calendar
    years (Season) holds that year on other rows. Raises Abstain naming both."""
    periods = [p for name in ("where", "base", "condition") for p in getattr(plan, name, []) or []
               if isinstance(p, Predicate) and p.op.value == "=" and isinstance(p.value, str)
               and re.fullmatch(r"\d{4}", p.value) and p.column not in named
               and table.roles.get(p.column) is ColumnRole.date]
    if not periods or table.lies_in_file or table.rows > _MAX_ROWS:
        return
    for p in periods:
        own = _year_rows(table, p.column, int(p.value))
        clash = None if own is None else _first_clash(table, p.column, own, int(p.value), _calendar_year_rows)
        if clash is not None:
            column, other = clash
            raise Abstain(f"{p.value} is a year of {p.column} ({int(own.sum())} rows), and {column} holds "
                          f"{p.value} on {int(other.sum())} rows, not the same ones; which does the question "
                          f"mean? Name the column ('{column} {p.value}').")


def _first_clash(table: Table, column: str, own, year: int, rows_of):
    """The first other column whose rows of `year` (`rows_of(table, name, year)`, a boolean Series
    or None) are some rows but not `own` (a boolean Series over the table): (name, its Series),
    or None."""
    for name in map(str, table.df.columns):
        other = None if name == column else rows_of(table, name, year)
        if other is not None and bool(other.any()) and not bool((other == own).all()):
            return name, other
    return None


def _calendar_year_rows(table: Table, column: str, year: int):
    """A boolean Series: the rows a numeric column of calendar years holds `year` on, or None when
    `column` is not one (some value is not a whole calendar year)."""
    import pandas as pd  # only for a year period on a date column (the cells are read)

    values = table.df[column]
    if table.roles.get(column) is not ColumnRole.numeric or not pd.api.types.is_numeric_dtype(values):
        return None
    present = values.dropna()
    if present.empty or not all(float(v).is_integer() and is_year(v, CALENDAR_YEARS) for v in present):
        return None
    return values == year
