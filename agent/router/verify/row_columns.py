"""Verifier rule: a row noun that is also a column's name stands for the rows only where it names
what is counted or asked for. 'how many titles have only one artist?' on a table with a column
Artist reads 'artist' as a row noun (WordNet: a kind of person), so the condition 'only one artist'
was never read; the plan counts every title. Likewise a row noun that is a word of a text cell
('how many games back were the brewers?' on a table holding 'Milwaukee Brewers': WordNet reads
'brewers' as people) names those rows, not every row."""

from __future__ import annotations

import re

from agent.router.reading import Item
from agent import table_rows
from agent.router.verify.context import Context
from agent.router.verify.parts import Part
from agent.router.words import header_words, singular
from agent.table import Table
from agent.table_type import TEXT_ROLES

_WORD = re.compile(r"[a-z]+")
_NOUN_KINDS = ("row", "entity")
_LABEL_WORDS = 4
"""Words a cell may hold and still be a name or label (a team, a title), not a sentence."""
_QUANTITIES = {"only", "one", "two", "three", "four", "five", "several", "multiple"}

_LEADS = {"how many", "number", "which", "what", "who", "count", "many", "share", "percentage", "proportion"}
"""Words right before a row noun that make it the thing counted or asked for ('how many players',
'the number of players', 'which player')."""
_SKIPPED = {"of", "the", "a", "an", "different", "distinct", "unique", "all", "total"}


def header_noun(column: str) -> str | None:
    """The head noun of a header, singular: 'Artist' -> artist, 'Episodes' -> episode, 'Lead
    Vocals' -> vocal; None for a header without letters."""
    words = header_words(column)
    return singular(words[-1]) if words else None


def _leads(item: Item, ctx: Context) -> bool:
    """True when the words before `item` (skipping determiners) are a count or question word."""
    tokens = ctx.reading.tokens
    pos = item.pos - 1
    while pos >= 0 and tokens[pos].lower in _SKIPPED:
        pos -= 1
    if pos < 0:
        return True  # the row noun opens the question
    word = tokens[pos].lower
    return word in _LEADS or (pos > 0 and f"{tokens[pos - 1].lower} {word}" in _LEADS)


def unread_row_columns(items: list[Item], parts: list[Part], ctx: Context) -> list[Item]:
    """Row-noun items of `items` whose word is the head noun of a column no part of the plan uses,
    or (a noun WordNet guessed) a word of a text cell, placed where no count or question word makes
    them the rows asked about ('how many billionaires' counts the rows). Cost: O(items x columns)."""
    used = {p.column for p in parts if p.column}
    found = []
    for item in items:
        if item.kind not in _NOUN_KINDS or _leads(item, ctx) or not _quantified(item, ctx):
            continue
        noun = singular(item.text.lower().split()[-1])
        if any(header_noun(c) == noun and c not in used for c in ctx.table.columns):
            found.append(item)
    return found + [i for i in items if i.kind in _NOUN_KINDS and i not in found and _guessed(i)
                    and not _leads(i, ctx) and singular(i.text.lower().split()[-1]) in cell_words(ctx.table)]


def _quantified(item: Item, ctx: Context) -> bool:
    """True when a number word or 'only' comes right before `item` ('only one artist', 'two
    episodes'): a count condition said of the column, not the rows the table is about."""
    tokens = ctx.reading.tokens
    before = [t.lower for t in tokens[max(0, item.pos - 2):item.pos]]
    return any(w in _QUANTITIES or w.isdigit() for w in before)


def _guessed(item: Item) -> bool:
    """True for a row noun the lexicon guessed from WordNet ('brewers': a kind of person), which a
    word of a cell outweighs; the table's own row nouns ('books' on a table of books) stand."""
    return getattr(getattr(item, "evidence", None), "value", "") == "wordnet"


def cell_words(table: Table) -> frozenset[str]:
    """Every word (singular, lower case) of the text columns' distinct values that are names or
    labels (at most _LABEL_WORDS words: 'Milwaukee Brewers'), cached on the table; a sentence of
    free text ('became a billionaire in 2005') names no rows, as a table's own entity noun is
    natural in it. Empty for a column of more than 20,000 distinct values (names, not categories)."""
    cache = table.__dict__.setdefault("_verify_cell_words", {})
    if "words" not in cache:
        words: set[str] = set()
        for column in table.columns:
            if table.roles.get(column) not in TEXT_ROLES:
                continue
            values = table_rows.distinct(table, column)
            if len(values) <= 20000:
                words.update(singular(w) for v in values if isinstance(v, str)
                             for found in [_WORD.findall(v.lower())] if len(found) <= _LABEL_WORDS for w in found)
        cache["words"] = frozenset(words)
    return cache["words"]
