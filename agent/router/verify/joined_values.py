"""Verifier rule: counts per value of a column some of whose cells join several of its values.

'which country is listed the least?' over a Country column holding 'Australia' (19 rows), 'New
Zealand' (5), 'New Zealand, Australia' (1) and 'Ireland' (1): the cell 'New Zealand, Australia'
is two countries, each counted elsewhere, so a count of rows per cell is not a count per country
('New Zealand' is listed 6 times, not 5, and 'New Zealand, Australia' is no country). The reading
is refused naming the joined cell.

A cell joins values when it splits at commas, slashes, semicolons or ' and ' into two or more
parts, each of them a value of the same column on its own, with a letter ('1/2' is a fraction) (strong evidence: 'Rome, Italy' beside
no 'Rome' and no 'Italy' is one value)."""

from __future__ import annotations

import re

from pydantic import BaseModel

from agent import table_rows
from agent.router.draft import DataAbstain
from agent.table import ColumnRole, Table

_SPLIT = re.compile(r"\s*(?:,|/|;|\band\b|&)\s*")
_MAX_VALUES = 5000
"""Distinct values up to which a column is scanned (a column of few repeated values)."""


def joined_cell(table: Table, column: str) -> str | None:
    """The first value of `column` that joins two or more other values of it (module docstring),
    or None; cached on the table."""
    cache = table.__dict__.setdefault("_verify_joined", {})
    if column not in cache:
        values = [v for v in table_rows.distinct(table, column) if isinstance(v, str)]
        known = {v.strip().casefold() for v in values}
        found = None
        if len(values) <= _MAX_VALUES:
            for value in values:
                parts = [p.casefold() for p in _SPLIT.split(value.strip()) if p]
                if len(parts) >= 2 and all(p in known and any(ch.isalpha() for ch in p) for p in parts):
                    found = value
                    break
        cache[column] = found
    return cache[column]


def check_joined_values(plan: BaseModel, table: Table) -> None:
    """Raises DataAbstain when a count or frequency per value of a text column (a grouped count, or
    the most/least common values) meets a cell joining several of its values (module docstring)."""
    name = type(plan).__name__
    if name == "AggregateArgs" and plan.op.value == "count" and plan.group_by:
        columns = list(plan.group_by)
    elif name == "FrequencyArgs":
        columns = [plan.column]
    else:
        return
    for column in columns:
        if table.roles.get(column) not in (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier):
            continue
        cell = joined_cell(table, column)
        if cell is not None:
            raise DataAbstain(f"The {column} cell '{cell}' joins several values of {column} that have rows of their "
                              "own, so a count of rows per cell is not a count per value; I cannot split the cells.")
