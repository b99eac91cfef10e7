"""Tiered classification of a question: computation or retrieval, with the words that decided it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from agent.router import vocabulary as V


class Classification(BaseModel):
    """kind: what the question needs. tier: 1 aggregation words, 2 numeric comparisons,
    3 retrieval words, 0 nothing matched (defaults to computation: a failed computation is
    visible, a wrong retrieval answer is not). confidence in [0, 1]."""

    kind: Literal["computation", "retrieval"]
    tier: int
    matched: list[str]
    confidence: float


def classify(question: str) -> Classification:
    """Tier 1 wins over tier 3 ("show me the total ..." is a computation); tier 3 wins over tier 2
    ("find transactions over $500" wants records). Confidence rises with the number of signals."""
    t1, t2, t3 = V.TIER1.findall(question), V.TIER2.findall(question), V.TIER3.findall(question)
    if t1:
        return Classification(kind="computation", tier=1, matched=t1 + t2,
                              confidence=min(0.99, 0.8 + 0.1 * (len(t1) - 1) - (0.2 if t3 else 0)))
    if t3:
        return Classification(kind="retrieval", tier=3, matched=t3 + t2, confidence=0.6 if t2 else 0.85)
    if t2:
        return Classification(kind="computation", tier=2, matched=t2, confidence=0.7)
    return Classification(kind="computation", tier=0, matched=[], confidence=0.3)
