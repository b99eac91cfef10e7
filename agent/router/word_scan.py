"""Exact, faster `pattern.finditer` for patterns of listed words ('\\b(?:total|how many|...)\\b'):
such a pattern can only match where a word starts, and only when that word is one of its lead
words (the first word of each phrase it lists), so `WordScan.matches` runs the pattern only over
a text holding one of them (a set test) and answers [] for the others. The lead words are derived
from the pattern itself (its finite list of phrases, through Python's own regex parser); a pattern
this cannot analyse, or a text holding a character a phrase may start with outside a word ('<' of
'[<>]=?'), is matched by `finditer` as before, so the matches are always finditer's."""

from __future__ import annotations

import itertools
import re

try:  # Python 3.11+
    from re import _constants as C
    from re import _parser as P
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as C
    import sre_parse as P

_RUN = re.compile(r"\w+")
_BOUNDARY = "\b"
"""The atom standing for a \\b in a phrase's expansion (a backspace never occurs in a question word)."""
_MAX_PHRASES = 10_000


class _Unsupported(Exception):
    """The pattern holds a construct the expansion does not follow."""


_ASCII_GAPS = bytes(c if _RUN.fullmatch(chr(c)) else ord(" ") for c in range(256))
"""A bytes.translate table: every ASCII character that is not a word character, as a space."""


def text_words(text: str) -> set[str]:
    """The maximal runs of word characters in `text` (ASCII text is split with str methods)."""
    if not text.isascii():
        return set(_RUN.findall(text))
    return set(text.encode("ascii").translate(_ASCII_GAPS).decode("ascii").split())


class WordScan:
    """`pattern`'s matches over a text, found by finditer only when a word a phrase of it may start
    with is in the text: most texts hold none of a pattern's lead words, and are never scanned."""

    def __init__(self, pattern: re.Pattern[str]):
        self.pattern = pattern
        self.leads: frozenset[str] | None = None
        """The words a match may start with; None: every text is matched by finditer."""
        self.symbols: frozenset[str] = frozenset()
        """Characters a phrase may start with outside a word: a text holding one uses finditer."""
        try:
            self.leads, self.symbols = _leads(pattern)
        except _Unsupported:
            self.leads = None

    def matches(self, text: str, words: set[str] | None = None) -> list[re.Match[str]]:
        """list(pattern.finditer(text)); `words` is text_words(text), when the caller has it."""
        if self.leads is not None and not any(s in text for s in self.symbols) \
                and self.leads.isdisjoint(text_words(text) if words is None else words):
            return []  # a match starts where a word starts, with one of the lead words
        return list(self.pattern.finditer(text))


def _leads(pattern: re.Pattern[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(lead words, symbol starts) of the pattern's phrases. A phrase must open with a \\b and a
    word that ends inside the phrase (a non-word character or a \\b after it), or with a non-word
    character; anything else raises _Unsupported."""
    if pattern.flags & (re.IGNORECASE | re.VERBOSE | re.MULTILINE | re.DOTALL):
        raise _Unsupported
    leads, symbols = set(), set()
    for phrase in _expand(list(P.parse(pattern.pattern))):
        if not phrase:
            raise _Unsupported
        if phrase[0] != _BOUNDARY:
            if _is_word(phrase[0]):
                raise _Unsupported  # a word matched anywhere, not only where a word starts
            symbols.add(phrase[0])
            continue
        word = ""
        for atom in phrase[1:]:
            if atom == _BOUNDARY or not _is_word(atom):
                break
            word += atom
        else:
            raise _Unsupported  # the word may go on past the phrase
        if not word:
            raise _Unsupported
        leads.add(word)
    return frozenset(leads), frozenset(symbols)


def _is_word(char: str) -> bool:
    return _RUN.fullmatch(char) is not None


def _expand(items: list) -> list[tuple[str, ...]]:
    """Every sequence of atoms (characters, _BOUNDARY) the parsed pattern `items` matches."""
    sequences: list[tuple[str, ...]] = [()]
    for op, arg in items:
        options = _options(op, arg)
        sequences = [s + o for s, o in itertools.product(sequences, options)]
        if len(sequences) > _MAX_PHRASES:
            raise _Unsupported
    return sequences


def _options(op, arg) -> list[tuple[str, ...]]:
    """The sequences one parsed item matches."""
    if op is C.LITERAL:
        return [(chr(arg),)]
    if op is C.AT and arg is C.AT_BOUNDARY:
        return [(_BOUNDARY,)]
    if op is C.BRANCH:
        return [s for branch in arg[1] for s in _expand(list(branch))]
    if op is C.SUBPATTERN:
        if arg[1] or arg[2]:
            raise _Unsupported  # inline flags
        return _expand(list(arg[3]))
    if op is C.MAX_REPEAT and arg[0] == 0 and arg[1] == 1:
        return [(), *_expand(list(arg[2]))]
    if op is C.IN and all(o is C.LITERAL for o, _ in arg):
        return [(chr(c),) for _, c in arg]
    raise _Unsupported
