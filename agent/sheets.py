"""Choosing among several tables (the sheets of a workbook, several files) for one question: the
question goes to the one table holding a column the question names by its exact name that no other
readable table holds ('total Amount' where only the Orders sheet has a column Amount, though the
Returns sheet reads 'amount' as its one money column). Otherwise there is no choice to make here."""

from __future__ import annotations

from collections.abc import Sequence

from agent.router.tokens import tokenize
from agent.router.words import column_forms
from agent.table import Table


def named_columns(question: str, table: Table) -> set[str]:
    """The columns of `table` the question names by an exact spelling of their name (any case, a
    plural, spaces for underscores: words.column_forms), as a run of its words."""
    words = " ".join(t.lower for t in tokenize(question))
    padded = f" {words} "
    return {str(c) for c in table.columns
            if any(f" {' '.join(t.lower for t in tokenize(form))} " in padded for form in column_forms(str(c)))}


def only_named_here(question: str, tables: Sequence[Table]) -> tuple[int, list[str]] | None:
    """(index of the one table, the columns only it has) when exactly one of `tables` holds columns
    the question names by name that none of the others hold; None otherwise."""
    named = [named_columns(question, t) for t in tables]
    holders = [set(map(str, t.columns)) for t in tables]
    own = [sorted(n - set().union(*(h for j, h in enumerate(holders) if j != i))) for i, n in enumerate(named)]
    picked = [i for i, cols in enumerate(own) if cols]
    return (picked[0], own[picked[0]]) if len(picked) == 1 else None
