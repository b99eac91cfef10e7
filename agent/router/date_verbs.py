"""Linking stage: a verb whose base is a word of a date column's header names that column when a
period follows it ('how many members joined in 2021' on join_date, 'who was hired after
2020-06-01' on 'Hire Date', 'orders shipped from March to May' on ship_date). The verb names which
date the period applies to; without it the router would refuse the word (or, with several date
columns, could not tell which one is meant).

Strong evidence only: WordNet 3.0's morphy gives the word a verb base other than the word itself
('joined' -> join), that base is a header word of exactly one date column, and the next word opens
a period (in, on, during, before, after, since, between, from, until). A verb with no period after
it ('how many members joined?') stays unmatched and the router refuses naming it: whether a row
'joined' is not a condition the table states."""

from __future__ import annotations

from agent.router import wordnet as W
from agent.router.lexicon import Lexicon, Meaning, singular
from agent.router.reading import Evidence, Item, Reading
from agent.router.tokens import Token

PERIOD_OPENERS = frozenset("in on during before after since between from until till".split())
"""Words after the verb that open the period it dates ('joined in 2021', 'hired before May')."""


def date_verbs(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """The unmatched positions `rest` without each verb linked to its date column (module
    docstring), kept as a column item and noted. Returns the positions left."""
    if not lex.date_columns:
        return rest
    linked: list[tuple[int, str]] = []
    for p in rest:
        nxt = tokens[p + 1].lower if p + 1 < len(tokens) else ""
        if tokens[p].kind != "word" or nxt not in PERIOD_OPENERS:
            continue
        column = _dated_by(tokens[p].lower, lex)
        if column is not None:
            linked.append((p, column))
    for p, column in linked:
        reading.items.append(Item(tokens[p].text, p, [Meaning("column", column)], evidence=Evidence.header))
        reading.notes.append(f"read '{tokens[p].text}' as the date {column} (its header word "
                             f"'{_base(tokens[p].lower)}')")
    reading.items.sort(key=lambda it: it.pos)
    gone = {p for p, _ in linked}
    return [p for p in rest if p not in gone]


def _base(word: str) -> str | None:
    """The verb base WordNet gives an inflected `word` ('joined' -> 'join'), None for a base form,
    a non-verb, or without WordNet."""
    wn = W.wordnet()
    if wn is None or not word.isalpha():
        return None
    base = wn.morphy(word, "v")
    return base if base is not None and base != word else None


def _dated_by(word: str, lex: Lexicon) -> str | None:
    """The one date column with the verb base of `word` among its header words, else None."""
    base = _base(word)
    if base is None:
        return None
    columns = [c for c in lex.date_columns if base in {singular(w) for w in lex.header_words.get(c, set())}
               or base in lex.header_words.get(c, set())]
    return columns[0] if len(columns) == 1 else None
