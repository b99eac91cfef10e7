"""A bound said twice, restated once: 'at least 20 points or more' is 'at least 20 points', 'at
least 4 or more points' is 'at least 4 points', 'at most 3 or fewer' is 'at most 3'. The trailing
'or more' repeats what 'at least' already says, so the question is read as the bound alone (and
the note says so). Only a trailing word of the same direction is dropped: 'at least 46 minutes
or under' (the two disagree) is left as written, for the later stages to refuse; a run of nouns
between the number and 'or more' is taken only when the question ends right after it ('at least
2 acts or more?'), so 'at least 20 points or more rebounds' is left as written too."""

from __future__ import annotations

import re

from agent.router import vocabulary as V

_UP_BOUNDS = ("at least", "no less than", "no fewer than", "a minimum of")
_DOWN_BOUNDS = ("at most", "no more than", "a maximum of")
_UP = frozenset({"more", "higher", "greater", "above", "over"})
_DOWN = frozenset({"less", "fewer", "lower", "below", "under"})
_NUMBER = r"-?[$€£]?\d[\d,]*(?:\.\d+)?%?|" + "|".join(sorted({"one", *V.NUMBER_WORDS}, key=len, reverse=True))
_BOUNDS = "|".join(b.replace(" ", r"\s+") for b in (*_UP_BOUNDS, *_DOWN_BOUNDS))
_SIDES = "|".join(sorted(_UP | _DOWN))
_TWICE = re.compile(r"\b(?P<bound>" + _BOUNDS + r")\s+(?P<number>" + _NUMBER + r")(?!\w)(?P<noun>(?:\s+[a-z]+){0,2}?)"
                    r"\s+or\s+(?P<side>" + _SIDES + r")\b(?!\s+than\b)", re.I)
_ENDS = re.compile(r"\s*(?:[?.!]\s*)?$")


def single_bounds(question: str) -> tuple[str, list[str]]:
    """(`question` with each bound said twice restated once, the notes "read 'X' as 'Y'")."""
    said: list[str] = []

    def once(match: re.Match[str]) -> str:
        bound = " ".join(match.group("bound").lower().split())
        up = bound in _UP_BOUNDS
        side = match.group("side").lower()
        noun = match.group("noun")
        if (side in _UP) != up or (noun and not _ENDS.fullmatch(question[match.end():])):
            return match.group()
        if noun and any(w.lower() in _UP | _DOWN | {"or", "and", "than"} for w in noun.split()):
            return match.group()
        text = f"{match.group('bound')} {match.group('number')}{noun}"
        said.append(f"read '{match.group()}' as '{text}' (the bound said once)")
        return text

    return _TWICE.sub(once, question), said
