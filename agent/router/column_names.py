"""Schema linking when one phrase names several columns: the column whose header is the phrase
itself ('Price') beats one whose header only contains it ('💰 Price', 'Unit Price'); columns the
phrase names equally (a header the file repeats: 'Price' and its renamed twin 'Price.1') abstain,
naming them all."""

from __future__ import annotations

import re

from agent.router.draft import Abstain
from agent.router.lexicon import Lexicon
from agent.router.reading import Item, Reading

def _plain(text: str) -> str:
    """Case-folded words of a name: 'Total_Revenue' and 'total revenue' are one name."""
    return " ".join(re.split(r"[_\s.-]+", text.strip().casefold())).strip()


def settle_columns(reading: Reading, lex: Lexicon, question: str) -> None:
    """Each column item of `reading` whose phrase names several columns keeps one: the column whose
    header (as the file wrote it) the question writes out in full, the longest such header winning
    ('💰 Price' over 'Price' when the question writes the emoji, which the tokenizer drops), else the
    one whose header is exactly the phrase. Raises Abstain naming the columns when none or several
    are exact."""
    for item in reading.items:
        if item.kind == "column":
            _settle(item, lex, question.casefold())


def _settle(item: Item, lex: Lexicon, question: str) -> None:
    columns = list(dict.fromkeys(m.column for m in item.meanings if m.kind == "column"))
    if len(columns) < 2:
        return
    headers = {c: lex.file_headers.get(c, c).strip() for c in columns}
    written = [c for c in columns if headers[c].casefold() in question]
    longest = max((len(headers[c]) for c in written), default=0)
    exact = [c for c in written if len(headers[c]) == longest]
    if not exact:
        said = _plain(item.text)
        exact = [c for c in columns if _plain(headers[c]) == said]
    if len(exact) == 1:
        item.meanings = [m for m in item.meanings if m.kind != "column" or m.column == exact[0]]
        return
    tied = exact or columns
    why = " (the file repeats the header)" if len(exact) > 1 else ""
    raise Abstain(f"'{item.text}' names {len(tied)} columns equally: {', '.join(repr(c) for c in tied)}{why}; "
                  "name the column you mean.")
