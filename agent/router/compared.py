"""Restating two wordings of a difference between two rows into the ones their readers know:

- 'how many more locks does A have compared to B' (also 'compared with'): with a comparative of
  amount ('more', 'fewer', 'less') or of a measure ('taller') right after 'how many'/'how much' and
  no 'than', 'compared to' says what 'than' says; restated as 'than', read by router/differences.py;
- 'what is the difference in area for A and B' / 'the difference area for A and B': with
  'difference' and no 'between', the one 'for' after 'difference' with one 'and' after it sets out
  the two sides as 'between' does; restated as 'between', read by router/between.py.

Pure text: the restated question is read as any other, so the readers and the verifier (every word
accounted for, both sides one cell of one row each, one numeric column named) decide; a shape that
fits neither wording is returned unchanged. The note names the words restated."""

from __future__ import annotations

import re

from agent.router.differences import COMPARATIVES, MORE
from agent.router.restating import may_say

_WORD = re.compile(r"[A-Za-z]+")
_COMPARED = re.compile(r"\bcompared\s+(?:to|with)\b", re.IGNORECASE)


def compared_reading(question: str) -> tuple[str, str | None]:
    """(`question` restated, a note naming the restated words) for the two wordings above, or
    (`question`, None) when it holds neither."""
    if not may_say(question, ("compared", "difference")):
        return question, None  # each wording needs one of them
    words = [m.group().lower() for m in _WORD.finditer(question)]
    compared = _COMPARED.search(question)
    if compared and "than" not in words and len(words) > 3 and words[0] == "how" and words[1] in ("many", "much") \
            and (words[2] in MORE or words[2] in COMPARATIVES) and len(_COMPARED.findall(question)) == 1:
        return (question[:compared.start()] + "than" + question[compared.end():],
                f"read '{compared.group()}' as 'than' (a difference of two rows)")
    return _for_as_between(question, words)


def _for_as_between(question: str, words: list[str]) -> tuple[str, str | None]:
    """'difference ... for A and B' restated as 'difference ... between A and B': only with one
    'difference', no 'between', one 'for' after 'difference' and one 'and' after that 'for'."""
    if words.count("difference") != 1 or "between" in words or words.count("for") != 1:
        return question, None
    at, fors = words.index("difference"), words.index("for")
    if fors < at or words[fors + 1:].count("and") != 1 or words.count("and") != 1:
        return question, None
    match = re.search(r"\bfor\b", question, re.IGNORECASE)
    return (question[:match.start()] + "between" + question[match.end():],
            f"read '{match.group()}' after 'difference' as 'between' (the two rows compared)")
