"""Ranked groups rank real values only: 'which gender has the highest average satisfaction' on a
table where Gender is blank in some rows must not answer 'missing'. A ranking of groups cut to the
top or bottom N (the plan orders groups and keeps a limit) gets `<group> IS NOT NULL` for each
group column whose matched rows hold a blank, and a note saying how many rows were left out, so
the restatement ('where Gender is not missing') and the provenance show it. A full list of groups
(no limit) keeps its 'missing' group: it is a breakdown of every row, and the blank rows are one
of its parts, shown as such."""

from __future__ import annotations

from pydantic import BaseModel

from agent.ops.common import selected
from agent.plan import AggregateArgs, Op, Predicate
from agent.table import Table


def rank_real_groups(plan: BaseModel, table: Table, notes: list[str]) -> BaseModel:
    """`plan` with `column IS NOT NULL` added for each group column holding a blank among the
    matched rows, when `plan` is an AggregateArgs ranking groups with a limit; else `plan` as it is.
    Appends one note per column added ('left out 7 rows with no Gender ...') to `notes`. A table
    read where it lies (a sample in memory) gets the condition for every group column, unnoted
    by count."""
    if not isinstance(plan, AggregateArgs) or not plan.group_by or plan.order is None or plan.limit is None:
        return plan
    where = list(plan.where)
    mask = selected(table, plan.where, allow_empty=True).mask if plan.where else None
    for column in plan.group_by:
        if any(p.column == column and p.op in (Op.not_null, Op.eq, Op.in_) for p in where):
            continue
        blanks = _blanks(table, column) if mask is None else int(table.df[column][mask].isna().sum())
        if not table.lies_in_file and not blanks:
            continue
        where.append(Predicate(column=column, op=Op.not_null))
        count = "" if table.lies_in_file else f"{blanks:,} "
        notes.append(f"left out {count}rows with no {column}: the ranking names only real {column} values")
    return plan if len(where) == len(plan.where) else plan.model_copy(update={"where": where})


def note_blank_negations(plan: BaseModel, table: Table, notes: list[str]) -> None:
    """Appends a note for each negated test ('not in the East region': region != 'East', or
    not in) on a column holding blank cells: those rows are left out (a blank region is not known
    to be other than East; the engine's NOT ... IS NULL), and the answer says how many. Reads the
    plan's where/base/condition lists; a table read where it lies is noted without a count."""
    for field in ("where", "base", "condition"):
        for p in getattr(plan, field, None) or []:
            if not isinstance(p, Predicate) or p.op not in (Op.ne, Op.not_in) or p.column not in table.df:
                continue
            blank = _blanks(table, p.column)
            if blank or table.lies_in_file:
                count = f"{blank:,} " if not table.lies_in_file else ""
                notes.append(f"left out {count}row{'s' if blank != 1 else ''} with no {p.column} from "
                             f"'{p.column} {p.op.value} ...': a blank is not known to differ")


def _blanks(table: Table, column: str) -> int:
    """The number of blank cells of `column` over every row of `table.df`, counted once per table
    and column (kept on the table: its cells never change)."""
    cache = table.__dict__.setdefault("_group_gap_blanks", {})
    if column not in cache:
        cache[column] = int(table.df[column].isna().sum())
    return cache[column]
