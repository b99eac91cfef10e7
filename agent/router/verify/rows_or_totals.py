"""Verifier rule: 'which team did the most laps?' where a team has several rows (two cars) is the
team of the row with the most laps or the team with the most laps in total, and the words do not
say which. The grouped total stands when both readings name the same group; when they name
different ones and nothing says 'in total'/'overall' or 'in a single ...', the router refuses,
naming both. The single-row reading needs rows that are entries of their own: a label on every row
(a driver, a car: a text column other than the grouping with a distinct value on each row, or
one that tells apart the rows of one group: each poll of a company has its own source) or rows
listed in order of the measure (a results table, by laps). Rows with neither ('brand, price,
units': anonymous lines of a brand) are parts of their group, and the grouped total stands."""

from __future__ import annotations

from pydantic import BaseModel

from agent.ops.common import selected
from agent.router import vocabulary as V
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.table import ColumnRole, Table


_TOTAL_WORDS = {"total", "totals", "sum", "combined"}
"""Words saying the groups' totals are meant ('the lowest total spending')."""


def _few_groups(table: Table, column: str) -> bool:
    """True when `column` has few values for its rows (at most a tenth: teams, states): its values
    are groups of rows, and a total per group is the reading (as agent/router/rank.py reads it)."""
    values = table.df[column].dropna()
    return values.nunique() <= 0.1 * len(values)


_LABEL_ROLES = (ColumnRole.text, ColumnRole.categorical, ColumnRole.identifier)


def rows_are_entries(table: Table, group: str, measure: str) -> bool:
    """True when `table`'s rows are entries of their own (see the module doc): some text column but
    `group` holds a distinct value on every row or tells apart the rows of one group, or the `measure` values (3 or more, not all equal)
    are listed in order, never rising or never falling."""
    for name, role in table.roles.items():
        if name != group and role in _LABEL_ROLES:
            values = table.df[name]
            if bool(values.notna().all()) and values.is_unique:
                return True
            if _varies_within(table, group, name):
                return True
    values = table.df[measure].dropna()
    if len(values) < 3 or values.nunique() < 2:
        return False
    return bool(values.is_monotonic_increasing or values.is_monotonic_decreasing)


def _varies_within(table: Table, group: str, label: str) -> bool:
    """True when `label` (a text column other than the grouping) holds two different values on the
    rows of one `group` value: the rows of that group are told apart by their own label (a poll's
    source, a race's venue), so each row is an entry of its own, not an anonymous part of a total."""
    frame = table.df[[group, label]].dropna()
    return bool((frame.groupby(group)[label].nunique() > 1).any())


def top_group_and_row(plan: BaseModel, table: Table) -> tuple[object, object] | None:
    """(the group first by the plan's grouped total, the group of the row first by the measure) for
    a one-group ranking of sums over one grouping column; None when no row has both."""
    column, group = plan.column, plan.group_by[0]
    frame = table.df[[group, column]] if column != group else table.df[[group]]
    if plan.where:
        import numpy as np
        frame = frame[np.asarray(selected(table, plan.where, allow_empty=True).mask)]
    frame = frame.dropna()
    if frame.empty:
        return None
    totals = frame.groupby(group)[column].sum()
    desc = plan.order == "desc"
    top_total = totals.idxmax() if desc else totals.idxmin()
    top_row = frame.loc[frame[column].idxmax() if desc else frame[column].idxmin(), group]
    return top_total, top_row


def check_rows_or_totals(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a ranked grouped SUM cut to one group (AggregateArgs op sum, one group_by
    column, an order, limit 1) names another group than the single row with the largest (smallest)
    measure, the rows are entries of their own (`rows_are_entries`), and the question says neither
    'in total'/'overall' nor 'in a single ...'."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "sum" or len(plan.group_by or []) != 1 \
            or plan.order is None or plan.limit != 1 or table.lies_in_file or reading.row_scope \
            or V.TOTAL_SCOPE.search(" ".join(t.text for t in reading.tokens)) \
            or any(t.lower in _TOTAL_WORDS for t in reading.tokens) or _few_groups(table, plan.group_by[0]) \
            or not rows_are_entries(table, plan.group_by[0], plan.column):
        return
    found = top_group_and_row(plan, table)
    if found is not None and found[0] != found[1]:
        raise Abstain(f"{plan.group_by[0]} repeats across rows: by total {plan.column} it is {found[0]}, by the single "
                      f"row with the {'most' if plan.order == 'desc' else 'least'} {plan.column} it is {found[1]}. "
                      f"Say 'in total' or 'in a single row'.")
