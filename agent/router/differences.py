"""Reading of differences between two rows' values: 'how many more passengers did Los Angeles have
than Saskatoon', 'how much taller is Oliver Venno than Rait Rikberg'. The two rows are runs spelling
exactly one cell each, of one column (router/anchors.py); the measure is a numeric column named by
its header, or by a comparative of a closed list ('taller': height) when one column holds that
word. Planned as a ChangeArgs (end - start: the first row's value minus the second's). Every other
word must be noted filler, or the reading refuses naming it; None when the shape does not fit."""

from __future__ import annotations

from agent.queries import ChangeArgs
from agent.router.anchors import Cell, describe, header_tokens, one_cell
from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.reading import Reading
from agent.router.tokens import Token, tokenize
from agent.router.units import unit_word
from agent.table import Table

MORE = frozenset({"more", "fewer", "less"})
COMPARATIVES = {"taller": "height", "shorter": "height", "older": "age", "younger": "age", "heavier": "weight",
                "lighter": "weight", "longer": "length"}
"""Comparatives that name their measure's noun; the measure is the one numeric column holding it."""
FILLER = frozenset("""did does do have has had get got the a an to in at for on of by was were is are there than
be been did win won earn earned score scored receive received gain gained""".split())


def read_difference(reading: Reading, lex: Lexicon, table: Table) -> ChangeArgs | None:
    """The plan for 'how many more <measure> ... A than B', or None for another shape. Raises
    Abstain when the shape fits but a word, the rows or the measure do not."""
    tokens, words = reading.tokens, [t.lower for t in reading.tokens]
    if len(words) < 5 or words[0] != "how" or words[1] not in ("many", "much") or "than" not in words:
        return None
    degree = words[2]
    if degree not in MORE and degree not in COMPARATIVES:
        return None
    than = words.index("than")
    second = _strip(tokens[than + 1:])
    b = one_cell(second, table, header_tokens(table)) if second else None
    if b is None:
        raise Abstain(f"I read 'how {words[1]} {degree} ... than' as a difference of two rows, but "
                      f"{describe(second, table) if second else 'nothing follows than'}.")
    a, measure, unknown = _first_row(reading, tokens, 3, than, b, lex, table, degree)
    if unknown:
        raise Abstain(f"I read a difference of two rows, but not the words {', '.join(map(repr, unknown))}.")
    if a is None or measure is None:
        raise Abstain("A difference of two rows needs both rows and a numeric column named "
                      f"({'no first row' if a is None else 'no numeric column'} found).")
    reading.notes.append(f"read as {measure} where {a.column} = {a.value!r} minus {measure} where "
                         f"{b.column} = {b.value!r}")
    return ChangeArgs(column=measure, key=a.column, start=b.value, end=a.value)


def _strip(span: list[Token]) -> list[Token]:
    """The tokens without leading/trailing function words ('to Saskatoon' -> 'Saskatoon')."""
    start, end = 0, len(span)
    while start < end and span[start].lower in FILLER:
        start += 1
    while end > start and span[end - 1].lower in FILLER:
        end -= 1
    return span[start:end]


def _first_row(reading: Reading, tokens: list[Token], start: int, end: int, b: Cell, lex: Lexicon, table: Table,
               degree: str) -> tuple[Cell | None, str | None, list[str]]:
    """(the first row's cell, the measure column, words accounted for by neither) between the
    degree word and 'than': the longest run spelling one cell of b's column is the row; the
    other words are filler or name the measure."""
    a, span = None, None
    for i in range(start, end):
        for j in range(end, i, -1):
            cell = one_cell(tokens[i:j], table)
            if cell is not None and cell.column == b.column and cell.value != b.value:
                a, span = cell, (i, j)
                break
        if a is not None:
            break
    measures, unknown = [], []
    covered = _columns_at(reading)
    for p in range(start, end):
        if span is not None and span[0] <= p < span[1]:
            continue
        column = covered.get(p)
        if column is not None and column in lex.numeric_columns:
            measures.append(column)
        elif tokens[p].lower not in FILLER and not unit_word(reading, p):  # 'more gold medals'
            unknown.append(tokens[p].text)
    if degree in COMPARATIVES:
        noun = COMPARATIVES[degree]
        measures += [c for c in lex.numeric_columns if noun in [t.lower for t in tokenize(c)]]
    measures = list(dict.fromkeys(measures))
    if len(measures) > 1:
        raise Abstain(f"I could not tell which column the difference is of ({', '.join(measures)}).")
    return a, (measures[0] if measures else None), unknown


def _columns_at(reading: Reading) -> dict[int, str]:
    """{token position: the column an exact (non-similarity) column link there names}."""
    found: dict[int, str] = {}
    for item in reading.items:
        if item.kind == "column" and not item.similar:
            for p in range(item.pos, item.pos + max(1, len(item.text.split()))):
                found[p] = item.column
    return found
