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


GENERIC_NAMES = frozenset({"data", "dataset", "table", "sheet", "file", "export", "output", "input", "inline",
                           "results", "result", "report", "list", "main", "all", "new", "final", "copy"})
"""File or sheet names too generic to say which table a question is about ('data.csv')."""


def name_forms(table: Table) -> set[tuple[str, ...]]:
    """The word runs that spell `table`'s name: its sheet name for a workbook's sheet, else the file
    name without its extension, as words.column_forms spells a column ('order_lines.csv' -> 'order
    lines', 'order line'); empty for a generic or wordless name ('data.csv', 'Sheet1', '2023')."""
    from agent.router.words import singular

    stem = table.name.split("#", 1)[1] if "#" in table.name else table.name.rsplit(".", 1)[0]
    runs = {tuple(t.lower for t in tokenize(form)) for form in column_forms(stem.split("/")[-1])}
    runs |= {(*w[:-1], singular(w[-1])) for w in runs if w and singular(w[-1]) + "s" == w[-1]}
    return {w for w in runs if w and not set(w) <= GENERIC_NAMES and any(x.isalpha() and len(x) >= 3 for x in w)
            and not any(x.startswith("sheet") and x[5:].isdigit() for x in w)}


def tables_named(question: str, tables: Sequence[Table]) -> list[int]:
    """Indices of the tables whose name the question spells as a run of its words ('How many order
    lines are there?' names order_lines.csv), a name inside another named table's longer one left
    out ('order' of orders.csv inside 'order lines'). Empty when it names none."""
    words = [t.lower for t in tokenize(question)]
    spans: list[tuple[int, int, int]] = []  # (table index, start, end)
    for i, table in enumerate(tables):
        for form in name_forms(table):
            n = len(form)
            spans += [(i, s, s + n) for s in range(len(words) - n + 1) if tuple(words[s:s + n]) == form]
    kept = {i for i, s, e in spans
            if not any(j != i and s2 <= s and e <= e2 and e2 - s2 > e - s for j, s2, e2 in spans)}
    return sorted(kept)
