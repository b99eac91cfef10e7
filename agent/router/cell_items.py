"""A person noun that the table's cells say: 'students' beside Occupation cells 'Student' and
'Student / Lifeguard'. Such a noun may pick the rows whose cells say it, so it is not read as
every row's people ('how many of the contestants were students?' is not the number of rows).
Used by the lexicon (the config's entity nouns, agent/config.yaml router.entity_nouns) and by the
WordNet pass (person nouns WordNet knows, agent/router/synonyms.py)."""

from __future__ import annotations

import re

from agent.router.lexicon_data import Lexicon
from agent.router.words import singular

_ITEMS = re.compile(r"[,;/&]|\band\b")
"""Where a cell listing several items splits."""


def in_cells(key: str, lex: Lexicon) -> bool:
    """True when the person noun `key` ('novelists'), or its singular, is a whole item of some text
    cell (a cell 'Novelist', or one item of 'Playwright, novelist', split at , ; / & and 'and'), or
    an item opens with a word formed from it ('democrats' and a Party cell 'Democratic': the word is
    the singular and at most _SUFFIX more letters; the singular has _STEM letters at least). A word
    inside a name ('Billionaire Club') or a sentence (a bio) is no such item."""
    forms = {key, key.removesuffix("s"), key.removesuffix("es")}
    every = "\x00".join(lex.folded_values)  # one search of all the cells first: most nouns are in none
    if not any(f in every for f in forms):
        return False
    return any(_says(item.strip(), forms, singular(key)) for v in lex.folded_values if any(f in v for f in forms)
               for item in _ITEMS.split(v))


_STEM, _SUFFIX = 5, 3


def _says(item: str, forms: set[str], noun: str) -> bool:
    """True when the cell item `item` is one of `forms`, or its first word is the singular `noun`
    with one to _SUFFIX letters more ('democratic' for 'democrat'); the noun itself opening a
    longer item is a name ('Billionaire Club'), not the cell saying it."""
    if item in forms:
        return True
    first = item.split()[0] if item.split() else ""
    return len(noun) >= _STEM and first.startswith(noun) and first not in forms and len(first) - len(noun) <= _SUFFIX


def entity_nouns_in_cells(lex: Lexicon) -> None:
    """Drop the 'entity' meaning (the people the rows are about) of each one-word phrase whose noun
    is `in_cells`: the word then reads as the value its singular names when it names one
    ('students' -> Occupation = 'Student', as a row noun does: lexicon._values_over_row_nouns), else
    it is left to the later passes (or unmatched, and named in a refusal)."""
    for key, meanings in list(lex.phrases.items()):
        if len(key) != 1 or not meanings or meanings[0].kind != "entity" or not in_cells(key[0], lex):
            continue
        values = lex.phrases.get((singular(key[0]),), [])
        if singular(key[0]) != key[0] and values and all(m.kind == "value" for m in values):
            lex.phrases[key] = list(values)
        else:
            del lex.phrases[key]
