"""Tiered classification of a question: computation or retrieval, with the words that decided it."""

from __future__ import annotations

import re

from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict

from agent.router import vocabulary as V
from agent.router.limits import two_values
from agent.router.word_scan import WordScan, text_words

if TYPE_CHECKING:
    from agent.router.lexicon import Lexicon
    from agent.router.reading import Reading


class Classification(BaseModel):
    """kind: what the question needs. tier: 1 aggregation words, 2 numeric comparisons,
    3 retrieval words, 0 nothing matched (defaults to computation: a failed computation is
    visible, a wrong retrieval answer is not). confidence in [0, 1]."""

    model_config = ConfigDict(defer_build=True)  # built when first used (agent/field_docs.py says why)

    kind: Literal["computation", "retrieval"]
    tier: int
    matched: list[str]
    confidence: float


def classify(question: str) -> Classification:
    """Tier 1 wins over tier 3 ("show me the total ..." is a computation); tier 3 wins over tier 2
    ("find transactions over $500" wants records). Confidence rises with the number of signals."""
    t1, t2, t3 = _cues(question)
    if t1:
        return Classification(kind="computation", tier=1, matched=t1 + t2,
                              confidence=min(0.99, 0.8 + 0.1 * (len(t1) - 1) - (0.2 if t3 else 0)))
    if t3:
        return Classification(kind="retrieval", tier=3, matched=t3 + t2, confidence=0.6 if t2 else 0.85)
    if t2:
        return Classification(kind="computation", tier=2, matched=t2, confidence=0.7)
    return Classification(kind="computation", tier=0, matched=[], confidence=0.3)


_TIERS = (V.TIER1, V.TIER2, V.TIER3)
_TIERS_LOWER = tuple(WordScan(re.compile(tier.pattern)) for tier in _TIERS)
"""The tier patterns without IGNORECASE, for ASCII text lowercased once (about 4x faster), each
run only over a question holding one of its lead words (agent/router/word_scan.py: the same matches)."""


def _cues(question: str) -> list[list[str]]:
    """The words of tiers 1, 2 and 3 found in `question`, each as written there. ASCII text is
    matched lowercase (only A-Z fold, so it matches what IGNORECASE would); other text as it is."""
    if not question.isascii():
        return [tier.findall(question) for tier in _TIERS]
    lowered = question.lower()
    words = text_words(lowered)
    return [[question[m.start():m.end()] for m in tier.matches(lowered, words)] for tier in _TIERS_LOWER]


class Kind(StrEnum):
    """What a question asks for, recognised from its words before any plan is built. aggregate
    covers aggregates, ratios and lookups (the planner's kinds); the others are typed queries."""

    aggregate = "aggregate"
    yes_no = "yes_no"
    statistic = "statistic"
    change = "change"
    frequency = "frequency"
    distinct = "distinct"
    file_order = "file_order"
    rank = "rank"
    select = "select"
    position = "position"
    """A row next to a named row, or which of two values comes first, in the table's order
    (read by agent/router/positions.py before the other kinds)."""


_ROW_ORDER = re.compile(r"\b(?:row[- ]?wise|in the (?:dataset|data ?set|file|table|database))\b", re.I)


def recognise(question: str, reading: "Reading", lex: "Lexicon") -> Kind:
    """The question's kind, from cue words in a fixed order (a yes/no question first: 'Is the
    highest X above 5' is a test, not a ranking)."""
    if V.YES_NO.search(question):
        return Kind.yes_no
    if reading.of("stat"):
        return Kind.statistic
    if reading.of("change") and (len(reading.of("number", "date")) >= 2 or _two_measures(reading, lex)
                                 or two_values(reading, mark=False) is not None):
        return Kind.change
    if V.FREQUENT.search(question):
        return Kind.frequency
    ranked = any(i.text.lower() not in V.COUNT_ORDER for i in reading.of("order"))
    if V.DISTINCT_LIST.search(question) and not V.COUNT_WORDS.search(question) and not ranked:
        return Kind.distinct  # 'the highest 3 different revenues' ranks distinct values instead
    time_words = [i for i in reading.of("time") if i.text.lower() in ("first", "last")]
    if time_words and (not lex.date_columns or _ROW_ORDER.search(question)):
        return Kind.file_order
    if any(i.text.lower() not in V.COUNT_ORDER or _magnitude(i, reading, lex) for i in reading.of("order")):
        return Kind.rank
    if V.LIST_START.search(question):
        return Kind.select
    return Kind.aggregate


def _magnitude(item, reading: "Reading", lex: "Lexicon") -> bool:
    """'the most steals': 'most' before a numeric column ranks by that column, not by a count."""
    nxt = reading.after(item)
    return item.text.lower() in ("most", "least", "fewest") and nxt is not None and nxt.kind == "column" \
        and nxt.column in lex.numeric_columns


def _two_measures(reading: "Reading", lex: "Lexicon") -> bool:
    """'the change from Q1 Budget to Q2 Budget': two numeric columns named, a change between them."""
    return len({i.column for i in reading.of("column") if i.column in lex.numeric_columns}) == 2
