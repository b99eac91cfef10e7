"""Why a text column is not numbers, in words from its own cells, for the refusal of an aggregate
that needs numbers ('the total weight' over cells '12.5 kg'): several currencies, a unit written in
the cells, numbers written with words beside them, or plain text. Never a reading: the column stays
text, and the reason only tells the person what the cells hold."""

from __future__ import annotations

import re

from agent.numbers import _NUMBERISH, currencies

_WITH_WORD = re.compile(r"\(?\s*[-+]?[$€£¥]?\s*\d[\d.,]*\s*%?\s*\)?\s*([^\W\d_][^\d]{0,11}?)\.?", re.UNICODE)
"""A number followed by one short word or symbol ('12.5 kg', '3 km/h', '18\u00a0mm', '5 stars')."""


def why_not_numbers(cells: list[str]) -> str:
    """A clause naming what the text `cells` (a column's first distinct present values, as
    written; up to a few) hold, for "it is categorical, not numeric: <clause>": e.g. "its cells
    are in several currencies (EUR, USD: '$49.99', '€34.50'), which no one number adds up", "its
    cells carry the word 'kg' after each number ('12.5 kg', '3 kg'), which Tally does not read as
    numbers", or "cells such as 'North', 'South'". Empty for no cells."""
    cells = [" ".join(c.split()) for c in cells if isinstance(c, str) and c.strip()]
    if not cells:
        return ""
    shown = _shown(cells[:3])
    found = currencies(cells)
    if len(found) > 1:
        each = [next(c for c in cells if currencies([c]) == {code}) for code in sorted(found)
                if any(currencies([c]) == {code} for c in cells)]
        return (f"its cells are in several currencies ({', '.join(sorted(found))}: {_shown(each or cells[:3])}), "
                "which no one number adds up")
    words = {m.group(1).strip() for c in cells if (m := _WITH_WORD.fullmatch(c))}
    if all(_WITH_WORD.fullmatch(c) for c in cells):
        if len(words) == 1:
            return f"its cells carry the word {next(iter(words))!r} after each number ({shown}), which Tally does not read as numbers"
        return f"its cells carry different words after their numbers ({shown}), which no one number adds up"
    if sum(bool(_NUMBERISH.fullmatch(c)) for c in cells) * 2 >= len(cells):
        return f"some cells are numbers and some are not ({shown})"
    return f"cells such as {shown}"


def _shown(cells: list[str]) -> str:
    return ", ".join(repr(c) for c in cells)
