"""Dates written day first ('on 3 March', 'from 2 March to 5 March', 'the 3rd of March'), restated
month first ('on March 3') before the question is read, the form router/dates.py reads as one day.
Only a day number (1-31) right after a word that introduces a date (on, from, to, since, after,
before, between, and, until, by) or in 'the <day>th of <month>' is moved: 'top 3 March sales'
and '5 March orders' are left as written."""

from __future__ import annotations

import re

from agent.router.restating import has_digit, restate
from agent.router.vocabulary import MONTHS

_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_LEAD = r"on|from|to|through|thru|until|till|since|after|before|between|and|by"
_AFTER_LEAD = re.compile(rf"\b(?P<lead>{_LEAD})\s+(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)?\s+(?:of\s+)?"
                         rf"(?P<month>{_MONTH})\b", re.I)
_THE_OF = re.compile(rf"\bthe\s+(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)\s+of\s+(?P<month>{_MONTH})\b", re.I)


def day_first_dates(question: str) -> tuple[str, str | None]:
    """(`question` with each day-first date restated month first, a note naming each, or None when
    there was none)."""
    if not has_digit(question):
        return question, None  # both patterns need a day number
    return restate(question, [(_THE_OF, lambda m: f"{m.group('month')} {m.group('day')}"),
                              (_AFTER_LEAD, lambda m: f"{m.group('lead')} {m.group('month')} {m.group('day')}")])
