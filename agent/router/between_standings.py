"""A side of 'difference between A and B' that names a finishing standing: 'the score difference
between 6th place and 2nd place', 'the difference in time between first place and third place',
'the point difference between position 1 and position 2', 'between rank 5 and rank 11'. The side is
'<ordinal> <standing word>' ('6th place', 'first place') or '<standing word> <number>' ('position 2'),
with 'the' before it allowed; the standing word names one standing column (router/standings.py: a
header holding that word, its cells reading as standings), and exactly one row of it reads that
standing as one stored value ('6', or 6.0 on a numeric column). Anything else is no standing
(None): a tie ('T6' and '6' in two rows), 'last place', a bare number after 'and'."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.anchors import Cell
from agent.router.standings import cells_at, standing_columns
from agent.router.tokens import Token
from agent.table import Table

_WORDS = frozenset({"place", "position", "rank"})
"""Standing words a side may say ('6th place', 'position 2', 'rank 5')."""
_ORDINAL = re.compile(r"(\d{1,3})(?:st|nd|rd|th)", re.IGNORECASE)
_NUMBER = re.compile(r"\d{1,3}")


def _ordinal(word: str) -> int | None:
    """1 for 'first' or '1st', 6 for 'sixth' or '6th'; None for any other word."""
    if word == "first":
        return 1
    found = _ORDINAL.fullmatch(word)
    return int(found.group(1)) if found else V.ORDINALS.get(word)


def standing_row(tokens: list[Token], start: int, end: int, table: Table) -> tuple[Cell, tuple[int, int]] | None:
    """(the one row's standing cell, the span of the standing words) when tokens[start:end] say
    '[the] <ordinal> <standing word>' or '[the] <standing word> <number>' at their start; None when
    they say neither, or the table holds no one column and row at that standing."""
    words = [t.lower for t in tokens[start:end]]
    lead = 1 if words[:1] == ["the"] else 0
    pair = words[lead:lead + 2]
    if len(pair) < 2:
        return None
    if pair[1] in _WORDS and _ordinal(pair[0]) is not None:
        word, standing = pair[1], _ordinal(pair[0])
    elif pair[0] in _WORDS and _NUMBER.fullmatch(pair[1]):
        word, standing = pair[0], int(pair[1])
    else:
        return None
    columns = standing_columns(table, word)
    if len(columns) != 1:
        return None
    values, rows = cells_at(table, columns[0], standing)
    if len(values) != 1 or rows != 1:
        return None
    return Cell(columns[0], values[0], 1), (start, start + lead + 2)
