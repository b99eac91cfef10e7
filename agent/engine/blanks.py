"""Provenance of a percentage's blank cells: the rows a share of rows counts in its denominator
whose condition column is blank ('what share of answers are Yes' over rows where answer is empty).
They are counted, as rows, and cannot match the condition; the provenance says how many, rather than
'0 nulls' (nulls_skipped counts only the measure's missing values, which are left out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent.plan import Op, Predicate

if TYPE_CHECKING:
    import pandas as pd

BLANK_TESTS = (Op.is_null, Op.not_null)
"""Conditions that test blankness itself: a blank cell is what they ask about."""


def blank_columns(predicates: list[Predicate]) -> list[str]:
    """The columns of `predicates` whose blank cells cannot hold the condition, in order, once each."""
    return list(dict.fromkeys(p.column for p in predicates if p.op not in BLANK_TESTS))


def blank_note(blanks: int, predicates: list[Predicate]) -> list[str]:
    """['2 rows in the denominator have a blank answer (counted, as not matching)'], or [] for none."""
    if blanks <= 0:
        return []
    columns = " or ".join(blank_columns(predicates))
    rows = "1 row" if blanks == 1 else f"{blanks:,} rows"
    verb = "has" if blanks == 1 else "have"
    return [f"{rows} in the denominator {verb} a blank {columns} (counted, as not matching)"]


def blank_rows(frame: pd.DataFrame, base: pd.Series, predicates: list[Predicate]) -> int:
    """The rows of `frame` under the `base` mask with a blank in any column of blank_columns (the
    pandas reference of agent.engine.compile.blank_conditions)."""
    columns = blank_columns(predicates)
    if not columns:
        return 0
    return int(frame.loc[base, columns].isna().any(axis=1).sum())
