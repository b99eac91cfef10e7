"""Linking stage: 'the sixth month of the year' on a table with a month-number column (a numeric
column whose header is the word 'month', every value a whole number from 1 to 12:
Lexicon.month_numbers) is that column equal to 6. The ordinal gives the number and the header word
the column, so both rest on strong evidence; 'of the year' only says which month is meant and is
read with them. Weekdays are left out on purpose: whether day 1 is a Sunday or a Monday differs
between tables."""

from __future__ import annotations

import re

from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.reading import Evidence, Item, Reading

_OF_THE_YEAR = ("of", "the", "year")
_SUFFIXED = re.compile(r"\d{1,2}(?:st|nd|rd|th)", re.I)


def read_month_numbers(reading: Reading, lex: Lexicon, gap: list[int]) -> list[int]:
    """Replace 'the Nth month [of the year]' (an ordinal, 'sixth' or '6th', then the word 'month')
    by one value item, the month-number column = N, noted; returns `gap` (unmatched positions)
    without the words it read. Leaves the reading as it is unless the table has exactly one
    month-number column and N is 1..12."""
    tokens, covered = reading.tokens, set()
    for item in [i for i in reading.items if _ordinal(i) is not None]:
        after, n = item.pos + 1, _ordinal(item)
        if after >= len(tokens) or tokens[after].lower != "month" or len(lex.month_numbers) != 1 or not 1 <= n <= 12:
            continue
        column, end = lex.month_numbers[0], after + 1
        if tuple(t.lower for t in tokens[end:end + 3]) == _OF_THE_YEAR:
            end += 3
        text = " ".join(t.text for t in tokens[item.pos:end])
        reading.items = [i for i in reading.items if not item.pos <= i.pos < end]
        reading.items.append(Item(text, item.pos, [Meaning("value", column, float(n))], number=float(n),
                                  evidence=Evidence.header))
        reading.items.sort(key=lambda i: i.pos)
        reading.notes.append(f"read '{text}' as {column} = {n} (month {n} of 1-12)")
        covered |= set(range(item.pos, end))
    return [p for p in gap if p not in covered]


def _ordinal(item: Item) -> int | None:
    """N of an ordinal item ('sixth') or of a number written as an ordinal ('6th'), else None."""
    if item.kind == "ordinal":
        return int(item.meanings[0].value)
    if item.kind == "number" and _SUFFIXED.fullmatch(item.text) and item.number is not None:
        return int(item.number)
    return None
