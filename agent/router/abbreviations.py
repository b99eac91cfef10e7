"""Linking a question word to a short header that abbreviates it ('points' -> PTS, 'amount' -> AMT,
'weight' -> WT), and only when the header is a real short form of the word, not any letters of it
in order: 'pr' is not 'profit' and 'ga' is not 'goals' (GA is 'goals against', beside GF 'goals
for'). A short form is the word's start ('temp'), a contraction keeping its first and last letters
('pts', 'amt', 'qty'; two letters only this way: 'wt', 'ht'), or its consonants in order ('avg',
'pct', 'blk'). Abbreviation rules after the style guides' contractions and truncations (e.g. the
Chicago Manual of Style, 10.2-10.4); a two-letter contraction is weak evidence (it may name a
measure only, agent/router/verify), and none links when another short header of the table could
stand for the word too."""

from __future__ import annotations

from dataclasses import dataclass

from agent.router.lexicon_data import Lexicon
from agent.router.words import abbreviates, singular

_VOWELS = frozenset("aeiou")
AUXILIARIES = frozenset({"is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done", "has",
                         "have", "had", "having", "can", "could", "will", "would", "shall", "should", "may",
                         "might", "must", "get", "got", "gets"})
"""Auxiliary and modal verbs: no word of a header's expansion ('goals did' spells no GD)."""
MIN_WORD = 4
"""Shorter question words ('the', 'game' aside) are never read as expanded short headers."""


def is_abbreviation(short: str, word: str) -> bool:
    """True when `short` (lower case) is a short form of `word`: a prefix of 3+ letters ('temp'),
    a contraction keeping the first and last letters ('pts' of 'points', 'wt' of 'weight'), or 3+ of
    its consonants in order from its first letter ('avg', 'pct'). False for any other letters in
    order ('pr' of 'profit', 'ga' of 'goals', 'gd' of 'goods')."""
    if not abbreviates(short, word):
        return False
    if len(short) == 2:
        return short[1] == word[-1]
    return word.startswith(short) or short[-1] == word[-1] or not set(short[1:]) & _VOWELS


@dataclass(frozen=True)
class ShortLink:
    """A word linked to a short header: the column, and whether the link is weak (two letters)."""

    column: str
    weak: bool


def short_header_link(lex: Lexicon, word: str) -> ShortLink | None:
    """The one short header (Lexicon.abbreviations: 2-5 letters, upper case or without vowels)
    that abbreviates `word` (its singular and plural forms too), or None: when none does, when two
    do, or when the link is two letters and another short header starts with the same letter
    (GA beside GF and GD: 'goals' could be any of them)."""
    if len(word) < MIN_WORD:
        return None
    cache = lex.__dict__.setdefault("_short_links", {})
    if word not in cache:
        link = _short_header_link(lex, word)
        if len(cache) < _CACHED_WORDS:
            cache[word] = link
        return link
    return cache[word]


_CACHED_WORDS = 8192
"""Question words whose short-header link a lexicon keeps (each lexicon's headers fix the link)."""


def _short_header_link(lex: Lexicon, word: str) -> ShortLink | None:
    """short_header_link, uncached."""
    forms = {word, singular(word), word + "s"}
    found = {column for short, column in lex.abbreviations.items()
             if any(len(f) >= MIN_WORD and is_abbreviation(short, f) for f in forms)}
    if len(found) != 1:
        return None
    column = found.pop()
    short = column.strip().lower()
    if len(short) > 2:
        return ShortLink(column, weak=False)
    rivals = [c for s, c in lex.abbreviations.items() if c != column and s[:1] == short[:1]]
    rivals += [c for s, c in lex.acronyms.items() if c != column and s[:1] == short[:1]]
    return None if rivals else ShortLink(column, weak=True)
