"""Verifier rules on what a plan adds up. A share summing a column whose cells are already
percentages ('57%') is a sum of percentages, never a share; 'how many have an area of at least 20
km?' read as the total Area of the rows with Area >= 20 counts nothing: the column compared is the
rows' test, and 'how many' counts the rows that pass it; and 'how many prisons' read as the total of
'# of prisoners designed for' turns a count into a sum on a shared word start only (weak evidence
deciding the aggregate function)."""

from __future__ import annotations

from pydantic import BaseModel

from agent.router.calendar import YEAR_VALUES, is_year
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.router.verify.context import Strength, strength_of
from agent.table import ColumnRole, Table

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


def check_weak_total(plan: BaseModel, reading: Reading) -> None:
    """Raises Abstain when 'how many X' was read as the SUM of a column that only weak evidence
    (a shared word start, embedding similarity) links to X: the sum, not a row count, would rest
    on that link."""
    if type(plan).__name__ != "AggregateArgs" or plan.op.value != "sum":
        return
    if not any(i.text.lower() == "how many" for i in reading.items):
        return
    named = [i for i in reading.items if i.kind == "column" and i.column == plan.column]
    if named and all(strength_of(i) is Strength.WEAK for i in named):
        words = ", ".join(f"'{i.text}'" for i in named)
        raise Abstain(f"{words} only resembles {plan.column} (a shared word start), so I cannot tell whether "
                      f"'how many' counts rows or adds up {plan.column}; name the column or say 'how many rows'.")


def years_column(table: Table, column: str | None) -> bool:
    """True for a numeric column headed 'Year' (or 'Season') whose values are all whole numbers
    between 1000 and 2100: calendar years, labels of time, never a quantity to add up."""
    from agent import table_rows
    from agent.router.words import header_words, singular

    if not column or table.roles.get(column) is not ColumnRole.numeric \
            or not {singular(w) for w in header_words(column)} & {"year", "season"}:
        return False
    values = [v for v, _ in table_rows.values(table, column) if v is not None]
    return bool(values) and all(isinstance(v, (int, float)) and float(v).is_integer() and is_year(v, YEAR_VALUES)
                                for v in values)


def check_summed_years(plan: BaseModel, table: Table) -> None:
    """Raises Abstain when an AggregateArgs adds up a column of calendar years ('the total years on
    the chart' read as SUM(Year) = 114,454): a year is a point in time; 'total years' asks how many
    years or how long."""
    if type(plan).__name__ == "AggregateArgs" and plan.op.value == "sum" and years_column(table, plan.column):
        raise Abstain(f"{plan.column} holds calendar years: adding them up means nothing. Ask 'how many different "
                      f"{plan.column}' or the span between two of them.")
