"""Verifier rules on what a plan adds up. A share summing a column whose cells are already
percentages ('57%') is a sum of percentages, never a share; 'how many have an area of at least 20
km?' read as the total Area of the rows with Area >= 20 counts nothing: the column compared is the
rows' test, and 'how many' counts the rows that pass it."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.table import Table

_COMPARING = {">", ">=", "<", "<=", "between"}


def percent_cells(table: Table, column: str | None) -> bool:
    """True when the loader read `column`'s cells as percentages ('57%' read as 57 (percent): its
    parse report, agent/numbers.py)."""
    report = table.reports.get(column or "") if isinstance(table.reports, dict) else None
    return report is not None and any("(percent)" in c for c in report.conversions)


def check_percent_sum(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when a share (RatioArgs) sums a column of percentages."""
    if type(plan).__name__ != "RatioArgs":
        return
    for column in {plan.column, plan.denominator_column} - {None}:
        if percent_cells(table, column):
            raise Abstain(f"{column} already holds percentages: a share of their sum means nothing; ask for the "
                          f"{column} of the rows you mean.")


def check_counted_total(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when 'how many' was read as the SUM of a column that a comparison of the
    same plan tests ('how many have an area of at least 20': the rows passing the test)."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "sum" or plan.group_by:
        return
    how_many = any(i.text.lower() == "how many" for i in reading.items)
    tested = any(p.column == plan.column and p.op.value in _COMPARING for p in plan.where)
    if how_many and tested:
        raise Abstain(f"'how many' with a test on {plan.column} counts the rows that pass it; the reading would "
                      f"add up {plan.column} instead. Ask 'how many rows have {plan.column} ...' or "
                      f"'the total {plan.column} of the rows with ...'.")
