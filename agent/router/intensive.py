"""Per-row quantities told by WordNet 3.0: a column whose header's head noun is, in its first
sense, a feeling, a state or an attribute (WordNet's lexicographer files noun.feeling, noun.state,
noun.attribute: satisfaction, happiness, mood, weight, depth, quality) holds a value each row has,
not an amount rows add up to; a group's total of it ranks the group's size ('which team is the most
satisfied' is not the team whose 1-5 scores sum highest). The planner then asks whether the average,
the total or the highest value is meant (agent/router/planner.py)."""

from __future__ import annotations

from functools import lru_cache

from agent.router import wordnet as W
from agent.router.words import header_words

INTENSIVE_FILES = frozenset({"noun.feeling", "noun.state", "noun.attribute"})
"""WordNet lexicographer files of nouns that name a degree or property of one thing."""


@lru_cache(maxsize=4096)
def intensive_header(column: str) -> bool:
    """True when the last alphabetic word of `column`'s header (its head noun: 'satisfaction' of
    `customer_satisfaction`) has a first noun sense in INTENSIVE_FILES; False without WordNet or
    for a word WordNet knows no noun of."""
    wn = W.wordnet()
    words = [w for w in header_words(column) if w.isalpha() and len(w) > 2]
    if wn is None or not words:
        return False
    head = words[-1]
    senses = wn.synsets(wn.morphy(head, "n") or head, "n")
    return bool(senses) and senses[0].lexname() in INTENSIVE_FILES
