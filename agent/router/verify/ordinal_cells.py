"""Verifier rule: an ordinal ('5th') read as a number of one column while another column's cells
spell it as written.

'what was the last year they were 5th?' over a club's seasons had been read as Division = 5 (the
one numeric column holding 5), while the finishing places are written in Regular Season as '5th,
Atlantic': the year of the one fifth-division season was answered, not the last fifth place. An
ordinal of the question compared as a bare number is refused when some text column holds a cell
whose first word is that ordinal, naming both columns: the words do not say which is meant."""

from __future__ import annotations

import re

from pydantic import BaseModel

from agent import table_rows
from agent.plan import Op, Predicate
from agent.router.draft import Abstain
from agent.router.reading import Reading
from agent.table import Table
from agent.table_type import TEXT_ROLES

_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)", re.IGNORECASE)
_FIRST_WORD = re.compile(r"\s*([^\s,;:()]+)")


def predicates(plan: BaseModel) -> list[Predicate]:
    """Every Predicate among the plan's fields (its where, a ratio's base), one level down."""
    found = []
    for name in type(plan).model_fields:
        value = getattr(plan, name, None)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, Predicate):
                found.append(item)
    return found


def ordinal_column(table: Table, ordinal: str, besides: str) -> str | None:
    """The first text column other than `besides` with a cell whose first word is `ordinal` ('5th'
    of '5th, Atlantic'), or None."""
    word = ordinal.casefold()
    for column, role in table.roles.items():
        if role not in TEXT_ROLES or column == besides:
            continue
        for value in table_rows.distinct(table, column):
            found = _FIRST_WORD.match(str(value))
            if found is not None and found.group(1).casefold() == word:
                return column
    return None


def check_ordinal_cells(plan: BaseModel, reading: Reading, table: Table) -> None:
    """Raises Abstain when an ordinal of the question ('5th') is a condition's number (column = 5)
    and another, text column spells the ordinal in its cells (module docstring)."""
    ordinals = {float(m.group(1)): t.text for t in reading.tokens if t.kind == "number"
                and (m := _ORDINAL.fullmatch(t.text)) is not None}
    if not ordinals:
        return
    for pred in predicates(plan):
        if pred.op is not Op.eq or isinstance(pred.value, str) or pred.value not in ordinals:
            continue
        other = ordinal_column(table, ordinals[pred.value], pred.column)
        if other is not None:
            raise Abstain(f"I read '{ordinals[pred.value]}' as {pred.column} = {pred.value:g}, but {other} writes "
                          f"'{ordinals[pred.value]}' in its cells; say which column it is.")
