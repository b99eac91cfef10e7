"""Verifier rule: a spending word ('spend', 'spent', 'expenses', 'paid') read as a money column that
holds both positive and negative amounts. A ledger of this kind keeps income and spending in one
column with opposite signs (which sign is which varies), so the column's total, ranking or share is
the net, not the spending: 'How much did I spend in total?' gave the net with the paychecks in
(trial 7: 12,694.54 where -15,320.87 was spent; 'Salary' as the category spent most on; a share of
-87.05%). Refused naming the word and the column, with the two readings that are exact. A plan
whose conditions select rows of one sign only ('spend on rent' where every Rent row is below 0) is
no net and is read as it is."""

from __future__ import annotations

from pydantic import BaseModel

from agent import table_rows
from agent.plan import AggregateArgs, Op
from agent.predicates import selected
from agent.router.reading import Reading
from agent.router.draft import Abstain
from agent.router.words import header_words
from agent.table import ColumnRole, Table

SPEND_WORDS = frozenset({"spend", "spent", "spending", "spends", "expense", "expenses", "expenditure",
                         "expenditures", "outgoings", "paid", "pay", "cost", "costs"})
"""Words for money going out."""
_MEASURED = ("column", "by", "denominator_column")
"""Plan fields naming the column a plan computes or ranks by."""


def check_signed_spend(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when a spending word that is not a header word of the measured column stands
    in the question and the plan computes over (or ranks by) a numeric column holding values below
    and above 0, or compares such a column with a number ('Did I ever spend more than 1000 on
    housing?' tested Amount > 1000 where spending is below 0: trial 8)."""
    _check_compared(plan, reading, table)
    for field in _MEASURED:
        column = getattr(plan, field, None)
        word = _signed_spend_word(column, reading, table) if isinstance(column, str) else None
        if word is not None and not _one_sign(plan, column, table):
            raise Abstain(f"'{word}' over {column}, which holds both positive and negative amounts (money in and "
                          f"money out): its total is the net, not what was spent; ask for the total {column} below "
                          f"0 (or above 0), whichever sign is spending here, or for the net total {column}.")


def _signed_spend_word(column: str, reading: Reading, table: Table) -> str | None:
    """The question's first spending word that is not a header word of `column`, when `column` is
    numeric and holds values below and above 0; None otherwise."""
    if table.roles.get(column) is not ColumnRole.numeric:
        return None
    own = {w.lower() for w in header_words(column)}
    word = next((t.text for t in reading.tokens if t.lower in SPEND_WORDS and t.lower not in own), None)
    if word is None:
        return None
    numbers = table_rows.numbers(table, column)
    return word if numbers.low is not None and numbers.low < 0 < numbers.high else None


def _one_sign(plan: BaseModel, column: str, table: Table) -> bool:
    """True when `plan` is one aggregate (no grouping) whose conditions select rows whose `column`
    values are all >= 0 or all <= 0, so its total is no net of money in and out; False for other
    plans, for no condition, and for a table whose rows stay in the file."""
    where = getattr(plan, "where", None)
    if not isinstance(plan, AggregateArgs) or not where or plan.group_by or table.lies_in_file:
        return False
    chosen = table.df[column][selected(table, where, allow_empty=True).mask].dropna()
    return bool(len(chosen)) and (bool((chosen >= 0).all()) or bool((chosen <= 0).all()))


_COMPARING = (Op.gt, Op.ge, Op.lt, Op.le, Op.between)
_CONDITIONS = ("where", "base", "condition")
"""Plan fields holding predicates."""


def _check_compared(plan: BaseModel, reading: Reading, table: Table) -> None:
    for field in _CONDITIONS:
        for p in getattr(plan, field, None) or []:
            word = _signed_spend_word(p.column, reading, table) if p.op in _COMPARING else None
            if word is not None:
                raise Abstain(f"'{word}' compared with {p.column}, which holds both positive and negative amounts "
                              f"(money in and money out): a sum spent may be stored below 0, so '{p.column} "
                              f"{p.op.value} {p.value:g}' may leave it out; ask with the sign meant ('{p.column} "
                              f"below -{abs(p.value):g}') or for the size of the amounts.")
