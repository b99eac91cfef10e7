"""Layout before a question: a list marker ('2.', '3)', '(4)', '-', '*', 'Q5:') opening the text
numbers the question, it asks nothing. Dropped before the question is read, and noted."""

from __future__ import annotations

import re

_MARKER = re.compile(r"^\s*(?:\(?\d{1,3}[.)]|\(\d{1,3}\)|[Qq]\d{1,3}[.:)]|[-*•])\s+(?=\S)")


def drop_layout(question: str) -> tuple[str, str | None]:
    """(question without its opening list marker, a note naming the marker, or None when there is
    none). '2. What is the mean price?' -> ('What is the mean price?', "dropped the list marker '2.'");
    '2.5 million rows?' and '3 rows' keep their numbers (a marker needs '.' or ')' then a space)."""
    match = _MARKER.match(question)
    if match is None:
        return question, None
    marker = match.group().strip()
    return question[match.end():], f"dropped the list marker '{marker}' (layout, not part of the question)"
