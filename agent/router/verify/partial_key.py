"""Verifier rule: a grouping by a day column that holds no year ('Nov 22') on a table with a year
column pools days of different years into one group. 'which date was attended by the most
people?' over a game a row (Year, Date, Attendance) summed 'Nov 22' of 1986 and of 1992 together
and named a day no game drew; the day is only a key with its year."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.words import header_words, singular
from agent.table import ColumnRole, Table

_DAY_WORDS = {"date", "day"}
_YEAR_WORDS = {"year", "season"}


def _headed(column: str, words: set[str]) -> bool:
    return bool({singular(w) for w in header_words(column)} & words)


def pooled_years(table: Table, day: str) -> str | None:
    """The year column when `day` is a text column of days (header 'Date', 'Day') whose values
    repeat across that column's years ('Nov 22' in 1986 and 1992), else None. Cached on the table
    per column (a fact of its rows)."""
    cache = table.__dict__.setdefault("_pooled_years", {})
    if day not in cache:
        cache[day] = _pooled_years(table, day)
    return cache[day]


def _pooled_years(table: Table, day: str) -> str | None:
    """pooled_years, computed."""
    if table.roles.get(day) is ColumnRole.date or table.roles.get(day) not in (
            ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier) or not _headed(day, _DAY_WORDS):
        return None  # a typed date holds its year
    for year in table.columns:
        if year != day and _headed(str(year), _YEAR_WORDS) and not _headed(str(year), _DAY_WORDS):
            frame = table.df[[day, year]].dropna()
            if len(frame) and int(frame.groupby(day)[year].nunique().max()) > 1:
                return str(year)
    return None


def check_pooled_days(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when an AggregateArgs groups by a day column that pools several years
    (pooled_years)."""
    if type(plan).__name__ != "AggregateArgs" or table.lies_in_file:
        return
    for column in plan.group_by or []:
        year = pooled_years(table, column)
        if year is not None:
            raise Abstain(f"{column} holds days without their year, and one day recurs in several {year} values; a "
                          f"group per {column} would pool different years. Ask about the rows (the day and its {year}).")
