"""Reading of a superlative adjective over the rows' people: 'the youngest billionaire' is the
billionaire with the lowest age, 'the richest billionaire' the one with the highest worth. The
adjective names its own quantity (vocabulary.SUPERLATIVES: youngest -> age, ascending) and the
order; the column is the one numeric column with that quantity among its header words. The
question is restated in those words before it is read ("the billionaire with the lowest age"), so
every later stage and the verifier see the order word and the column they stand on.

Read only when the adjective stands right before a noun naming who the rows are (a row or entity
noun of the config, the file's noun, or a WordNet kind of person: 'billionaire', 'passengers');
'the youngest 3 ages' (the adjective on the quantity itself) and 'the oldest date' are left as
they are, and so is an adjective whose quantity no column, or several columns, hold."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.lexicon import Lexicon
from agent.router.restating import may_say
from agent.router.rows import one_per_row
from agent.router.word_senses import is_people, is_person
from agent.table import ColumnRole, Table

_WORD = re.compile(r"[A-Za-z]+(?:'s)?")
_NAMES = (ColumnRole.categorical, ColumnRole.text, ColumnRole.identifier)
_SAID = (*V.SUPERLATIVES, "expensive")
"""Words a superlative reading starts from: a question holding none of them is left as it is."""


def superlative_reading(question: str, lex: Lexicon, table: Table | None = None) -> tuple[str, str | None]:
    """(`question` with each '<superlative> [N] <noun>' restated as '[N] <noun> with the
    lowest|highest <quantity>', a note naming what was read, or None when nothing was). The noun
    names people, or (with `table`) the one text column holding a value per row ('product'). Pure:
    the question's other words are kept as written."""
    if not may_say(question, _SAID):
        return question, None  # no superlative
    notes, out, last = [], [], 0
    words = list(_WORD.finditer(question))
    for i, match in enumerate(words):
        word, start = match.group().lower(), match.start()
        entry = V.SUPERLATIVES.get(word)
        if word == "expensive" and i > 0 and words[i - 1].group().lower() in ("most", "least"):
            entry = V.SUPERLATIVES["priciest" if words[i - 1].group().lower() == "most" else "cheapest"]
            start = words[i - 1].start()
        if entry is None or i + 1 >= len(words) or start < last:
            continue
        quantities, order = entry
        count, noun = _noun_after(question, words, i, lex, table)
        column = _one_column(quantities, lex)
        if noun is None or column is None:
            continue
        quantity = next(q for q in quantities if q in lex.header_words.get(column, ()))
        rank = "lowest" if order == "asc" else "highest"
        out.append(question[last:start])
        out.append(f"{count}{noun.group()} with the {rank} {quantity}")
        last = noun.end()
        notes.append(f"read '{question[start:match.end()]}' as the {rank} {quantity} ({column}, the one column of "
                     "that quantity)")
    if not notes:
        return question, None
    return "".join(out) + question[last:], "; ".join(notes)


def _noun_after(question: str, words: list[re.Match], i: int, lex: Lexicon,
                table: Table | None) -> tuple[str, re.Match | None]:
    """('3 ' or '', the noun) right after the adjective at `i` (a number may stand between: 'the
    youngest 3 billionaires'); the noun is None when the next word names neither people nor (with
    `table`) the text column holding one value per row."""
    between = question[words[i].end():words[i + 1].start()]
    if between.strip() and not re.fullmatch(r"\s+\d+\s+", between):
        return "", None
    noun = words[i + 1]
    count = f"{between.strip()} " if between.strip() else ""
    word = noun.group().lower()
    return (count, noun) if _names_people(word, lex) or _names_rows(word, lex, table) else ("", None)


def _names_rows(word: str, lex: Lexicon, table: Table | None) -> bool:
    """True when `word` names one text column of `table` that holds a value per row ('products'
    for Product): the rows' own things, which a superlative ranks."""
    if table is None:
        return False
    columns = lex.columns_named((word,))
    if len(columns) != 1:
        return False
    (column,) = columns
    return table.roles.get(column) in _NAMES and one_per_row(table, column)


def _names_people(word: str, lex: Lexicon) -> bool:
    """A row or entity noun of the lexicon ('customers', the file's noun) or a WordNet person."""
    if any(m.kind in ("row", "entity") for m in lex.phrases.get((word,), ())):
        return True
    return is_people(word) or is_person(word)


def _one_column(quantities: tuple[str, ...], lex: Lexicon) -> str | None:
    """The one numeric column with one of `quantities` among its header words, else None."""
    holders = [c for c in lex.numeric_columns if set(quantities) & lex.header_words.get(c, set())]
    return holders[0] if len(holders) == 1 else None
