"""Linking stage: the word 'year' names the one column of calendar years ('which year had the most
titles released?' on a table whose Release column holds 2004, 2005, ...; 'what year had the largest
number of candidates elected?' on 'Year of election').

Strong evidence only: the column's own values (router/calendar.py: every value a whole number
from 1000 to 2999) and no rival: exactly one column of the table holds calendar years.
Only the singular 'year' of a question ('which year', 'the year'); never after a word that makes it
a period or a duration ('per year', 'a year', 'each year', 'last year', 'how many years'): those
stay unmatched and the router refuses naming them."""

from __future__ import annotations

from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.reading import Evidence, Item, Reading
from agent.router.tokens import Token

PERIOD_BEFORE = frozenset("per a an each every last next previous this that one same".split())
"""Words before 'year' that make it a period or a duration, not the column ('per year')."""


def year_words(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """The unmatched positions `rest` without each 'year' linked to the table's one calendar-year
    column (module docstring), kept as a column item and noted. Returns the positions left."""
    if len(lex.calendar_columns) != 1:
        return rest
    column, linked = lex.calendar_columns[0], []
    for p in rest:
        if tokens[p].lower != "year" or (p > 0 and tokens[p - 1].lower in PERIOD_BEFORE):
            continue
        linked.append(p)
        reading.notes.append(f"read 'year' as {column} (the one column of calendar years)")
    reading.items = sorted([*reading.items, *(Item(tokens[p].text, p, [Meaning("column", column)],
                                                   evidence=Evidence.header) for p in linked)],
                           key=lambda it: it.pos)
    return [p for p in rest if p not in linked]
