"""Yes/no tests beyond 'any row' and 'aggregate vs number' (see queries._yes_no): the number of rows
against a number ('fewer than 200k rows'), one value across all rows ('Is X the same across all
rows?'), and a comparison every row must pass ('Are all CGPA values below 10?')."""

from __future__ import annotations

from collections.abc import Callable

from agent.plan import Agg, Op
from agent.queries import CheckArgs, CheckKind, Cmp, Measure
from agent.router.reading import Reading
from agent.router.draft import Abstain, Draft

_CMP = {">": Cmp.gt, ">=": Cmp.ge, "<": Cmp.lt, "<=": Cmp.le, "=": Cmp.eq}


def row_count_check(draft: Draft, named: list[str]) -> CheckArgs:
    """'Does the dataset have fewer than 200k rows?': COUNT(*) of the rows the other conditions
    pick, compared with the number. `named`: columns the question names besides (then it is
    unclear whether the number counts rows or is a value of a column: Abstain)."""
    if draft.op or draft.order or named or draft.row_count is None:
        raise Abstain("I could not tell whether the number compares rows or a column.")
    cmp, value = draft.row_count
    return CheckArgs(check=CheckKind.compare, left=Measure(op=Agg.count, where=[p for _, p in draft.predicates]),
                     cmp=_CMP[cmp], value=value)


def same_check(reading: Reading, draft: Draft, column_of: Callable[[], str]) -> CheckArgs:
    """'Is X the same across all rows?': COUNT(DISTINCT X) = 1, X from `column_of()` (which raises
    Abstain unless one column is named). Abstains first when the question also sets conditions,
    ranks or aggregates (a 'same' it does not read: 'in the same transaction')."""
    word = reading.of("same")[0].text
    if draft.predicates or draft.order or draft.op not in (None, "count"):
        raise Abstain(f"I read '{word}' only in 'Is X the same across all rows?'.")
    return CheckArgs(check=CheckKind.compare, left=Measure(op=Agg.count_distinct, column=column_of()), cmp=Cmp.eq,
                     value=1.0)


def every_row_check(draft: Draft) -> CheckArgs:
    """'Are all CGPA values below 10?', 'Do all employees in Sales earn more than 1000?': the last
    condition, a comparison, is tested on every row; the conditions before it pick the rows. Any
    other shape ('all books with more than 100 pages in stock') abstains."""
    ordered = [p for _, p in sorted(draft.predicates, key=lambda t: t[0])]
    if not ordered or ordered[-1].op not in (Op.gt, Op.ge, Op.lt, Op.le, Op.between):
        raise Abstain("A test of every row ('do all ...') needs its condition said as one comparison, last.")
    return CheckArgs(check=CheckKind.all, where=ordered[:-1], condition=ordered[-1:])
