"""Question text restated before it is read ('20% or more' -> 'at least 20%', 'on 3 March' ->
'on March 3', 'Q1 2024' -> 'from January 2024 to March 2024'): patterns applied in turn, each match
replaced by what its function returns, and every replacement noted in the words read."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]
"""A pattern and the text that replaces one match of it (the match itself: left as written)."""


_DIGIT = re.compile(r"\d")


def has_digit(text: str) -> bool:
    """True when `text` holds a decimal digit as a regex's \\d reads one (of any script): a rule
    whose pattern needs one can be skipped for a text without."""
    return _DIGIT.search(text) is not None


def may_say(text: str, needles: Iterable[str]) -> bool:
    """False only when `text` surely holds none of the lowercase `needles`, in any case: an ASCII
    text whose lowercase form contains none of them. A text in another script may always say them
    (a case-insensitive pattern folds some letters, 'ſ' to 's', that str.lower does not)."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(n in low for n in needles)


def restate(question: str, rules: Sequence[Rule]) -> tuple[str, str | None]:
    """(`question` with each rule applied in order, "read 'X' as 'Y'" for each match replaced,
    joined by '; ', or None when no match changed)."""
    said: list[str] = []

    def noted(replace: Callable[[re.Match[str]], str]) -> Callable[[re.Match[str]], str]:
        def run(match: re.Match[str]) -> str:
            text = replace(match)
            if text != match.group():
                said.append(f"read '{match.group()}' as '{text}'")
            return text
        return run

    for pattern, replace in rules:
        question = pattern.sub(noted(replace), question)
    return question, ("; ".join(said) if said else None)
