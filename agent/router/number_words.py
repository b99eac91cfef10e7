"""Number words the router reads only in one place: 'zero' and 'one' right after a comparison
('more than one title', 'a magnitude greater than zero', 'at least one'). Anywhere else 'one' is
a pronoun or an article ('the one before', 'one of the'), and 'zero' may be a value ('Zero', a
song title), so neither is read as a number there (vocabulary.NUMBER_WORDS leaves them out)."""

from __future__ import annotations

from agent.router import vocabulary as V
from agent.router.tokens import Token

COMPARED_NUMBER_WORDS = {"zero": 0.0, "one": 1.0}
_AFTER = frozenset(p for p, op in V.COMPARISONS.items() if op in (">", ">=", "<", "<=") and p[0].isalpha()
                   and p not in ("after", "before", "since", "until", "till", "or more"))
"""The comparisons a count or size follows ('more than', 'at least', 'under'); not the order words
of dates ('after', 'before', 'since', 'until') and not 'or more', which follows its number."""


def compared_number_word(tokens: list[Token], i: int) -> float | None:
    """The number tokens[i] spells when it is 'zero' or 'one' right after a comparison phrase
    ('more than one' -> 1.0), else None. `tokens`: the question's tokens; `i`: a position in them."""
    word = tokens[i].lower
    if word not in COMPARED_NUMBER_WORDS or i + 1 < len(tokens) and tokens[i + 1].lower == "of":
        return None  # 'more than one of the ...' says a share of something, not a threshold
    for phrase in _AFTER:
        words = phrase.split()
        if i >= len(words) and [t.lower for t in tokens[i - len(words):i]] == words:
            return COMPARED_NUMBER_WORDS[word]
    return None
