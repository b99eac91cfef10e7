"""Percent and rate words that are not a ratio: 'rate' used as a verb ('employees rate their
satisfaction'), and a percent word beside a column whose header is itself a percentage ('the average
discount percentage' on 'Discount %'). Both turn the word's ratio item into a stop word."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.lexicon import Meaning
from agent.router.reading import Reading
from agent.router.tokens import Token


def rate_as_verb(tokens: list[Token], reading: Reading) -> None:
    """'employees rate their satisfaction': 'rate' before a possessive or 'the' is a verb, not a
    ratio; its item becomes a stop word."""
    for item in reading.items:
        nxt = tokens[item.pos + 1].lower if item.pos + 1 < len(tokens) else ""
        if item.kind == "ratio" and item.text.lower() in ("rate", "rates") and nxt in ("their", "its", "his", "her", "the", "our"):
            item.meanings, item.kind = [Meaning("stop")], "stop"


def percent_columns(reading: Reading) -> None:
    """'the average discount percentage' on a column 'Discount %': a percent word next to a column
    whose header is a percentage ('%', 'percent', 'pct') names that column, not a share of a total."""
    for item in reading.of("ratio"):
        if item.text.lower() not in V.PERCENT_WORDS:
            continue
        for near in (reading.at(item.pos - 1), reading.at(item.pos + 1)):
            if near is not None and near.kind == "column" and _percent_header(near.column):
                item.meanings, item.kind = [Meaning("stop")], "stop"
                reading.notes.append(f"read '{item.text}' as part of column {near.column} (a percentage column)")
                break


def _percent_header(column: str) -> bool:
    """True when a header says its values are percentages: 'Discount %', 'tax_pct', 'Win Percent'."""
    return "%" in column or bool({w.lower() for w in re.split(r"[^A-Za-z]+", column)} & V.PERCENT_WORDS)
