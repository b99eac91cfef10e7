"""A check on embedding links (agent/router/embed_link.py): sentence embeddings put related
concepts close ('profit' and `revenue`, 'goals' and `GA`), and similarity cannot tell a quantity
from its sibling. When WordNet 3.0 knows the question's word and every word of the column's header
as nouns, the link stands only if one of the word's first senses is a sense of a header word or
lies within two hypernym steps of one (price.n.02 is a kind of cost.n.01); otherwise WordNet says
they name different things (profit is net income, revenue is a gross sum) and the word stays
unmatched, so the router refuses naming it."""

from __future__ import annotations

from functools import lru_cache

from agent.router import wordnet as W
from agent.router.words import header_words

QUESTION_SENSES = 2
HEADER_SENSES = 6
STEPS = 2
"""Hypernym steps between two senses that still count as one thing ('price' a kind of 'cost')."""


def wordnet_vetoes(phrase: str, column: str) -> bool:
    """True when WordNet knows the one-word `phrase` and every alphabetic word of `column`'s header
    as nouns and no sense of the word is, or lies within STEPS hypernym steps of, a sense of a
    header word. False when WordNet is missing, the phrase has several words, or any word is
    unknown to WordNet (an abbreviation: 'bmi')."""
    words = [w for w in header_words(column) if w.isalpha()]
    if " " in phrase.strip() or not phrase.isalpha() or not words or W.wordnet() is None:
        return False
    mine = _near(phrase.lower(), QUESTION_SENSES)
    if not mine[0]:
        return False  # no noun sense ('manage'): no judgement
    theirs = [_near(w, HEADER_SENSES) for w in words]
    if not all(own for own, _ in theirs):
        return False  # a header word WordNet does not know ('lang'): no judgement
    return not any(_related(mine, t) for t in theirs)


def _related(a: tuple[frozenset[str], frozenset[str]], b: tuple[frozenset[str], frozenset[str]]) -> bool:
    return bool(a[0] & b[1] or b[0] & a[1])


@lru_cache(maxsize=8192)
def _near(word: str, n: int) -> tuple[frozenset[str], frozenset[str]]:
    """(the word's first `n` noun senses, those senses with their hypernyms up to STEPS steps), or
    two empty sets when WordNet knows no noun `word`."""
    wn = W.wordnet()
    base = wn.morphy(word, "n") or word
    own = wn.synsets(base, "n")[:n]
    reach, frontier = set(own), list(own)
    for _ in range(STEPS):
        frontier = [h for s in frontier for h in s.hypernyms() + s.instance_hypernyms()]
        reach |= set(frontier)
    return frozenset(s.name() for s in own), frozenset(s.name() for s in reach)
