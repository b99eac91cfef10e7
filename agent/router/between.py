"""Reading of the difference of a measure between two rows: 'what was the difference in attendance
between july 7 and july 8?', 'what is the height difference between key tower and public square?'.
The two rows are runs spelling exactly one cell each, of one column, one row each (router/anchors.py),
split at the one 'and' that makes both sides such cells; the measure is one numeric column named by
its header, before 'difference' or right after 'difference in/of'. A difference between two things
is unsigned: planned as a ChangeArgs from the row with the smaller value to the one with the larger
(end - start >= 0). Every other word must be noted filler, or the reading refuses naming it; None
when the shape ('difference ... between A and B') does not fit."""

from __future__ import annotations


from agent.queries import ChangeArgs
from agent.router.between_sides import measured_sides
from agent.router.anchors import Cell, cell_texts, describe, header_tokens, one_cell, one_measure
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.units import unit_word
from agent.router.tokens import Token
from agent.table import Table


FILLER = frozenset("""what what's is was were are the a an in of difference differences between tell me total""".split())
"""Words a difference between two rows may hold that decide nothing ('the total points': over one row
each side, the row's own value)."""


def read_between(reading: Reading, lex: Lexicon, table: Table) -> ChangeArgs | None:
    """The plan for '... difference (in <measure>) between A and B', or None for another shape.
    Raises Abstain when the shape fits but a word, a row, the measure or a missing value does not."""
    tokens, words = reading.tokens, [t.lower for t in reading.tokens]
    if "difference" not in words or "between" not in words:
        return None
    at, between = words.index("difference"), words.index("between")
    if between < at or "and" not in words[between + 1:]:
        return None
    try:
        a, b = _two_rows(tokens, between + 1, table)
        measure = _measure(reading, between, lex, a.column)
    except Abstain:  # 'between the length of A and the length of B': the sides name the measure too
        sides = measured_sides(reading, between, FILLER, lex, table)
        if sides is None:
            raise
        a, b, measure = sides
    low, high = sorted((a, b), key=lambda c: _value(table, c, measure))
    reading.notes.append(f"read 'difference' as the larger {measure} minus the smaller: {measure} where "
                         f"{a.column} = {high.value!r} minus {measure} where {a.column} = {low.value!r}")
    return ChangeArgs(column=measure, key=a.column, start=low.value, end=high.value)


def _two_rows(tokens: list[Token], start: int, table: Table) -> tuple[Cell, Cell]:
    """The cells of the two runs after 'between', split at the one 'and' where both sides are one row
    each of one column. Raises Abstain when no split or several do."""
    headers = header_tokens(table)
    found = []
    for split in range(start + 1, len(tokens) - 1):
        if tokens[split].lower != "and":
            continue
        a, b = one_cell(tokens[start:split], table, headers), one_cell(tokens[split + 1:], table, headers)
        if a is not None and b is not None and a.column == b.column and a.value != b.value:
            found.append((a, b))
    if len(found) != 1:
        text = " ".join(t.text for t in tokens[start:])
        why = "two ways to split it" if found else describe(tokens[start:], table).replace(f"'{text}'", "it")
        raise Abstain(f"I read 'difference between A and B' as two rows, but not '{text}' ({why}).")
    return found[0]


def _measure(reading: Reading, between: int, lex: Lexicon, key: str) -> str:
    """The one numeric column named before 'between'. Raises Abstain naming any other word."""
    words = [t.lower for t in reading.tokens]
    strong = reading.strong_columns()
    measures, unknown = [], []
    for p in range(between):
        column = strong.get(p)
        if column is not None and column in lex.numeric_columns and column != key:
            measures.append(column)
        elif words[p] not in FILLER and not unit_word(reading, p):
            unknown.append(reading.tokens[p].text)
    return one_measure(measures, unknown, "a difference between two rows", "named")


def _value(table: Table, cell: Cell, measure: str) -> float:
    """The measure of the one row `cell` names. Raises Abstain when it holds no number."""
    column = table.df[cell.column]
    mask = cell_texts(column) == cell.value if isinstance(cell.value, str) else column == cell.value
    import pandas as pd
    value = pd.to_numeric(table.df.loc[mask, measure], errors="coerce")
    if len(value) != 1 or pd.isna(value.iloc[0]):
        raise Abstain(f"The row where {cell.column} = {cell.value!r} holds no number in {measure}.")
    return float(value.iloc[0])
