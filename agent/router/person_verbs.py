"""A verb whose form only resembles a person column's header ('borrowed' for Borrower, 'refereed'
for Referee) is the verb of each row, not that column: 'which book was borrowed the most times'
counts loans (rows), never the distinct borrowers a shared word start would link it to."""

from __future__ import annotations

from agent.router.lexicon import Lexicon, Meaning
from agent.router.reading import Reading
from agent.router.words import header_words

_AGENT_ENDS = ("er", "or", "ee", "ar")


def person_verbs(reading: Reading, lex: Lexicon) -> None:
    """Turn into a stop word each one-word item of `reading` that a shared word start alone links
    to a text column (weak header evidence), when the word is a past form ('-ed') and the column's
    header is an agent noun ('Borrower', 'Referee', 'Author'): the verb names what a row records,
    and a count of it counts rows. Notes the reading. Changes `reading` in place."""
    for item in reading.items:
        word = item.text.lower()
        column = item.column
        if item.kind != "column" or not item.weak or " " in word or not word.endswith("ed") or column is None:
            continue
        if column in lex.numeric_columns or column in lex.date_columns:
            continue
        nouns = [w.lower() for w in header_words(column) if w[:3].lower() == word[:3]]
        if not nouns or not all(n.endswith(_AGENT_ENDS) for n in nouns):
            continue
        item.meanings, item.kind, item.weak = [Meaning("stop")], "stop", False
        reading.notes[:] = [n for n in reading.notes if not n.startswith(f"read '{item.text}' as {column} ")]
        reading.notes.append(f"read '{item.text}' as the verb of each row, not the column {column} (it only "
                             "shares a word start with it): a count of it counts rows")
