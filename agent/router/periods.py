"""Quarters and halves of a year ('the first quarter of 2024', 'Q3 2023', '2023 Q3', 'the second
half of 2022', 'H1 2024'), restated as the range of whole months they are ('from January 2024 to
March 2024') before the question is read, the range router/dates.py reads. Trial 5: 'the total
in the first quarter of 2024' was read as the earliest row of 2024. A quarter or half without its
year is left as written: the words stay unread and the question is refused naming them."""

from __future__ import annotations

import re

from agent.router.restating import has_digit, restate
from agent.router.vocabulary import MONTHS

PART_NOUNS = frozenset({"quarter", "half", "semester", "trimester"})
"""Nouns of a part of a year: after first/last they name a period, never the first/last row."""
PERIOD_NOUNS = frozenset({"week", "month", "fortnight", "day", "year"})
"""Nouns of a stretch of time: 'the first week of 2024' (followed by 'of') is a period of something
longer, not the first row; 'the first year' alone may be a table's first row of years."""


def names_a_period(word: str, following: str | None) -> bool:
    """True when `word` after first/last names a stretch of time rather than a row (see above)."""
    return word in PART_NOUNS or (word in PERIOD_NOUNS and following == "of")


_MONTHS = tuple(m.capitalize() for m in list(MONTHS)[:12])  # the full names come first
_ORDINAL = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_WORDS = re.compile(r"\b(?:the\s+)?(?P<which>first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(?P<kind>quarter|half)"
                    r"\s+(?:of\s+)?(?P<year>(?:19|20)\d\d)\b", re.I)
_QUARTER = re.compile(r"\b(?:Q(?P<q1>[1-4])\s*(?:of\s+)?(?P<y1>(?:19|20)\d\d)"
                      r"|(?P<y2>(?:19|20)\d\d)\s*-?\s*Q(?P<q2>[1-4]))\b")
_HALF = re.compile(r"\bH(?P<h>[12])\s*(?P<y>(?:19|20)\d\d)\b")


def _months(kind: str, number: int, year: str) -> str:
    size = 3 if kind == "quarter" else 6
    first, last = _MONTHS[(number - 1) * size], _MONTHS[number * size - 1]
    return f"from {first} {year} to {last} {year}"


def _words(match: re.Match) -> str:
    kind, which = match.group("kind").lower(), match.group("which").lower()
    number = (4 if kind == "quarter" else 2) if which == "last" else _ORDINAL[which]
    if kind == "half" and number > 2:
        return match.group()  # 'the third half': no such period; left unread
    return _months(kind, number, match.group("year"))


def period_ranges(question: str) -> tuple[str, str | None]:
    """(`question` with each quarter or half of a named year restated as its range of months, a
    note naming each, or None when there was none). 'last' is the fourth quarter, the second half."""
    if not has_digit(question):
        return question, None  # every pattern needs a year
    return restate(question, [
        (_WORDS, _words),
        (_QUARTER, lambda m: _months("quarter", int(m.group("q1") or m.group("q2")), m.group("y1") or m.group("y2"))),
        (_HALF, lambda m: _months("half", int(m.group("h")), m.group("y")))])
