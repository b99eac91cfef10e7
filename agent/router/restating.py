"""Question text restated before it is read ('20% or more' -> 'at least 20%', 'on 3 March' ->
'on March 3', 'Q1 2024' -> 'from January 2024 to March 2024'): patterns applied in turn, each match
replaced by what its function returns, and every replacement noted in the words read."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]
"""A pattern and the text that replaces one match of it (the match itself: left as written)."""


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
