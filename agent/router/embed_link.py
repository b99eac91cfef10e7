"""Linking stage, last resort: a phrase that no exact name, header word or acronym matched is
linked to a column by MiniLM sentence embeddings (agent/search/embed.py) of the phrase and of each
column's header words, only when the best column is both close (cosine >= `minimum`) and clearly
ahead of the runner-up (>= `margin`): two close columns abstain rather than guess. The model loads
on the first use (about 2 s); each phrase then costs one embedding (about 10-30 ms on 2 cores)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import time


from agent.router import vocabulary as V
from agent.router.embed_veto import wordnet_vetoes
from agent.router.lexicon import Lexicon, Meaning, header_words
from agent.router.reading import Item, Reading
from agent.router.tokens import Token

if TYPE_CHECKING:
    import numpy as np


def _vectors(lex: Lexicon) -> tuple[list[str], np.ndarray]:
    cached = lex.__dict__.get("_embedded")
    if cached is None:
        from agent.search.embed import MiniLM

        columns = list(lex.header_words)
        model = MiniLM()
        cached = (columns, model.embed([" ".join(header_words(c)) for c in columns]), model)
        lex.__dict__["_embedded"] = cached
    return cached[0], cached[1]


def embedding_link(phrase: str, lex: Lexicon, minimum: float, margin: float) -> tuple[str | None, str, float]:
    """(column or None, a note saying what was compared, elapsed ms) for one unmatched phrase."""
    started = time.perf_counter()
    columns, matrix = _vectors(lex)
    if len(columns) < 2:
        return None, "", 0.0
    scores = matrix @ lex.__dict__["_embedded"][2].embed([phrase])[0]
    import numpy as np
    order = np.argsort(-scores)
    best, second = float(scores[order[0]]), float(scores[order[1]])
    elapsed = (time.perf_counter() - started) * 1000
    if best >= minimum and best - second >= margin:
        return columns[order[0]], (f"read '{phrase}' as {columns[order[0]]} (embedding similarity {best:.2f}, "
                                   f"next {columns[order[1]]} {second:.2f})"), elapsed
    return None, "", elapsed


def embedding_links(tokens: list[Token], rest: list[int], lex: Lexicon, reading: Reading, minimum: float,
                     margin: float) -> list[int]:
    """Each unmatched phrase (adjacent words of `rest`, token positions) linked by embeddings when
    clearly one column (`minimum` cosine, `margin` over the runner-up): an Item marked similar and
    a note per link, added to `reading`. Returns the positions left unmatched."""
    groups: list[list[int]] = []
    for pos in rest:
        if groups and groups[-1][-1] == pos - 1:
            groups[-1].append(pos)
        else:
            groups.append([pos])
    kept = []
    for group in groups:
        phrase = " ".join(tokens[p].text for p in group)
        if phrase.lower() in V.PERIOD_WORDS:  # 'by month' asks to bucket a date, not for a date column as it is
            kept.extend(group)
            continue
        column, note, elapsed = embedding_link(phrase, lex, minimum, margin)
        reading.embedding_ms += elapsed
        if column is None or wordnet_vetoes(phrase, column):  # 'profit' is no `revenue`
            kept.extend(group)
            continue
        reading.notes.append(note)
        reading.items.append(Item(phrase, group[0], [Meaning("column", column)], similar=True))
    reading.items.sort(key=lambda it: it.pos)
    return kept
