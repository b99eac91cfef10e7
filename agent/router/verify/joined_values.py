"""Verifier rule: figures per value of a column some of whose cells join several of its values.

'which country is listed the least?' over a Country column holding 'Australia' (19 rows), 'New
Zealand' (5), 'New Zealand, Australia' (1) and 'Ireland' (1): the cell 'New Zealand, Australia'
is two countries, each counted elsewhere, so a count of rows per cell is not a count per country
('New Zealand' is listed 6 times, not 5, and 'New Zealand, Australia' is no country). The same
holds for any figure per group of such a column ('which country has the most mountains?' over
'Nepal/China' x4, 'Nepal' x3: Nepal has 8 of 10, not 3; the total height per country), for the
most/least common values, and for the number of distinct values ('how many different countries':
'Nepal/China' is no country of its own). The reading is refused naming the joined cell.

A cell joins values when it splits at commas, slashes, semicolons, '&' or ' and ' into two or more
parts, each with a letter ('1/2' is a fraction), each of them a value of the same column on its
own or a part of two or more such cells ('China' of 'Nepal/China' and 'Pakistan/China'), and one
of them at least a value on its own (strong evidence: 'Rome, Italy' beside no 'Rome' is one value,
and so are 'Rome, Italy' and 'Milan, Italy', whose 'Rome' and 'Milan' stand nowhere else). Cells
that list items in no fixed order join values too, whether or not any item stands alone: a part
opening one cell stands later in another ('Plan B, Skrein' and 'Labrinth, Plan B': 'which artist
appears the most' is not the most frequent cell). A cell of two lines or more ('Trevor Taylor\n Jim
Clark': a drive shared in one row) joins values when one of its lines is a value of its own: 'which
driver appears the most' counts Jim Clark in that cell too."""

from __future__ import annotations

import re
from collections import Counter

from pydantic import BaseModel

from agent import table_rows
from agent.router.draft import DataAbstain
from agent.table import ColumnRole, Table

_SPLIT = re.compile(r"\s*(?:,|/|;|\band\b|&)\s*")
_MAX_VALUES = 5000
"""Distinct values up to which a column is scanned (a column of few repeated values)."""


def joined_cell(table: Table, column: str) -> str | None:
    """The first value of `column` that joins two or more values of it (module docstring), or
    None; cached on the table."""
    cache = table.__dict__.setdefault("_verify_joined", {})
    if column not in cache:
        values = [v for v in table_rows.distinct(table, column) if isinstance(v, str)]
        cache[column] = _first_joined(values) if len(values) <= _MAX_VALUES else None
    return cache[column]


def _first_joined(values: list[str]) -> str | None:
    """The first of `values` that joins others (module docstring), or None."""
    own = {v.strip().casefold() for v in values}
    split = {v: [p.casefold() for p in _SPLIT.split(v.strip()) if p] for v in values}
    split = {v: parts for v, parts in split.items() if len(parts) >= 2}
    shared = Counter(p for parts in split.values() for p in set(parts))
    listed = _listed_parts(split)
    for value in values:
        lines = [p.strip().casefold() for p in value.strip().split("\n") if p.strip()]
        if len(lines) >= 2 and all(any(ch.isalpha() for ch in line) for line in lines) \
                and any(line in own for line in lines):
            return value
    for value, parts in split.items():
        if not all(any(ch.isalpha() for ch in p) for p in parts):
            continue
        if all(p in own or shared[p] >= 2 for p in parts) and any(p in own for p in parts) \
                or any(p in listed for p in parts):
            return value
    return None


def _listed_parts(split: dict[str, list[str]]) -> set[str]:
    """The parts that open one joined cell and stand later in another ('Plan B' of 'Plan B, Skrein'
    and 'Labrinth, Plan B'): the cells list items in no fixed order, so each is several values.
    'Rome, Italy' and 'Milan, Italy' keep 'Italy' last: a place in a country, one value."""
    first = {parts[0] for parts in split.values()}
    later = {p for parts in split.values() for p in parts[1:]}
    return first & later


def _grouped_columns(plan: BaseModel) -> list[str]:
    """The columns whose values the plan reports a figure for (group-bys, the column of a
    frequency) or counts the distinct values of; empty for any other plan."""
    name = type(plan).__name__
    if name in ("AggregateArgs", "RatioArgs") and plan.group_by:
        return list(plan.group_by)
    if name == "AggregateArgs" and plan.op.value == "count_distinct" and plan.column:
        return [plan.column]
    if name == "FrequencyArgs":
        return [plan.column]
    return []


def check_joined_values(plan: BaseModel, table: Table) -> None:
    """Raises DataAbstain when a figure per value of a text column (a group-by of any aggregate or
    ratio, the most/least common values, a count of distinct values) meets a cell joining several
    of its values (module docstring)."""
    for column in _grouped_columns(plan):
        if table.roles.get(column) not in (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier):
            continue
        cell = joined_cell(table, column)
        if cell is not None:
            raise DataAbstain(f"The {column} cell '{cell}' joins several values of {column} that other "
                              "cells hold too, so a figure per cell is not a figure per value; I cannot split the cells.")
