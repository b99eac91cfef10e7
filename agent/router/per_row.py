"""A ranking of groups where every group is one row ('which lake has the greatest depth' on one row
per lake): the groups are the rows, so the plan ranks rows by the column and returns the label,
ties named. A count per group is then 1 for every group, never what 'the most X' asks: it refuses."""

from __future__ import annotations

from agent.plan import Agg, AggregateArgs
from agent.queries import RankArgs
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.rows import one_per_row
from agent.table import ColumnRole, Table

_ROW_VALUE = (Agg.sum, Agg.mean, Agg.median, Agg.max, Agg.min)
"""Aggregates that, over a group of one row, are that row's value."""


def rows_not_groups(plan: object, reading: Reading, table: Table, notes: list[str]) -> object:
    """`plan` as a RankArgs when it ranks groups of one row each by op(column) and the question
    asks for the label ('which lake', 'who'); `plan` unchanged for any other plan. Raises Abstain
    for a count or distinct count ranked over one-row groups."""
    if not isinstance(plan, AggregateArgs) or len(plan.group_by) != 1 or plan.order is None:
        return plan
    label = plan.group_by[0]
    if table.roles.get(label) not in (ColumnRole.categorical, ColumnRole.identifier, ColumnRole.text) \
            or not one_per_row(table, label):
        return plan
    if plan.op in (Agg.count, Agg.count_distinct):
        what = f"the values of {plan.column}" if plan.column else "rows"
        raise Abstain(f"Each {label} is one row, so counting {what} per {label} gives 1 for every one; "
                      + (f"{plan.column} holds text, so I cannot rank the rows by it." if plan.column else
                         "name the column to rank the rows by."))
    if plan.op not in _ROW_VALUE or plan.column is None or table.roles.get(plan.column) is not ColumnRole.numeric \
            or not _asks_label(reading, label):
        return plan
    notes.append(f"each {label} is one row: ranked the rows by {plan.column} ({'lowest' if plan.order == 'asc' else 'highest'} "
                 "first) instead of totals per group")
    return RankArgs(by=plan.column, order=plan.order, limit=plan.limit or 1, columns=[label], where=plan.where)


def _asks_label(reading: Reading, label: str) -> bool:
    """True for 'who ...' and 'which/what <label column> ...' (the label is the answer, not the value)."""
    words = [t.lower for t in reading.tokens]
    if not words:
        return False
    if words[0] in ("who", "whom"):
        return True
    nxt = next((i for i in reading.items if i.pos == 1), None)
    return words[0] in ("which", "what") and nxt is not None and nxt.kind == "column" and nxt.column == label
