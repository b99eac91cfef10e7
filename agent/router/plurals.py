"""Linking stage, plural values: an unmatched word whose singular is a whole cell value ('Widgets'
where product holds 'Widget', 'How many Gizmos were sold?') is read as that value, capitalised or
not. The singular comes from the word forms the router already has (words.singular's rules, then
WordNet's morphy when WordNet is here). Precision first: the singular must be exactly one value of
one column; a singular held by several columns is linked to all of them, so the condition stage
refuses asking which column ('is a value of several columns; name the column'). Noted."""

from __future__ import annotations

from agent.router import wordnet as W
from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Evidence, Item, Reading
from agent.router.tokens import Token
from agent.router.words import singular


def plural_values(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """Link each unmatched plural word of `rest` whose singular is a cell value (see the module
    docstring); returns the positions still unmatched. Adds items and notes to `reading`."""
    kept = []
    for pos in rest:
        word = tokens[pos].text
        meanings = _value_meanings(word, lex) if word.isalpha() and len(word) > 3 else []
        if not meanings:
            kept.append(pos)
            continue
        columns = sorted({m.column for m in meanings})
        if len(columns) > 1:  # one column: the condition stage notes the value it reads
            reading.notes.append(f"read '{word}' as '{meanings[0].value}', a value of {', '.join(columns)}")
        reading.items.append(Item(word, pos, meanings, evidence=Evidence.exact))
    reading.items.sort(key=lambda it: it.pos)
    return kept


def _value_meanings(word: str, lex: Lexicon) -> list[Meaning]:
    """The value meanings of `word`'s singular (rules first, then morphy), when it differs from the
    word and the singular is one whole cell value (its phrase in the lexicon); else []."""
    lower = word.lower()
    forms = [singular(lower)]
    wn = W.wordnet()
    if wn is not None and (base := wn.morphy(lower, "n")):
        forms.append(base.lower())
    for form in dict.fromkeys(f for f in forms if f != lower):
        found = [m for m in lex.phrases.get((form,), []) if m.kind == "value"]
        if found:
            return found
    return []
