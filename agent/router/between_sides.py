"""Sides of 'difference between A and B' that name the measure too: 'the difference between the
length of english canyon and the length of munger creek', 'between A's total score and B's total
score', 'between france's and egypt's silver medals', 'between the points earned by A and the points
earned by B'. Read by router/between.py when the sides are not bare cells.

Each side holds one anchor (router/anchors.py: the longest run spelling one cell of one row; two
different runs of that length name no row), both anchors of one column and two different rows.
Every other word of both sides, and every word before 'between', is a strong link (a header or
name, never a similarity or shared word start) to one numeric column other than the anchors', a
unit word ('medals'), or a word of SIDE_FILLER (articles, 'of'/'for'/'by', 'number of', a verb of
getting: 'earned', 'won'). The sides must name exactly one such column, and exactly one split at an
'and' must fit; any other shape is None, and between.py refuses naming the words as before."""

from __future__ import annotations

from agent.router.anchors import Cell, header_tokens, one_cell
from agent.router.between_standings import standing_row
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.tokens import Token
from agent.router.units import unit_word
from agent.table import Table

SIDE_FILLER = frozenset({"the", "a", "an", "of", "for", "by", "s", "number", "amount", "count", "earned", "won", "scored",
                         "received", "got", "has", "had", "have"})
"""Words of a side that decide nothing beyond the anchor and the measure ('the number of points
earned by X': X's Points)."""


def measured_sides(reading: Reading, between: int, lead: frozenset[str], lex: Lexicon,
                   table: Table) -> tuple[Cell, Cell, str] | None:
    """(A's cell, B's cell, the measure column) for the sides after tokens[between] ('between'),
    or None when no split, or several, fit the shape above. `lead`: the words allowed before
    'between' besides a link to the measure (between.py's FILLER)."""
    tokens, strong = reading.tokens, reading.strong_columns()
    words = [t.lower for t in tokens]
    fits = []
    for split in range(between + 2, len(tokens) - 1):
        if words[split] != "and":
            continue
        a, b = _side(tokens, between + 1, split, table), _side(tokens, split + 1, len(tokens), table)
        if a is None or b is None or a[0].column != b[0].column or a[0].value == b[0].value:
            continue
        taken = set(range(*a[1])) | set(range(*b[1])) | {split, between}
        rest = [p for p in range(len(tokens)) if p not in taken]
        measure = _one_measure(reading, rest, strong, lead if between else frozenset(), between, lex, a[0].column)
        if measure is not None:
            fits.append((a[0], b[0], measure))
    return fits[0] if len(fits) == 1 else None


def _side(tokens: list[Token], start: int, end: int, table: Table) -> tuple[Cell, tuple[int, int]] | None:
    """The row a side names: a standing ('6th place', 'position 2': standing_row) when its words say
    one, else an anchor cell."""
    return standing_row(tokens, start, end, table) or _anchor(tokens, start, end, table)


def _anchor(tokens: list[Token], start: int, end: int, table: Table) -> tuple[Cell, tuple[int, int]] | None:
    """(the cell, its span) of the longest run in tokens[start:end] spelling one cell of one row;
    None when none does, or two different runs of that length do."""
    headers = header_tokens(table)
    for size in range(end - start, 0, -1):
        found = [(cell, (i, i + size)) for i in range(start, end - size + 1)
                 if (cell := one_cell(tokens[i:i + size], table, headers)) is not None]
        if found:
            return found[0] if len(found) == 1 else None
    return None


def _one_measure(reading: Reading, rest: list[int], strong: dict[int, str], lead: frozenset[str], between: int,
                 lex: Lexicon, key: str) -> str | None:
    """The one numeric column (not `key`) the words at `rest` name, when every other word there is
    side filler, a unit word, or (before 'between') a word of `lead`; else None."""
    words = [t.lower for t in reading.tokens]
    measures = set()
    for p in rest:
        column = strong.get(p)
        if column is not None and column in lex.numeric_columns and column != key:
            measures.add(column)
        elif not (words[p] in SIDE_FILLER or (p < between and words[p] in lead) or unit_word(reading, p)):
            return None
    return measures.pop() if len(measures) == 1 else None
