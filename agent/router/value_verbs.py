"""Linking stage: a verb whose agent noun is the header of a column one of the question's values
belongs to ('How many lessons does Mr Khan teach?': Mr Khan is a value of teacher, and WordNet
derives teacher from teach) says what that value does in its rows; it adds no condition of its own,
so it is kept as a stop item and noted. Trial 9: 'teach' was left unread and refused as a misspelling
of 'each'.

Strong evidence only: the word is a verb by WordNet 3.0's morphy, the header word's noun derives
from exactly that verb (`word_senses.roots`: teacher -> teach.v, borrower -> borrow.v), and a value
of that column is read elsewhere in the question. Without such a value ('how many lessons does each
teacher teach') the word stays unread."""

from __future__ import annotations

from agent.router import wordnet as W
from agent.router.lexicon_data import Lexicon, Meaning
from agent.router.reading import Item, Reading
from agent.router.tokens import Token
from agent.router.word_senses import roots
from agent.router.words import header_words


def value_verbs(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading) -> list[int]:
    """The unmatched positions `rest` without each verb of a value's column (module docstring), now
    a stop item of `reading`, noted. Returns the positions left."""
    columns = {m.column for i in reading.of("value") for m in i.meanings if m.column}
    if not rest or not columns:
        return rest  # WordNet loads only for a word still unread
    wn = W.wordnet()
    if wn is None:
        return rest
    read: list[int] = []
    for p in rest:
        word = tokens[p].lower
        verb = wn.morphy(word, "v") if word.isalpha() else None
        if verb is None:
            continue
        column = next((c for c in sorted(columns) if any(f"{verb}.v" in roots(h) for h in header_words(c)
                                                         if h.isalpha() and h != verb)), None)
        if column is not None:
            reading.items.append(Item(tokens[p].text, p, [Meaning("stop")]))
            reading.notes.append(f"read '{tokens[p].text}' as what the {column} value does (WordNet: {column} "
                                 f"derives from '{verb}'; no condition of its own)")
            read.append(p)
    reading.items.sort(key=lambda it: it.pos)
    return [p for p in rest if p not in read]
