"""Linking stage, last resort: a phrase that no exact name, header word or acronym matched is
linked to a column by MiniLM sentence embeddings (agent/search/embed.py) of the phrase and of each
column's header words, only when the best column is both close (cosine >= `minimum`) and clearly
ahead of the runner-up (>= `margin`): two close columns abstain rather than guess. The model loads
on the first use (about 2 s); each phrase then costs one embedding (about 10-30 ms on 2 cores)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import time


from agent.router.lexicon import Lexicon, header_words

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
