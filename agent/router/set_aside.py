"""Restating 'other' beside a negation that sets a value aside: 'what other film is in malayalam
besides koothara?' -> 'what film is in malayalam besides koothara?'. With one of
vocabulary.EXCLUDING in the question ('besides', 'other than', 'aside from', 'except'), a word
'other' or 'another' elsewhere says only what that negation says: the value named after it is
set aside (Film != 'Koothara', read by router/conditions.py; router/which_rows.py lists the
labels the other conditions pick). Pure text, as router/compared.py: the restated question is
read and verified as any other; without such a negation the question is returned unchanged."""

from __future__ import annotations

import re

from agent.router import vocabulary as V
from agent.router.restating import may_say

_EXCLUDING = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, V.EXCLUDING), key=len, reverse=True)) + r")\b",
                        re.IGNORECASE)
_OTHER = re.compile(r"\b(?:other|another)\b(?!\s+than\b)\s*", re.IGNORECASE)


def set_aside_reading(question: str) -> tuple[str, str | None]:
    """(`question` without its 'other'/'another', a note naming them) when a negation of
    vocabulary.EXCLUDING sets a value aside; (`question`, None) otherwise."""
    if not may_say(question, ("other",)) or not _EXCLUDING.search(question) or not _OTHER.search(question):
        return question, None
    words = [m.group().strip() for m in _OTHER.finditer(question)]
    return _OTHER.sub("", question), f"read {', '.join(map(repr, words))} as the value the negation sets aside"
