"""A ranking of groups where every group is one row ('which lake has the greatest depth' on one row
per lake): the groups are the rows, so the plan ranks rows by the column and returns the label,
ties named; 'the total population of the 5 largest towns' is one total over the 5 top rows
(SubsetArgs). A count per group is then 1 for every group, never what 'the most X' asks: it refuses."""

from __future__ import annotations

from agent.plan import Agg, AggregateArgs
from agent.queries import RankArgs, SubsetArgs
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.rows import one_per_row
from agent.router.standing import check_standing
from agent.table import ColumnRole, Table

_ROW_VALUE = (Agg.sum, Agg.mean, Agg.median, Agg.max, Agg.min)
"""Aggregates that, over a group of one row, are that row's value."""


def rows_not_groups(plan: object, reading: Reading, table: Table, notes: list[str]) -> object:
    """`plan` as a RankArgs when it ranks groups of one row each by op(column) and the question
    asks for the label ('which lake', 'who'); `plan` unchanged for any other plan. Raises Abstain
    for a count or distinct count ranked over one-row groups."""
    _no_value_for_a_name(plan, reading)
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
    if plan.op not in _ROW_VALUE or plan.column is None or table.roles.get(plan.column) is not ColumnRole.numeric:
        return plan
    if (plan.limit or 1) > 1 and _one_aggregate(reading, plan.op):
        return _top_then_aggregate(plan, reading, table, notes)
    if not _asks_label(reading, label):
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


_AGG_WORDS = {Agg.sum: ("total", "sum", "combined", "altogether"), Agg.mean: ("average", "mean"),
              Agg.median: ("median",)}
_SIZE_WORDS = frozenset({"largest", "biggest", "smallest", "greatest", "best", "worst"})


def _one_aggregate(reading: Reading, op: Agg) -> bool:
    """True when the question names the aggregate ('the total population of the 5 largest towns')."""
    words = {t.lower for t in reading.tokens}
    return any(w in words for w in _AGG_WORDS.get(op, ()))


def _top_then_aggregate(plan: AggregateArgs, reading: Reading, table: Table, notes: list[str]) -> SubsetArgs:
    """One number over the N top rows: op(column) of the `limit` rows ranked by that column. A size
    word ('largest') with another numeric column in the table could rank by either: Abstain."""
    words = {t.lower for t in reading.tokens}
    numeric = [c for c in table.df.columns if table.roles[c] is ColumnRole.numeric]
    said = words & _SIZE_WORDS
    if said and len(numeric) > 1:
        raise Abstain(f"'{min(said)}' could rank the rows by {plan.column} or by "
                      f"{', '.join(c for c in numeric if c != plan.column)}; say 'by <column>'.")
    check_standing(plan.column, plan.order, plan.limit, bool(plan.where), reading, table)
    rank = "highest" if plan.order == "desc" else "lowest"
    notes.append(f"each {plan.group_by[0]} is one row: the {plan.op.value} of {plan.column} over the {plan.limit} "
                 f"rows with the {rank} {plan.column}")
    return SubsetArgs(op=plan.op, column=plan.column, by=plan.column, order=plan.order, limit=plan.limit,
                      where=plan.where)


def _no_value_for_a_name(plan: object, reading: Reading) -> None:
    """Abstain when a question asking for a name ('who ...', 'what is the name of ...') got a plain
    maximum or minimum, a number ('the name of the most retweeted author' -> MAX(retweets))."""
    if not isinstance(plan, AggregateArgs) or plan.group_by or plan.op not in (Agg.max, Agg.min):
        return
    words = [t.lower for t in reading.tokens]
    if words[:1] == ["who"] or words[:4] == ["what", "is", "the", "name"] or words[:3] == ["what", "the", "name"]:
        raise Abstain(f"The question asks for a name, but I read a {plan.op.value} of {plan.column}, a number; "
                      f"ask 'which <column> has the {'highest' if plan.op is Agg.max else 'lowest'} {plan.column}?'.")
